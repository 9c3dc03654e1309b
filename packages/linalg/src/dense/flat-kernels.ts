/** Dense kernels on row-major Float64Array (Golub & Van Loan, "Matrix Computations", 4th ed., §1.1, §3.4). */
import { SingularMatrixError } from '../singular-matrix-error';

/** C = A B for n×n matrices, i-k-j loop order (row-major friendly). O(n³). */
export function matmulFlat(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const c = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const ci = i * n;
    for (let k = 0; k < n; k++) {
      const aik = a[ci + k];
      if (aik === 0) continue;
      const bk = k * n;
      for (let j = 0; j < n; j++) c[ci + j] += aik * b[bk + j];
    }
  }
  return c;
}

/** ‖A‖₁ = max_j Σ_i |a_ij|. */
export function norm1Flat(a: Float64Array, n: number): number {
  let best = 0;
  for (let j = 0; j < n; j++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += Math.abs(a[i * n + j]);
    if (s > best) best = s;
  }
  return best;
}

/**
 * Solves A X = B in place (A: n×n, destroyed; B: n×m, overwritten by X) by Gaussian elimination with partial
 * pivoting, P A = L U. Throws SingularMatrixError at a pivot |u_kk| ≤ singularTol · max|A|.
 */
export function solveFlatInPlace(a: Float64Array, b: Float64Array, n: number, m: number, what: string, singularTol = 1e-14): void {
  let scale = 0;
  for (let p = 0; p < n * n; p++) scale = Math.max(scale, Math.abs(a[p]));
  for (let k = 0; k < n; k++) {
    let piv = k;
    let best = Math.abs(a[k * n + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[i * n + k]);
      if (v > best) {
        best = v;
        piv = i;
      }
    }
    if (!(best > singularTol * scale)) throw new SingularMatrixError(what, k, 'zero pivot in Gaussian elimination');
    if (piv !== k) {
      for (let j = 0; j < n; j++) swap(a, k * n + j, piv * n + j);
      for (let j = 0; j < m; j++) swap(b, k * m + j, piv * m + j);
    }
    const akk = a[k * n + k];
    for (let i = k + 1; i < n; i++) {
      const f = a[i * n + k] / akk;
      if (f === 0) continue;
      // row_i ← row_i − f · row_k
      for (let j = k + 1; j < n; j++) a[i * n + j] -= f * a[k * n + j];
      for (let j = 0; j < m; j++) b[i * m + j] -= f * b[k * m + j];
    }
  }
  for (let k = n - 1; k >= 0; k--) {
    const akk = a[k * n + k];
    for (let j = 0; j < m; j++) {
      let s = b[k * m + j];
      for (let t = k + 1; t < n; t++) s -= a[k * n + t] * b[t * m + j];
      b[k * m + j] = s / akk;
    }
  }
}

function swap(x: Float64Array, i: number, j: number): void {
  const t = x[i];
  x[i] = x[j];
  x[j] = t;
}
