/**
 * Distance between two eigenvalue multisets: the largest |λ − μ| of a greedy nearest pairing (exact for
 * well-separated spectra; Infinity when the counts differ). Eigenvalues of a real matrix via ml-matrix.
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import type { Complex } from './pencil-eigenvalues';

export function eigenvaluesOf(a: number[][]): Complex[] {
  if (a.length === 0) return [];
  const e = new EigenvalueDecomposition(new Matrix(a));
  return e.realEigenvalues.map((re, k) => ({ re, im: e.imaginaryEigenvalues[k] }));
}

export function eigenvalueDistance(p: Complex[], q: Complex[]): number {
  if (p.length !== q.length) return Infinity;
  const left = [...q];
  let worst = 0;
  for (const x of p) {
    let best = 0;
    for (let k = 1; k < left.length; k++) {
      if (Math.hypot(left[k].re - x.re, left[k].im - x.im) < Math.hypot(left[best].re - x.re, left[best].im - x.im)) best = k;
    }
    worst = Math.max(worst, Math.hypot(left[best].re - x.re, left[best].im - x.im));
    left.splice(best, 1);
  }
  return worst;
}
