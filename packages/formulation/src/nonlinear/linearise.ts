/**
 * linearise: the linear model at an operating point (formulation.md section 12, "Jacobian for linearisation"):
 * the equilibrium x* with f(x*, u0, t0) = 0 for constant inputs u0, by damped Newton on ∂f/∂x (linalg's dampedNewton), then
 *   A = ∂f/∂x,  B = ∂f/∂u,  C = ∂g/∂x,  D = ∂g/∂u,  E = ∂g/∂u'   at (x*, u0, u0' = 0, t0)
 * for deviations δx' = A δx + B δu, δy = C δx + D δu + E δu'.
 *
 * Stopping test, scale-aware (f carries the system's rates, 1/RC = 10⁶/s and more, so its rounding error is
 * about ε·Σ|terms| and an absolute bound on ‖f‖ can be out of reach): with J = ∂f/∂x, K = ∂f/∂u at the iterate,
 *   ‖f‖∞ ≤ tol · max_i [ Σ_j |J_ij| (|x_j| + 1) + Σ_k |K_ik| |u_k| ]      (the size of f's terms, floored at x ~ 1)
 * or the last Newton step was full and small: ‖δ‖∞ ≤ tol · (1 + ‖x‖∞)   (Newton's error is then O(‖δ‖²)).
 * Both are invariant under a rescaling of time (all C and L by the same factor).
 */
import { SysgraphError } from '@sysgraph/core';
import { dampedNewton, denseFromRows, factorDenseLU } from '@sysgraph/linalg';
import type { NonlinearResult } from './nonlinear-model';

export interface LinearisationOptions {
  /** Constant inputs, by name; absent inputs are 0. */
  readonly inputs?: Readonly<Record<string, number>>;
  /** Starting guess of the state, by name; absent states start at 0. */
  readonly guess?: Readonly<Record<string, number>>;
  /** The time of a time-varying system's operating point; default 0. */
  readonly time?: number;
  /** Relative tolerance of the stopping test (above: f against the size of its terms, or the step against x); default 1e-12. */
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
  type Jacobians = ReturnType<typeof ev.jacobians>;

  /** f's terms' size: max_i Σ_j |J_ij| (|x_j| + 1) + Σ_k |K_ik| |u_k|. */
  const termScale = (J: readonly (readonly number[])[], K: readonly (readonly number[])[], at: Float64Array) => {
    let scale = 0;
    J.forEach((row, i) => {
      let s = 0;
      for (let j = 0; j < row.length; j++) s += Math.abs(row[j]) * (Math.abs(at[j]) + 1);
      for (let k = 0; k < u.length; k++) s += Math.abs(K[i][k]) * Math.abs(u[k]);
      scale = Math.max(scale, s);
    });
    return scale;
  };

  // Damped Newton on f(·, u, t) = 0 (linalg's dampedNewton): ∂f/∂x δ = f by linalg's dense LU, singularTol 0 (only
  // an exactly zero pivot is singular); ‖f‖∞ against its terms, or a full step ‖δ‖∞ ≤ tol·(1 + ‖x‖∞).
  const root = dampedNewton<Jacobians>(
    {
      residual: (x) => ev.f(t, x, u),
      jacobian: (x) => ev.jacobians(t, x, u),
      factor: (J) => {
        const lu = factorDenseLU(denseFromRows(J.A), '∂f/∂x', { singularTol: 0 });
        return (r) => lu.solve(r);
      },
      residualBound: (x, J) => tol * termScale(J.A, J.B, x),
    },
    Float64Array.from(sys.states, (s) => opts.guess?.[s.name] ?? 0),
    {
      maxIterations,
      maxHalvings: 29,
      stepTolerance: tol,
      what: 'linearise',
      blame: {
        elements: sys.states.map((s) => s.name),
        field: 'guess',
        expected: 'inputs for which the system has an isolated equilibrium, and a guess near it',
      },
    },
  );
  const { x } = root;
  const J = root.jacobian;
  const k = root.iterations;
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
