/**
 * Compares the network model (networkModel) with the symbolic nonlinear model (nonlinearModel, verified against the
 * tableau oracle in nonlinear-*.test.ts) at one point, and the sparse Jacobian with central differences of f.
 */
import { csrToDense } from '@sysgraph/linalg';
import type { NetworkModel, NonlinearModelLike } from '../../src/index';

export interface ModelComparison {
  /** max |f_new − f_old| / (|f_old| + 1e-3 ‖f_old‖∞ + 1e-300), likewise for g. */
  f: number;
  g: number;
}

const worst = (a: Float64Array, b: Float64Array) => {
  let scale = 0;
  for (const v of b) scale = Math.max(scale, Math.abs(v));
  let w = 0;
  for (let i = 0; i < a.length; i++) w = Math.max(w, Math.abs(a[i] - b[i]) / (Math.abs(b[i]) + 1e-3 * scale + 1e-300));
  return w;
};

export function compareModels(neu: NetworkModel, old: NonlinearModelLike, t: number, x: Float64Array, u: Float64Array): ModelComparison {
  const du = new Float64Array(u.length);
  const fa = new Float64Array(x.length);
  const fb = new Float64Array(x.length);
  neu.f(t, x, u, du, fa);
  old.f(t, x, u, du, fb);
  const ga = new Float64Array(neu.outputNames.length);
  const gb = new Float64Array(old.outputNames.length);
  neu.g(t, x, u, du, ga);
  old.g(t, x, u, du, gb);
  return { f: worst(fa, fb), g: worst(ga, gb) };
}

/**
 * The worst difference between the CSR Jacobian and central differences of f (step h_j = 1e-6 (1 + |x_j|)),
 * relative to the largest entry of its row (plus 1e-300); also checks every nonzero difference lies in the pattern.
 */
export function jacobianError(model: NetworkModel, t: number, x: Float64Array, u: Float64Array): { error: number; outside: number } {
  const n = x.length;
  const du = new Float64Array(u.length);
  const J = csrToDense(model.jacobian(t, x, u, du));
  const pattern = model.jacobian(t, x, u, du);
  const inPattern = (i: number, j: number) => {
    for (let q = pattern.rowPtr[i]; q < pattern.rowPtr[i + 1]; q++) if (pattern.colIdx[q] === j) return true;
    return false;
  };
  const fp = new Float64Array(n);
  const fm = new Float64Array(n);
  const D: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let j = 0; j < n; j++) {
    const h = 1e-6 * (1 + Math.abs(x[j]));
    const xp = Float64Array.from(x);
    const xm = Float64Array.from(x);
    xp[j] += h;
    xm[j] -= h;
    model.f(t, xp, u, du, fp);
    model.f(t, xm, u, du, fm);
    for (let i = 0; i < n; i++) D[i][j] = (fp[i] - fm[i]) / (2 * h);
  }
  let error = 0;
  let outside = 0;
  for (let i = 0; i < n; i++) {
    let scale = 1e-300;
    for (let j = 0; j < n; j++) scale = Math.max(scale, Math.abs(D[i][j]), Math.abs(J[i][j]));
    for (let j = 0; j < n; j++) {
      const e = Math.abs(J[i][j] - D[i][j]) / scale;
      error = Math.max(error, e);
      if (!inPattern(i, j) && Math.abs(D[i][j]) > 1e-6 * scale) outside = Math.max(outside, Math.abs(D[i][j]) / scale);
    }
  }
  return { error, outside };
}
