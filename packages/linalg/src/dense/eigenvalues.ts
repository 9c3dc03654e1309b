/** eigenvalues: the spectrum of a real square matrix by balanced Hessenberg QR (see hessenberg-qr.ts), canonically sorted. */
import { checkDense, toFlat } from './check-dense';
import { eigenvaluesHqr } from './hessenberg-qr';
import type { DenseRows } from './check-dense';

/** Eigenvalues as parallel arrays of real and imaginary parts. */
export interface Spectrum {
  readonly re: Float64Array;
  readonly im: Float64Array;
}

/**
 * Sorts (re, im) pairs by real part, then imaginary part (a conjugate pair: −im first). Real parts that agree
 * to a relative 1e-9 (|re_p − re_q| ≤ 1e-9 · max(|λ_p|, |λ_q|), chained along the sorted order) count as equal,
 * so rounding noise in the real parts cannot separate an eigenvalue from its neighbours of the same real part.
 */
export function sortSpectrum(re: ArrayLike<number>, im: ArrayLike<number>): Spectrum {
  const idx = Array.from({ length: re.length }, (_, k) => k);
  idx.sort((p, q) => re[p] - re[q] || im[p] - im[q] || p - q);
  const mag = (k: number): number => Math.hypot(re[k], im[k]);
  for (let start = 0; start < idx.length; ) {
    let end = start + 1;
    while (end < idx.length && Math.abs(re[idx[end]] - re[idx[end - 1]]) <= 1e-9 * Math.max(mag(idx[end]), mag(idx[end - 1]))) end++;
    if (end - start > 1) {
      const group = idx.slice(start, end).sort((p, q) => im[p] - im[q] || re[p] - re[q] || p - q);
      for (let t = start; t < end; t++) idx[t] = group[t - start];
    }
    start = end;
  }
  return { re: Float64Array.from(idx, (k) => re[k]), im: Float64Array.from(idx, (k) => im[k]) };
}

/**
 * λ(A), sorted by real part then imaginary part. O(n³). A QR iteration that fails to converge throws
 * SysgraphError('solver-failure') instead of looping (ml-matrix's EigenvalueDecomposition has no such cap).
 */
export function eigenvalues(a: DenseRows): Spectrum {
  const [n] = checkDense(a, 'eigenvalues A', { square: true });
  if (n === 0) return { re: new Float64Array(0), im: new Float64Array(0) };
  const { re, im } = eigenvaluesHqr(toFlat(a, n, n), n);
  return sortSpectrum(re, im);
}
