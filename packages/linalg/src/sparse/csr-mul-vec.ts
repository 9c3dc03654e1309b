/** csrMulVec, csrMulVecAdd, csrTransposeMulVec: sparse matrix–vector products over typed arrays. */
import type { CsrMatrix } from './csr-matrix';
import { checkDimension } from './dimension-check';

/** y = A x (y is overwritten; allocated when absent). O(nnz + rows). */
export function csrMulVec(a: CsrMatrix, x: ArrayLike<number>, y?: Float64Array): Float64Array {
  checkDimension('csrMulVec', 'x', x.length, a.cols);
  const out = y ?? new Float64Array(a.rows);
  checkDimension('csrMulVec', 'y', out.length, a.rows);
  const { rowPtr, colIdx, values } = a;
  for (let i = 0; i < a.rows; i++) {
    // y_i = Σ_p A_{i, colIdx[p]} x_{colIdx[p]}
    let s = 0;
    for (let p = rowPtr[i], end = rowPtr[i + 1]; p < end; p++) s += values[p] * x[colIdx[p]];
    out[i] = s;
  }
  return out;
}

/** y += α A x (in place; returns y). O(nnz + rows). */
export function csrMulVecAdd(a: CsrMatrix, x: ArrayLike<number>, y: Float64Array, alpha = 1): Float64Array {
  checkDimension('csrMulVecAdd', 'x', x.length, a.cols);
  checkDimension('csrMulVecAdd', 'y', y.length, a.rows);
  const { rowPtr, colIdx, values } = a;
  for (let i = 0; i < a.rows; i++) {
    let s = 0;
    for (let p = rowPtr[i], end = rowPtr[i + 1]; p < end; p++) s += values[p] * x[colIdx[p]];
    y[i] += alpha * s;
  }
  return y;
}

/** y = Aᵀ x without forming Aᵀ (scatter by rows). O(nnz + rows + cols). */
export function csrTransposeMulVec(a: CsrMatrix, x: ArrayLike<number>, y?: Float64Array): Float64Array {
  checkDimension('csrTransposeMulVec', 'x', x.length, a.rows);
  const out = y ?? new Float64Array(a.cols);
  checkDimension('csrTransposeMulVec', 'y', out.length, a.cols);
  out.fill(0);
  const { rowPtr, colIdx, values } = a;
  for (let i = 0; i < a.rows; i++) {
    // y_j += A_ij x_i for the stored j of row i
    const xi = x[i];
    if (xi === 0) continue;
    for (let p = rowPtr[i], end = rowPtr[i + 1]; p < end; p++) out[colIdx[p]] += values[p] * xi;
  }
  return out;
}
