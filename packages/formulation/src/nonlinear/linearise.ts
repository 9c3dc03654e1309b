/**
 * linearise: the linear model at an operating point (formulation.md section 12, "Jacobian for linearisation"):
 * the equilibrium x* with f(x*, u0, t0) = 0 for constant inputs u0, by damped Newton on ∂f/∂x, then
 *   A = ∂f/∂x,  B = ∂f/∂u,  C = ∂g/∂x,  D = ∂g/∂u,  E = ∂g/∂u'   at (x*, u0, u0' = 0, t0)
 * for deviations δx' = A δx + B δu, δy = C δx + D δu + E δu'.
 */
import { SysgraphError } from '@sysgraph/core';
import { LuDecomposition, Matrix } from 'ml-matrix';
import type { NonlinearResult } from './nonlinear-model';

export interface LinearisationOptions {
  /** Constant inputs, by name; absent inputs are 0. */
  readonly inputs?: Readonly<Record<string, number>>;
  /** Starting guess of the state, by name; absent states start at 0. */
  readonly guess?: Readonly<Record<string, number>>;
  /** The time of a time-varying system's operating point; default 0. */
  readonly time?: number;
  /** Newton stops when ‖f‖∞ ≤ tolerance·(1 + ‖x‖∞) and the last step was as small; default 1e-12. */
  readonly tolerance?: number;
  readonly maxIterations?: number;
}

export interface Linearisation {
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** The operating point: equilibrium state, inputs, outputs and time. */
  readonly x: Float64Array;
  readonly u: Float64Array;
  readonly y: Float64Array;
  readonly t: number;
  readonly A: number[][];
  readonly B: number[][];
  readonly C: number[][];
  readonly D: number[][];
  /** Coefficient of δu' in the outputs (outputs that read i_S or v_Γ). */
  readonly E: number[][];
  readonly iterations: number;
}

export function linearise(nl: NonlinearResult, opts: LinearisationOptions = {}): Linearisation {
  const sys = nl.system;
  const ev = nl.evaluate;
  const t = opts.time ?? 0;
  const tol = opts.tolerance ?? 1e-12;
  const maxIterations = opts.maxIterations ?? 100;
  const u = Float64Array.from(sys.inputs, (name) => opts.inputs?.[name] ?? 0);
  for (const name of Object.keys(opts.inputs ?? {})) {
    if (!sys.inputs.includes(name)) {
      throw new SysgraphError('bad-option', `linearise: ${name} is not an input`, { field: 'inputs', element: name, expected: `one of ${sys.inputs.join(', ')}` });
    }
  }
  let x = Float64Array.from(sys.states, (s) => opts.guess?.[s.name] ?? 0);
  const norm = (v: ArrayLike<number>) => Array.from(v).reduce((a, b) => Math.max(a, Math.abs(b)), 0);

  let r = ev.f(t, x, u);
  let k = 0;
  for (; k < maxIterations && !(norm(r) <= tol * (1 + norm(x))); k++) {
    // Newton step: A δ = −f, then halve until ‖f‖ decreases (damping).
    const A = new Matrix(ev.jacobians(t, x, u).A);
    const lu = new LuDecomposition(A);
    if (lu.isSingular()) {
      throw new SysgraphError('singular-matrix', `linearise: ∂f/∂x is singular at the Newton iterate; no isolated equilibrium there`, {
        elements: sys.states.map((s) => s.name),
        expected: 'an isolated equilibrium (try another guess or other inputs)',
      });
    }
    const step = lu.solve(Matrix.columnVector(Array.from(r))).to1DArray();
    let lambda = 1;
    let next = x;
    let rNext = r;
    for (let h = 0; h < 30; h++, lambda /= 2) {
      next = Float64Array.from(x, (xi, j) => xi - lambda * step[j]);
      try {
        rNext = ev.f(t, next, u);
      } catch {
        continue; // an implicit law out of range: shorten the step
      }
      if (norm(rNext) < norm(r) || norm(rNext) <= tol * (1 + norm(next))) break;
    }
    x = next;
    r = rNext;
  }
  if (!(norm(r) <= tol * (1 + norm(x)))) {
    throw new SysgraphError('solver-failure', `linearise: Newton found no equilibrium in ${maxIterations} iterations (‖f‖ = ${norm(r)})`, {
      expected: 'inputs for which the system has an equilibrium, and a guess near it',
    });
  }
  const J = ev.jacobians(t, x, u);
  return {
    states: sys.states.map((s) => s.name),
    inputs: sys.inputs,
    outputs: sys.outputs,
    x,
    u,
    y: ev.g(t, x, u),
    t,
    ...J,
    iterations: k,
  };
}
