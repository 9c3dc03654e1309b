/** csrScaleRows, csrScaleCols, csrScale: diagonal scalings D A, A D and s A without forming D. */
import { CsrMatrix } from './csr-matrix';
import { checkDimension } from './dimension-check';

/** (D A)_ij = d_i a_ij, same pattern. O(nnz + rows). */
export function csrScaleRows(a: CsrMatrix, d: ArrayLike<number>): CsrMatrix {
  checkDimension('csrScaleRows', 'd', d.length, a.rows);
  const values = new Float64Array(a.nnz);
  for (let i = 0; i < a.rows; i++) {
    const di = d[i];
    for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) values[p] = di * a.values[p];
  }
  return new CsrMatrix(a.rows, a.cols, a.rowPtr, a.colIdx, values);
}

/** (A D)_ij = a_ij d_j, same pattern. O(nnz + rows). */
export function csrScaleCols(a: CsrMatrix, d: ArrayLike<number>): CsrMatrix {
  checkDimension('csrScaleCols', 'd', d.length, a.cols);
  const values = new Float64Array(a.nnz);
  for (let p = 0; p < a.nnz; p++) values[p] = a.values[p] * d[a.colIdx[p]];
  return new CsrMatrix(a.rows, a.cols, a.rowPtr, a.colIdx, values);
}

/** s A, same pattern. O(nnz). */
export function csrScale(a: CsrMatrix, s: number): CsrMatrix {
  const values = new Float64Array(a.nnz);
  for (let p = 0; p < a.nnz; p++) values[p] = s * a.values[p];
  return new CsrMatrix(a.rows, a.cols, a.rowPtr, a.colIdx, values);
}
