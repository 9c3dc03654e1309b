/**
 * deriveNonlinear: a nonlinear equation set as x' = f(t, x, u, u'), y = g(t, x, u, u') by explicit substitution:
 * the variables are evaluated in an order where each follows the variables its right side uses (a depth-first
 * topological order of the definitions), then the state equations. Refused, each naming the line:
 *   - an algebraic loop among the variables ('unsupported': the nonlinear set would need a Newton solve per step);
 *   - a derivative of a state or variable on a right side (dependent storage in a nonlinear set);
 *   - a parameter used without a value ('missing-parameter-value').
 * Evaluation walks the validated expression trees (description's evaluateExpression; nothing is eval'ed).
 */
import { SysgraphError } from '@sysgraph/core';
import { evaluateExpression } from '@sysgraph/description';
import { derivativeName, derivativeOf } from './derivative-name';
import type { EquationFunctions, NonlinearEquationModel } from './equation-model';
import type { Equation, EquationSet } from './types';

export function deriveNonlinear(set: EquationSet, why: { equation: Equation; reason: string }): NonlinearEquationModel {
  const byVariable = new Map(set.equations.filter((e) => e.section !== 'states').map((e) => [e.defines, e]));
  for (const eq of set.equations) {
    for (const s of eq.rhs.parameters) {
      const base = derivativeOf(s);
      if (base !== undefined && set.kinds.get(base) !== 'input') {
        throw new SysgraphError('unsupported', `${eq.where}: ${base}' on the right side of a nonlinear set (${why.equation.where} ${why.reason}); derivatives of states and variables are eliminated in linear sets only`, {
          element: eq.defines,
          field: eq.section,
          path: eq.where,
          expected: "no x' or v' on a right side of a nonlinear set (dependent storage): write it with independent states",
        });
      }
      if (set.kinds.get(s) === 'parameter' && set.parameters.get(s) === null) {
        throw new SysgraphError('missing-parameter-value', `${eq.where}: the parameter ${s} has no value; a nonlinear set is simulated in numbers`, { element: s, field: 'parameters', path: eq.where, expected: `a value for ${s} in [parameters]` });
      }
    }
  }
  // depth-first order of the variables; a back edge is an algebraic loop
  const order: Equation[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (v: string, path: Equation[]) => {
    const eq = byVariable.get(v)!;
    if (state.get(v) === 'done') return;
    if (state.get(v) === 'open') {
      const loop = path.slice(path.indexOf(eq));
      throw new SysgraphError('unsupported', `${eq.where}: an algebraic loop in a nonlinear set through ${loop.map((q) => `${q.defines} (${q.where})`).join(', ')}`, {
        element: eq.defines,
        field: eq.section,
        path: eq.where,
        elements: loop.map((q) => q.where),
        expected: 'nonlinear equations that can be solved one after another (no variable defined through itself)',
      });
    }
    state.set(v, 'open');
    for (const s of eq.rhs.parameters) if (byVariable.has(s)) visit(s, [...path, eq]);
    state.set(v, 'done');
    order.push(eq);
  };
  for (const v of set.variables) visit(v, []);
  const stateEqs = set.equations.filter((e) => e.section === 'states');

  const values = new Map<string, number | null>(set.parameters);
  const du = set.inputs.map(derivativeName);
  const load = (t: number, x: Float64Array, u: Float64Array, dudt: Float64Array) => {
    set.states.forEach((s, i) => values.set(s, x[i]));
    set.inputs.forEach((s, i) => {
      values.set(s, u[i]);
      values.set(du[i], dudt[i]);
    });
    for (const eq of order) values.set(eq.defines, evaluateExpression(eq.rhs, values, t));
  };
  const model: EquationFunctions = {
    kind: 'nonlinear',
    stateNames: set.states,
    inputNames: set.inputs,
    outputNames: set.outputs,
    f(t, x, u, dudt, dxdt) {
      load(t, x, u, dudt);
      for (let i = 0; i < stateEqs.length; i++) dxdt[i] = evaluateExpression(stateEqs[i].rhs, values, t);
    },
    g(t, x, u, dudt, y) {
      load(t, x, u, dudt);
      for (let i = 0; i < set.outputs.length; i++) y[i] = values.get(set.outputs[i]) as number;
    },
  };
  return {
    kind: 'nonlinear',
    name: set.name,
    ...(set.title !== undefined ? { title: set.title } : {}),
    states: set.states,
    inputs: set.inputs,
    outputs: set.outputs,
    parameters: set.parameters,
    order: [...order, ...stateEqs],
    why: { equation: why.equation, reason: why.reason },
    model,
    notes: [`${why.equation.where} (${why.equation.text}): ${why.reason}, so the set is nonlinear: x' = f(t, x, u, u') by substitution in the order ${order.map((q) => q.defines).join(', ')}`],
  };
}
