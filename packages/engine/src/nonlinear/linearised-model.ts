/**
 * linearisedModel: a description with laws as the linear model of its deviations at an operating point
 * (formulation.md section 12, "Jacobian for linearisation"; docs/nonlinear.md):
 *
 *   f(x*, u0, t0) = 0  (damped Newton, linearise),   δx' = A δx + B δu,   δy = C δx + D δu + E δu'
 *   A = ∂f/∂x,  B = ∂f/∂u,  C = ∂g/∂x,  D = ∂g/∂u  at (x*, u0, t0).
 *
 * The analyses (poles, H(s)) of a nonlinear model are those of this linear model; `at` says which point it is.
 */
import type { NumericModel } from '@sysgraph/analysis';
import { linearise } from '@sysgraph/formulation';
import type { CompiledModel } from '../compiled-model';
import { lawElements } from './law-elements';
import type { OperatingPointOptions } from './operating-point';

/** The operating point of a linearisation: constant inputs, Newton's start, the time (operating-point.ts). */
export type LinearisationPoint = OperatingPointOptions;

/** Where a nonlinear model was linearised: the equilibrium x*, the inputs u0, the outputs y*, the time t0. */
export interface LinearisedAt {
  readonly t: number;
  readonly states: Readonly<Record<string, number>>;
  readonly inputs: Readonly<Record<string, number>>;
  readonly outputs: Readonly<Record<string, number>>;
  /** Newton iterations to the equilibrium. */
  readonly iterations: number;
  /** The elements given by laws, linearised there. */
  readonly laws: readonly string[];
}

export type NamedModel = NumericModel & { readonly states: readonly string[]; readonly inputs: readonly string[]; readonly outputs: readonly string[] };

const record = (names: readonly string[], values: ArrayLike<number>): Record<string, number> => Object.fromEntries(names.map((n, k) => [n, values[k]]));

export function linearisedModel(model: CompiledModel, point: LinearisationPoint = {}): { readonly model: NamedModel; readonly at: LinearisedAt } {
  const build = model.nonlinear();
  const lin = linearise(build.result, { inputs: point.inputs, guess: point.guess, time: point.time });
  // The description's outputs are g's first rows (build-nonlinear.ts); probe outputs, if any, follow.
  const p = build.outputs;
  const outputs = lin.outputs.slice(0, p);
  return {
    model: { A: lin.A, B: lin.B, C: lin.C.slice(0, p), D: lin.D.slice(0, p), E: lin.E.slice(0, p), states: lin.states, inputs: lin.inputs, outputs },
    at: {
      t: lin.t,
      states: record(lin.states, lin.x),
      inputs: record(lin.inputs, lin.u),
      outputs: record(outputs, lin.y),
      iterations: lin.iterations,
      laws: lawElements(model.description),
    },
  };
}

/** The operating point in words: "the linearisation at x* = (…), u0 = (…), t = 0". */
export function describePoint(at: LinearisedAt): string {
  const list = (r: Readonly<Record<string, number>>) => Object.entries(r).map(([n, v]) => `${n} = ${Number(v.toPrecision(6))}`).join(', ') || '(none)';
  return `the linearisation of ${at.laws.join(', ')} at the equilibrium ${list(at.states)} for the inputs ${list(at.inputs)}, t = ${at.t}`;
}
