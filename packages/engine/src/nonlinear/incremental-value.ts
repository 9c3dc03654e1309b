/**
 * incrementalValue: the generalised value (C, L or R) of a law element at a point of its law, the slope that
 * replaces the law in the linear model there (formulation.md section 12, "Jacobian for linearisation"):
 *   A-type  q = Q(v): C = dQ/dv        v = V(q): C = 1 / (dV/dq)
 *   T-type  λ = Φ(i): L = dΦ/di        i = I(λ): L = 1 / (dI/dλ)
 *   D-type  v = f(i): R = df/di        i = g(v): R = 1 / (dg/dv)
 * The derivative is mathjs's (createNonlinearMath), evaluated by compileClosure at the law variable and time.
 */
import { SysgraphError } from '@sysgraph/core';
import type { OnePort } from '@sysgraph/description';
import { compileClosure } from '@sysgraph/formulation';
import type { NonlinearMath } from '@sysgraph/formulation';

export interface IncrementalValue {
  readonly element: string;
  /** The law's variable (v, i, q or lambda) and its value at the point. */
  readonly variable: string;
  readonly at: number;
  /** d(law)/d(variable) there, and the generalised value C, L or R it gives. */
  readonly slope: number;
  readonly value: number;
}

export function incrementalValue(e: OnePort, at: number, time: number, parameters: ReadonlyMap<string, number | null>, nm: NonlinearMath): IncrementalValue {
  const law = e.law;
  if (!law || !('expression' in law)) {
    throw new SysgraphError('unsupported', `${e.id}: only explicit laws have an incremental value here`, {
      element: e.id,
      field: 'law',
      expected: 'a law of the form { "<form>": "expression" }',
    });
  }
  const constants = new Map([...parameters].filter((p): p is [string, number] => p[1] !== null));
  const slot = new Map([[law.variable, 0], ['t', 1]]);
  const derivative = compileClosure(nm.derivative(law.expression.node, law.variable, e.id), { slots: slot, constants }, e.id);
  const slope = derivative(Float64Array.of(at, time));
  const direct = law.form === 'charge' || law.form === 'flux' || (law.form === 'across' && e.type === 'D');
  const value = direct ? slope : 1 / slope;
  if (!Number.isFinite(value) || value === 0) {
    throw new SysgraphError('bad-law', `${e.id}: the law's slope at ${law.variable} = ${at} is ${slope}; the linear model has no finite, nonzero value there`, {
      element: e.id,
      field: `law.${law.form}`,
      expected: 'a law with a finite, nonzero slope at the operating point',
    });
  }
  return { element: e.id, variable: law.variable, at, slope, value };
}
