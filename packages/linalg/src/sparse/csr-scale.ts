/** csrScaleRows, csrScaleCols, csrScale: diagonal scalings D A, A D and s A without forming D. */
import { CsrMatrix } from './csr-matrix';
import { checkDimension } from './dimension-check';

/** (D A)_ij = d_i a_ij, same pattern. O(nnz + rows). */
export function csrScaleRows(a: CsrMatrix, d: ArrayLike<number>): CsrMatrix {
  checkDimension('csrScaleRows', 'd', d.length, a.rows);
  // the result is made before the loop and nothing but `return` follows it: V8 compiles a long loop by on-stack
  // replacement during the first call, and Node 20's V8 re-entered that code on later calls and deoptimised at the
  // first statement after the loop that had not run yet (five times per 10⁴-section ladder's formulation)
  const { rows, rowPtr, values: av } = a;
  const values = new Float64Array(a.nnz);
  const scaled = new CsrMatrix(rows, a.cols, rowPtr, a.colIdx, values);
  for (let i = 0; i < rows; i++) {
    const di = d[i];
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) values[p] = di * av[p];
  }
  return scaled;
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
