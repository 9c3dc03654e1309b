/**
 * The default end time of a simulation, one implementation for every family and every caller (the command line
 * and the web app): five times the slowest time constant, or two periods of the slowest oscillation, of the
 * eigenvalues λ = σ ± jω of the matrix that governs the response near the start,
 *
 *   T = max over λ of ( 5 / |σ|  for σ < 0,   2 · 2π / |ω|  for ω ≠ 0 ),  rounded to two significant digits,
 *
 * where the matrix is A (linear), A(0) (time-varying) or ∂f/∂x at the initial state, t = 0 and u(0) (laws).
 * Without states, or with only eigenvalues on the imaginary axis at 0 (integrators), 1 s. Eigenvalues are dense
 * (@sysgraph/linalg's eigenvalues, O(n³)); above MAX_SUGGEST_STATES states of a nonlinear model the end time must
 * be given, and a sparse linear model (above SPARSE_ABOVE branches) takes 1 s.
 */
import { SysgraphError } from '@sysgraph/core';
import { CsrMatrix, csrToDense, eigenvalues } from '@sysgraph/linalg';
import { engineSignal } from './simulation/engine-signals';
import { centralDifferenceJacobian } from './central-difference';
import type { NonlinearModel } from '@sysgraph/simulate';

/** Five times the slowest time constant (or two periods of the slowest oscillation) of A; 1 s without states. */
export function suggestEndTime(A: readonly (readonly number[])[]): number {
  if (A.length === 0) return 1;
  const { re, im } = eigenvalues(A.map((r) => [...r]));
  let horizon = 0;
  for (let k = 0; k < re.length; k++) {
    if (re[k] < -1e-12) horizon = Math.max(horizon, 5 / -re[k]);
    if (Math.abs(im[k]) > 1e-12) horizon = Math.max(horizon, (2 * 2 * Math.PI) / Math.abs(im[k]));
  }
  if (horizon === 0) horizon = 1;
  return Number(horizon.toPrecision(2));
}

/** The end time when ∂f/∂x has no finite value at the initial state (no time constant to go by). */
export const DEFAULT_END_TIME = 1;

/** The largest model whose end time is suggested from dense eigenvalues of ∂f/∂x. */
export const MAX_SUGGEST_STATES = 400;

/** The end time of a nonlinear model: suggestEndTime of ∂f/∂x at the initial state, t = 0 and the inputs at t = 0. */
export function nonlinearEndTime(m: NonlinearModel, inputs: Readonly<Record<string, string>>, initial: Readonly<Record<string, number>>): number {
  if (m.stateNames.length > MAX_SUGGEST_STATES) {
    throw new SysgraphError('bad-option', `the end time is suggested from the eigenvalues of ∂f/∂x for up to ${MAX_SUGGEST_STATES} states; this model has ${m.stateNames.length}: give --t-end`, {
      element: 'simulate',
      field: '--t-end',
      expected: 'an end time (--t-end T)',
    });
  }
  const x = Float64Array.from(m.stateNames, (name) => initial[name] ?? 0);
  const u = Float64Array.from(m.inputNames, (name) => engineSignal(inputs[name], name).value(0));
  const du = new Float64Array(u.length);
  if (!m.jacobian) return suggestEndTime(differenceJacobian(m, x, u, du));
  const J = m.jacobian(0, x, u, du);
  return suggestEndTime(J instanceof CsrMatrix ? csrToDense(J) : J.map((row) => [...row]));
}

/** ∂f/∂x by central differences of f (a model without an exact Jacobian: an equation set's own f); a non-finite
 * entry is 'bad-option' (no time constant). */
function differenceJacobian(m: NonlinearModel, x: Float64Array, u: Float64Array, du: Float64Array): number[][] {
  const n = x.length;
  const J = centralDifferenceJacobian((z) => {
    const out = new Float64Array(n);
    m.f(0, z, u, du, out);
    return out;
  }, x, n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (!Number.isFinite(J[i][j])) {
        throw new SysgraphError('bad-option', `∂f/∂x has no finite value at the initial state (${m.stateNames[i]} against ${m.stateNames[j]})`, { element: m.stateNames[i], field: '--t-end', expected: 'an end time (--t-end T)' });
      }
    }
  }
  return J;
}
