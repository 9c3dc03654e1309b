/**
 * Starting step size (Hairer, Nørsett & Wanner, Solving ODEs I, II.4, "Starting step size"):
 *   h0 = 0.01·‖y0‖/‖f0‖, one explicit Euler step, d2 = ‖f1 − f0‖/h0,
 *   h1 = (0.01 / max(‖f0‖, d2))^(1/(p+1)),  h = min(100 h0, h1, hmax).
 * When f is not finite (or throws) at the Euler probe, h0 is divided by 10 until it is.
 */
import type { OdeProblem } from '../problem/ode-problem';
import { scaledNorm } from './error-norm';

export function initialStep(
  problem: OdeProblem,
  t: number,
  y: Float64Array,
  f0: Float64Array,
  order: number,
  hMax: number,
  rtol: number,
  atol: number,
): number {
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
