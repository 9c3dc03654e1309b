/**
 * Banded Cholesky A = L Lᵀ of a symmetric positive definite matrix whose entries lie within a narrow band of the
 * diagonal in the given order (Golub & Van Loan, Matrix Computations, 4th ed., alg. 4.3.5 "band Cholesky"):
 *
 *   l_ij = (a_ij − Σ_{k = max(i, j) − b}^{j − 1} l_ik l_jk) / l_jj   (j < i, i − j ≤ b)
 *   l_ii = √(a_ii − Σ_{k = i − b}^{i − 1} l_ik²)
 *
 * Time O(n b²) to factorise, O(n b) per solve; memory n (b + 1). No ordering and no fill outside the band, so
 * for chains (ladders, lines: b = 1 or 2 in their natural order) it is several times cheaper than a general sparse
 * LU with a fill-reducing ordering. Only the lower triangle of A is read (A is taken to be symmetric). Half-bandwidth
 * ≤ 1 (tridiagonal) goes to the two-ended factorisation (twisted-tridiagonal.ts).
 */
import { SysgraphError } from '@sysgraph/core';
import type { CsrMatrix } from './csr-matrix';
import { tridiagonalEntries } from './tridiagonal-entries';
import { factorTwistedTridiagonal } from './twisted-tridiagonal';
import { NotPositiveDefiniteError } from './not-positive-definite';

/** The factor L of a banded Cholesky, ready for repeated solves. */
export interface BandedCholesky {
  readonly n: number;
  /** Half-bandwidth b: l_ij = 0 for i − j > b. */
  readonly bandwidth: number;
  /** x = A⁻¹ b; O(n b). `out` may be `b` itself. */
  solve(b: ArrayLike<number>, out?: Float64Array): Float64Array;
}

/** Options of factorBandedCholesky. */
export interface BandedCholeskyOptions {
  /** Symmetric permutation: perm[k] = the row/column of A at position k (e.g. rcmOrdering); default natural. */
  readonly ordering?: Int32Array;
  /** Half-bandwidth of the permuted matrix, when already known. */
  readonly bandwidth?: number;
}

/** position[perm[k]] = k. */
function inversePermutation(perm: Int32Array): Int32Array {
  const pos = new Int32Array(perm.length);
  for (let k = 0; k < perm.length; k++) pos[perm[k]] = k;
  return pos;
}

/**
 * Half-bandwidth max |π(i) − π(j)| over the stored entries of a (0 for a diagonal matrix), in the order `perm`
 * (natural when absent); O(nnz).
 */
export function halfBandwidth(a: CsrMatrix, perm?: Int32Array): number {
  let b = 0;
  const { rowPtr, colIdx } = a;
  const pos = perm ? inversePermutation(perm) : undefined;
  for (let i = 0; i < a.rows; i++) {
    const pi = pos ? pos[i] : i;
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const pj = pos ? pos[colIdx[p]] : colIdx[p];
      const d = pi > pj ? pi - pj : pj - pi;
      if (d > b) b = d;
    }
  }
  return b;
}

/**
 * Whether the banded factorisation is the cheaper one: band storage n (b + 1) no larger than twice the
 * stored entries, i.e. the band is about as dense as the matrix itself (chains, not grids in row order).
 */
export function bandIsNarrow(a: CsrMatrix, bandwidth = halfBandwidth(a)): boolean {
  return a.rows === a.cols && a.rows * (bandwidth + 1) <= 2 * Math.max(a.nnz, a.rows);
}

export { NotPositiveDefiniteError } from './not-positive-definite';

/**
 * L with L Lᵀ = P a Pᵀ (a square, symmetric positive definite; P the ordering, half-bandwidth ≤ `bandwidth` in
 * that order).
 */
export function factorBandedCholesky(a: CsrMatrix, options: BandedCholeskyOptions = {}): BandedCholesky {
  const n = a.rows;
  const perm = options.ordering;
  const pos = perm ? inversePermutation(perm) : undefined;
  const bandwidth = options.bandwidth ?? halfBandwidth(a, perm);
  if (a.cols !== n) {
    throw new SysgraphError('bad-value', `factorBandedCholesky: matrix is ${n}×${a.cols}, not square`, {
      element: 'matrix',
      field: 'cols',
      expected: 'a square matrix',
    });
  }
  if (bandwidth <= 1) {
    // tridiagonal: the two-ended factorisation (half the latency per solve)
    const { diagonal, offDiagonal } = tridiagonalEntries(a, perm, 1, pos);
    return factorTwistedTridiagonal(diagonal, offDiagonal, perm);
  }
  const b = bandwidth;
  // row i of L: l[i·(b + 1) + (j − i + b)] for j = i − b … i
  const l = new Float64Array(n * (b + 1));
  fillBand(a, pos, l, b);
  factorBand(l, perm, largestDiagonal(l, n, b), n, b);
  // 1 / l_ii, and the band without its diagonal for the solves
  const inv = new Float64Array(n);
  invertDiagonal(l, inv, n, b);
  const y = new Float64Array(n);
  return {
    n,
    bandwidth: b,
    solve(rhs, out) {
      const x = out ?? new Float64Array(n);
      if (perm) for (let k = 0; k < n; k++) y[k] = rhs[perm[k]];
      else for (let k = 0; k < n; k++) y[k] = rhs[k];
      solveBand(l, inv, y, n, b);
      // x = Pᵀ y
      if (perm) for (let k = 0; k < n; k++) x[perm[k]] = y[k];
      else x.set(y);
      return x;
    },
  };
}

/*
 * The passes of the factorisation are kernels of their own, each loop the last thing its function runs: inline,
 * V8 compiled the first long loop by on-stack replacement during the first call, and Node 20's V8 re-entered that
 * code on every later factorisation (one per γ of the Krylov solver) and deoptimised where the next pass began.
 */

/** The lower triangle of A into the band of L (row i: l[i·(b + 1) + (j − i + b)]), in the order pos. */
function fillBand(a: CsrMatrix, pos: Int32Array | undefined, l: Float64Array, b: number): void {
  const w = b + 1;
  const { rows, rowPtr, colIdx, values } = a;
  for (let row = 0; row < rows; row++) {
    const i = pos ? pos[row] : row;
    for (let p = rowPtr[row]; p < rowPtr[row + 1]; p++) {
      const col = colIdx[p];
      const j = pos ? pos[col] : col;
      if (j > i) continue;
      if (i - j > b) {
        throw new SysgraphError('bad-value', `factorBandedCholesky: entry (${row}, ${col}) lies outside the half-bandwidth ${b}`, {
          element: 'matrix',
          field: `(${row}, ${col})`,
          expected: `entries with |i − j| ≤ ${b} in the given order`,
        });
      }
      if (!Number.isFinite(values[p])) {
        throw new SysgraphError('bad-value', `factorBandedCholesky: entry (${row}, ${col}) is not finite`, {
          element: 'matrix',
          field: `(${row}, ${col})`,
          expected: 'finite entries',
        });
      }
      l[i * w + (j - i + b)] = values[p];
    }
  }
}

/** max_i |a_ii| from the band. */
function largestDiagonal(l: Float64Array, n: number, b: number): number {
  const w = b + 1;
  let scale = 0;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(l[i * w + b]));
  return scale;
}

/** The band Cholesky in place (the formulas of the file's head); a pivot ≤ 1e-14·scale: not positive definite. */
function factorBand(l: Float64Array, perm: Int32Array | undefined, scale: number, n: number, b: number): void {
  const w = b + 1;
  for (let i = 0; i < n; i++) {
    const ri = i * w;
    for (let j = Math.max(0, i - b); j <= i; j++) {
      const rj = j * w;
      // s = a_ij − Σ_k l_ik l_jk over k = max(i, j) − b … j − 1 (both rows hold k)
      let s = l[ri + (j - i + b)];
      for (let k = Math.max(0, i - b); k < j; k++) s -= l[ri + (k - i + b)] * l[rj + (k - j + b)];
      if (j < i) l[ri + (j - i + b)] = s / l[rj + b];
      else {
        if (!(s > 1e-14 * scale)) throw new NotPositiveDefiniteError(perm ? perm[i] : i);
        l[ri + b] = Math.sqrt(s);
      }
    }
  }
}

/** inv_i = 1 / l_ii. */
function invertDiagonal(l: Float64Array, inv: Float64Array, n: number, b: number): void {
  const w = b + 1;
  for (let i = 0; i < n; i++) inv[i] = 1 / l[i * w + b];
}

/** L y = y, then Lᵀ y = y, for half-bandwidth b (row i of L: l[i·(b + 1) + (j − i + b)]). */
function solveBand(l: Float64Array, inv: Float64Array, y: Float64Array, n: number, b: number): void {
  const w = b + 1;
  for (let i = 0; i < n; i++) {
    const ri = i * w - i + b;
    let s = y[i];
    for (let k = i > b ? i - b : 0; k < i; k++) s -= l[ri + k] * y[k];
    y[i] = s * inv[i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    const kEnd = i + b < n ? i + b : n - 1;
    for (let k = i + 1; k <= kEnd; k++) s -= l[k * w + (i - k + b)] * y[k];
    y[i] = s * inv[i];
  }
}
