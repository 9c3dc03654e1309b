/**
 * operatingPoint: a nonlinear description at an equilibrium (formulation.md section 12, "Jacobian for
 * linearisation"): x* with f(x*, u0, t0) = 0 by linearise (damped Newton), the linearisation A, B, C, D there,
 * the law variables read off the model (states, and probe outputs for v and i), their incremental values, and
 * the linear description with each law replaced by its incremental value (the independent linear path).
 */
import { SysgraphError } from '@sysgraph/core';
import type { OnePort, SystemDescription } from '@sysgraph/description';
import { createExpressionParser } from '@sysgraph/description';
import { createNonlinearMath, linearise } from '@sysgraph/formulation';
import type { Linearisation } from '@sysgraph/formulation';
import { buildNonlinear } from './build-nonlinear';
import type { NonlinearBuild } from './build-nonlinear';
import { incrementalValue } from './incremental-value';
import type { IncrementalValue } from './incremental-value';

export interface OperatingPointOptions {
  /** Constant inputs by name; absent inputs are 0. */
  readonly inputs?: Readonly<Record<string, number>>;
  /** Newton's starting state by name; absent states start at 0. */
  readonly guess?: Readonly<Record<string, number>>;
  /** The time of a time-varying system's operating point; default 0. */
  readonly time?: number;
}

export interface OperatingPoint {
  readonly build: NonlinearBuild;
  /** The linearisation, restricted to the description's outputs. */
  readonly linearisation: Linearisation;
  readonly values: readonly IncrementalValue[];
  /** The description with every law replaced by its incremental value at the operating point. */
  readonly linear: SystemDescription;
  /** The law elements whose law depends on t: the frozen linear model omits their ∂/∂t terms. */
  readonly timeVarying: readonly string[];
}

const STATE_OF: Readonly<Record<string, string>> = { q: 'charge', lambda: 'flux', v: 'across', i: 'through' };

export function operatingPoint(desc: SystemDescription, opts: OperatingPointOptions = {}, build?: NonlinearBuild): OperatingPoint {
  const b = build ?? buildNonlinear(desc, { probes: true });
  const full = linearise(b.result, { inputs: opts.inputs, guess: opts.guess, time: opts.time });
  const p = b.outputs;
  const lin: Linearisation = { ...full, outputs: full.outputs.slice(0, p), y: full.y.slice(0, p), C: full.C.slice(0, p), D: full.D.slice(0, p) };
  const nm = createNonlinearMath();
  const states = b.result.system.states;
  const at = (e: OnePort): number => {
    const variable = e.law && 'variable' in e.law ? e.law.variable : undefined;
    const k = states.findIndex((x) => x.element === e.id && x.quantity === STATE_OF[variable ?? '']);
    if (k >= 0) return full.x[k];
    const probe = b.probes.find((q) => q.element === e.id);
    if (probe) return full.y[probe.row];
    throw new SysgraphError('unsupported', `${e.id}: the law variable is neither a state nor an across or through variable`, {
      element: e.id,
      field: 'law',
      expected: 'a law in v, i, q or lambda',
    });
  };
  const values = desc.oneports.filter((e) => e.law !== undefined).map((e) => incrementalValue(e, at(e), full.t, desc.parameters, nm));
  const parser = createExpressionParser();
  const byId = new Map(values.map((v) => [v.element, v]));
  const oneports = desc.oneports.map((e): OnePort => {
    const v = byId.get(e.id);
    if (!v) return e;
    const { law: _law, ...rest } = e;
    const value = parser.fromNumber(v.value);
    return { ...rest, value, userValue: value };
  });
  const timeVarying = desc.oneports.filter((e) => e.law !== undefined && 'usesTime' in e.law && e.law.usesTime).map((e) => e.id);
  return { build: b, linearisation: lin, values, linear: { ...desc, oneports }, timeVarying };
}
