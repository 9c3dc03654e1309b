/**
 * dampedNewton: a root x* of r(x) = 0 by Newton's method damped by step halving (docs/nonlinear.md, "Newton"):
 *
 *   J(x_k) δ_k = r(x_k),   x_{k+1} = x_k − 2^{−j} δ_k   with the least j ≤ maxHalvings for which
 *                                                       ‖r(x_{k+1})‖∞ < ‖r(x_k)‖∞
 *
 * converged at x_k when ‖r(x_k)‖∞ ≤ residualBound(x_k, J(x_k)) (the caller's bound: its tolerance times the size
 * of r's terms), or when the step that reached x_k was full and small, ‖δ‖∞ ≤ stepTolerance · (1 + ‖x_k‖∞)
 * (Newton's error is then O(‖δ‖²)). The caller chooses the linear solve (`factor`: dense LU, sparse LU with its
 * analysis kept between iterations, …). A trial point whose residual is not finite, or whose evaluation throws a
 * SysgraphError (a law out of its range), is a rejected trial: the step is halved again. Failure (a singular J,
 * no halving that decreases ‖r‖∞, no convergence in maxIterations) is a SysgraphError naming what the caller
 * passes in `blame`.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import type { SysgraphErrorDetails } from '@sysgraph/core';
import { SingularMatrixError } from '../singular-matrix-error';

export interface NewtonSystem<J> {
  /** r(x), a new array (non-finite entries allowed: such a trial is rejected). */
  readonly residual: (x: Float64Array) => Float64Array;
  /** The Jacobian ∂r/∂x at x, in the caller's form (dense rows, CSR, …). */
  readonly jacobian: (x: Float64Array) => J;
  /** Factorises J and returns its solve (δ with J δ = rhs); a singular J throws SingularMatrixError. */
  readonly factor: (J: J) => (rhs: Float64Array) => Float64Array;
  /** The residual test's absolute bound at x (default 0: only the step test, or an exact root). */
  readonly residualBound?: (x: Float64Array, J: J, r: Float64Array) => number;
}

export interface DampedNewtonOptions {
  /** Most Newton steps; default 100. */
  readonly maxIterations?: number;
  /** Most halvings of one step (maxHalvings + 1 trials); default 40. */
  readonly maxHalvings?: number;
  /** Relative step tolerance of the convergence test on |δ|; default: no step test. */
  readonly stepTolerance?: number;
  /** What the failure's typed error names: element, elements, field, expected. */
  readonly blame?: SysgraphErrorDetails;
  /** The caller's name, opening the failure's message (e.g. 'linearise'). */
  readonly what?: string;
  /** r(x0), when the caller has already evaluated it (saves one evaluation). */
  readonly initialResidual?: Float64Array;
}

export interface NewtonRoot<J> {
  readonly x: Float64Array;
  /** r(x) at the root. */
  readonly residual: Float64Array;
  /** J(x) at the root (the residual test's Jacobian). */
  readonly jacobian: J;
  /** Newton steps taken. */
  readonly iterations: number;
}

/** ‖v‖∞, with NaN counted as infinite. */
export function normInf(v: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < v.length; i++) {
    const a = Math.abs(v[i]);
    if (!(a <= m)) m = Number.isNaN(a) ? Infinity : a;
  }
  return m;
}

export function dampedNewton<J>(system: NewtonSystem<J>, x0: ArrayLike<number>, options: DampedNewtonOptions = {}): NewtonRoot<J> {
  const maxIterations = options.maxIterations ?? 100;
  const maxHalvings = options.maxHalvings ?? 40;
  const stepTolerance = options.stepTolerance;
  const prefix = options.what ? `${options.what}: ` : '';
  const fail = (code: 'solver-failure' | 'singular-matrix', message: string) => new SysgraphError(code, `${prefix}${message}`, options.blame ?? {});
  let x = Float64Array.from(x0);
  let r = options.initialResidual ?? system.residual(x);
  let smallFullStep = false;
  for (let k = 0; ; k++) {
    const J = system.jacobian(x);
    const norm = normInf(r);
    if (norm <= (system.residualBound?.(x, J, r) ?? 0) || smallFullStep) return { x, residual: r, jacobian: J, iterations: k };
    if (k >= maxIterations) throw fail('solver-failure', `Newton did not converge in ${maxIterations} iterations (‖r‖∞ = ${norm.toPrecision(3)})`);
    let delta: Float64Array;
    try {
      delta = system.factor(J)(r);
    } catch (e) {
      if (!(e instanceof SingularMatrixError)) throw e;
      throw fail('singular-matrix', `the Jacobian is singular at Newton iterate ${k}: no isolated root there`);
    }
    let accepted = false;
    // x − λδ with λ = 1, 1/2, 1/4, …: the first that decreases ‖r‖∞
    for (let j = 0, lambda = 1; j <= maxHalvings; j++, lambda /= 2) {
      const trial = Float64Array.from(x, (v, i) => v - lambda * delta[i]);
      let rTrial: Float64Array;
      try {
        rTrial = system.residual(trial);
      } catch (e) {
        if (!isSysgraphError(e)) throw e;
        continue; // a law out of its range at the trial: shorten the step
      }
      if (normInf(rTrial) < norm) {
        smallFullStep = j === 0 && stepTolerance !== undefined && normInf(delta) <= stepTolerance * (1 + normInf(trial));
        x = trial;
        r = rTrial;
        accepted = true;
        break;
      }
    }
    if (!accepted) throw fail('solver-failure', `no Newton step decreases ‖r‖∞ = ${norm.toPrecision(3)} (iterate ${k}, ${maxHalvings} halvings)`);
  }
}
