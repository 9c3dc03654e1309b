/**
 * The stability limit of a fixed-step explicit method on a linear time-invariant model. A mode e^{λt} of
 * M x' = A x (λ an eigenvalue of M⁻¹A) is advanced per step by the method's amplification factor R(hλ):
 *   Euler  R(z) = 1 + z,       RK4  R(z) = 1 + z + z²/2 + z³/6 + z⁴/24.
 * A mode that decays (Re λ < 0) but has |R(hλ)| > 1 grows by |R|^steps instead: the trace is the method's
 * instability, not the model (e.g. rlc-series with Euler at dt = 10 prints 1e144). Such a step is refused with a
 * typed error naming dt and the largest stable step along that mode. Growing modes (Re λ > 0) grow in the model
 * too, and undamped ones (Re λ = 0, where Euler always drifts outward) are left to the method's known behaviour.
 * Only for models of at most MAX_CHECKED_STATES states (a dense eigenvalue problem, O(n³)); larger, nonlinear and
 * time-varying models are not checked.
 */
import { SysgraphError } from '@sysgraph/core';
import { denseToRows, eigenvalues, factorDenseLU } from '@sysgraph/linalg';
import type { OdeProblem } from '../problem/ode-problem';

export const MAX_CHECKED_STATES = 200;

export type ExplicitMethod = 'euler' | 'rk4';

/** |R(hλ)| for λ = re + i·im. */
export function amplification(method: ExplicitMethod, h: number, re: number, im: number): number {
  const x = h * re;
  const y = h * im;
  if (method === 'euler') return Math.hypot(1 + x, y);
  // Horner in complex arithmetic: 1 + z(1 + z/2(1 + z/3(1 + z/4)))
  let pr = 1;
  let pi = 0;
  for (const k of [4, 3, 2, 1]) {
    const qr = (x * pr - y * pi) / k;
    const qi = (x * pi + y * pr) / k;
    pr = 1 + qr;
    pi = qi;
  }
  return Math.hypot(pr, pi);
}

/** The largest stable step along a decaying mode λ (bisection on |R(hλ)| ≤ 1 from h = 0). */
function stableStep(method: ExplicitMethod, re: number, im: number, h: number): number {
  let lo = 0;
  let hi = h;
  for (let k = 0; k < 60; k++) {
    const mid = 0.5 * (lo + hi);
    if (amplification(method, mid, re, im) <= 1) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Throws 'bad-option' (field dt) when the step h makes a decaying mode of the LTI model grow. */
export function checkExplicitStability(problem: OdeProblem, method: ExplicitMethod, h: number): void {
  const lti = problem.lti;
  if (!lti || problem.n === 0 || problem.n > MAX_CHECKED_STATES) return;
  let a = lti.A.toDense();
  if (lti.M) a = factorDenseLU(lti.M.toDense(), 'mass matrix M').solveMatrix(a);
  const { re, im } = eigenvalues(denseToRows(a));
  let worst = -1;
  let worstGain = 1 + 1e-9;
  for (let k = 0; k < re.length; k++) {
    // decaying, beyond the eigen-solver's rounding (an undamped mode's computed Re λ is ±ε|λ|)
    if (!(re[k] < -1e-9 * Math.hypot(re[k], im[k]))) continue;
    const gain = amplification(method, h, re[k], im[k]);
    if (gain > worstGain) {
      worst = k;
      worstGain = gain;
    }
  }
  if (worst < 0) return;
  const limit = stableStep(method, re[worst], im[worst], h);
  const lambda = im[worst] === 0 ? `${re[worst].toPrecision(4)}` : `${re[worst].toPrecision(4)} ± ${Math.abs(im[worst]).toPrecision(4)}i`;
  throw new SysgraphError(
    'bad-option',
    `solver ${method}: the step ${h.toPrecision(4)} is beyond the method's stability limit for the decaying mode λ = ${lambda} (|R(hλ)| = ${worstGain.toPrecision(4)} > 1: the trace would grow as ${worstGain.toPrecision(3)}^steps)`,
    { field: 'dt', expected: `a step of at most ${limit.toPrecision(3)} for ${method}, or an adaptive solver (auto, dopri5, stiff)` },
  );
}
