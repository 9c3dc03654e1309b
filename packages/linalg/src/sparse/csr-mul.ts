/** csrMul: sparse product C = A B by Gustavson's row-wise algorithm (Gustavson, ACM TOMS 4(3), 1978). */
import { CsrMatrix } from './csr-matrix';
import { checkDimension } from './dimension-check';

/**
 * Row i of C: c_i* = Σ_{k ∈ row i of A} a_ik b_k*, accumulated in a dense workspace with a marker array.
 * Two passes: a symbolic one sizes C exactly, the numeric one fills it; each row's columns are sorted
 *. Structural zeros
 * produced by cancellation are kept. O(flops + rows + cols) plus the per-row sorts.
 */
export function csrMul(a: CsrMatrix, b: CsrMatrix): CsrMatrix {
  checkDimension('csrMul', 'b.rows', b.rows, a.cols);
  const rows = a.rows;
  const cols = b.cols;
  const mark = new Int32Array(cols).fill(-1);

  // Symbolic pass: nnz of each row of C.
  const rowPtr = new Int32Array(rows + 1);
  for (let i = 0; i < rows; i++) {
    let count = 0;
    for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) {
      const k = a.colIdx[p];
      for (let q = b.rowPtr[k]; q < b.rowPtr[k + 1]; q++) {
        const j = b.colIdx[q];
        if (mark[j] !== i) {
          mark[j] = i;
          count++;
        }
      }
    }
    rowPtr[i + 1] = rowPtr[i] + count;
  }

  // Numeric pass.
  const nnz = rowPtr[rows];
  const colIdx = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  const acc = new Float64Array(cols);
  mark.fill(-1);
  for (let i = 0; i < rows; i++) {
    const start = rowPtr[i];
    let end = start;
    for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) {
      const k = a.colIdx[p];
      const aik = a.values[p];
      for (let q = b.rowPtr[k]; q < b.rowPtr[k + 1]; q++) {
        const j = b.colIdx[q];
        if (mark[j] !== i) {
          mark[j] = i;
          colIdx[end++] = j;
          acc[j] = aik * b.values[q];
        } else {
          acc[j] += aik * b.values[q];
        }
      }
    }
    colIdx.subarray(start, end).sort();
    for (let p = start; p < end; p++) values[p] = acc[colIdx[p]];
  }
  return new CsrMatrix(rows, cols, rowPtr, colIdx, values);
}
