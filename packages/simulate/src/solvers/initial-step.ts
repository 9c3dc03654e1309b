/**
 * Starting step size.
 *
 * Hairer, Nørsett & Wanner, Solving ODEs I, II.4, "Starting step size":
 *   h0 = 0.01·‖y0‖/‖f0‖, one explicit Euler step, d2 = ‖f1 − f0‖/h0,
 *   h1 = (0.01 / max(‖f0‖, d2))^(1/(p+1)),  h = min(100 h0, h1, hmax).
 * When f is not finite (or throws) at the Euler probe, h0 is divided by 10 until it is.
 *
 * Where f vanishes at t0 (‖f0‖ < 1e-5 in the solver's norm: a system at rest whose input starts from zero, e.g. a
 * ramp) that estimate guesses blind: h0 falls back to an absolute 1e-6, and max(‖f0‖, d2) stands for the size of
 * every derivative, although the error of an order-p step is h^(p+1)·y^(p+1)/(p+1)! and, with y'(t0) = f0 = 0, the
 * derivatives grow from the input's slope through the coupling of the states. With the option `fromSlope` the
 * solver's estimate is then the Taylor one (startingStepFromSlope):
 *   y'' = ∂f/∂t + J f0 = ∂f/∂t (from the model: its own ∂f/∂t, or a difference in t),
 *   y^(k+1) ≈ J y^(k)  (k = 2 … p; J·v by a difference of f along v),
 *   h = (0.01·(p+1)! / ‖y^(p+1)‖)^(1/(p+1)),  h ≤ hmax
 * — the first Taylor term beyond the method's order, h^(p+1)‖y^(p+1)‖/(p+1)!, at 1/100 of the tolerance
 * (Hairer–Wanner's margin, with the (p+1)-th derivative in place of their proxy max(‖f0‖, d2)); the chain is exact for a linear
 * time-invariant network driven by a ramp (y^(k) = J^(k−2) ∂f/∂t there), at the cost of p − 1 evaluations of f
 * instead of the Euler probe's one. Where ∂f/∂t is zero, or the chain vanishes (y^(p+1) = 0: the method is exact on
 * the solution's polynomial start), or a value is not finite, Hairer–Wanner's estimate stands.
 */
import { normInf } from '@sysgraph/linalg';
import type { OdeProblem } from '../problem/ode-problem';
import { scaledNorm } from './error-norm';

/** The weighted norm of a vector against y (sc_i = atol + rtol·|y_i|): RMS (default) or the solver's own. */
export type StepNorm = (v: Float64Array, y: Float64Array, y1: Float64Array, rtol: number, atol: number) => number;

export interface InitialStepOptions {
  /** Where f vanishes at t0: the Taylor estimate from ∂f/∂t and J (above). */
  readonly fromSlope?: boolean;
  /** The norm of the Taylor estimate (the solver's error norm); default the RMS norm. */
  readonly norm?: StepNorm;
}

export function initialStep(
  problem: OdeProblem,
  t: number,
  y: Float64Array,
  f0: Float64Array,
  order: number,
  hMax: number,
  rtol: number,
  atol: number,
  options: InitialStepOptions = {},
): number {
  if (options.fromSlope && !problem.hasMass) {
    const norm = options.norm ?? ((v, yy, _y1, r, a) => scaledNorm(v, yy, r, a));
    if (norm(f0, y, y, rtol, atol) < 1e-5) {
      const h = startingStepFromSlope(problem, t, y, f0, order, rtol, atol, norm);
      if (h !== undefined) return Math.min(h, hMax);
    }
  }
  return hairerWannerStep(problem, t, y, f0, order, hMax, rtol, atol);
}

/**
 * (0.01·(p+1)!/‖y^(p+1)‖)^(1/(p+1)) at a point where f vanishes: y'' = ∂f/∂t, y^(k+1) = J y^(k) with
 * J v ≈ (f(t, y + δv) − f0)/δ, δ·‖v‖∞ = √ε·max(1, ‖y‖∞). Undefined where the estimate says nothing (∂f/∂t = 0,
 * y^(p+1) = 0, or not finite).
 */
export function startingStepFromSlope(
  problem: OdeProblem,
  t: number,
  y: Float64Array,
  f0: Float64Array,
  order: number,
  rtol: number,
  atol: number,
  norm: StepNorm,
): number | undefined {
  const n = problem.n;
  const v = new Float64Array(n);
  const probe = new Float64Array(n);
  const fv = new Float64Array(n);
  problem.rhsTimeDerivative(t, y, v, f0);
  const scale = Math.sqrt(Number.EPSILON) * Math.max(1, normInf(y));
  for (let k = 2; k <= order; k++) {
    const size = normInf(v);
    if (!(size > 0) || !Number.isFinite(size)) return undefined;
    const delta = scale / size;
    for (let i = 0; i < n; i++) probe[i] = y[i] + delta * v[i];
    try {
      problem.rhs(t, probe, fv);
    } catch {
      return undefined;
    }
    for (let i = 0; i < n; i++) v[i] = (fv[i] - f0[i]) / delta;
  }
  const d = norm(v, y, y, rtol, atol);
  if (!(d > 1e-15) || !Number.isFinite(d)) return undefined;
  let factorial = 1;
  for (let k = 2; k <= order + 1; k++) factorial *= k;
  return Math.pow((0.01 * factorial) / d, 1 / (order + 1));
}

/** Hairer–Wanner's estimate (RMS norm), as described above. */
function hairerWannerStep(problem: OdeProblem, t: number, y: Float64Array, f0: Float64Array, order: number, hMax: number, rtol: number, atol: number): number {
  const n = problem.n;
  const d0 = scaledNorm(y, y, rtol, atol);
  const d1 = scaledNorm(f0, y, rtol, atol);
  let h0 = d0 < 1e-5 || d1 < 1e-5 ? 1e-6 : (0.01 * d0) / d1;
  h0 = Math.min(h0, hMax);
  const y1 = new Float64Array(n);
  const f1 = new Float64Array(n);
  // the Euler probe may leave the region where f is finite (an exponential law): shrink it until it does not
  let d2 = Infinity;
  for (let attempt = 0; attempt < 30 && !Number.isFinite(d2); attempt++) {
    if (attempt > 0) h0 /= 10;
    for (let i = 0; i < n; i++) y1[i] = y[i] + h0 * f0[i];
    try {
      problem.derivative(t + h0, y1, f1);
    } catch {
      continue;
    }
    for (let i = 0; i < n; i++) f1[i] -= f0[i];
    d2 = scaledNorm(f1, y, rtol, atol) / h0;
  }
  if (!Number.isFinite(d2)) return h0;
  const dm = Math.max(d1, d2);
  const h1 = dm <= 1e-15 ? Math.max(1e-6, h0 * 1e-3) : Math.pow(0.01 / dm, 1 / (order + 1));
  return Math.min(100 * h0, h1, hMax);
}
