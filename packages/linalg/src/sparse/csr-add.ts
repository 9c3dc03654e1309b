/** csrAdd: C = α A + β B by merging sorted rows. */
import { CsrMatrix } from './csr-matrix';
import { checkDimension } from './dimension-check';

/** c_ij = α a_ij + β b_ij over the union of the patterns (cancellations are kept as explicit zeros). O(nnz(A) + nnz(B) + rows). */
export function csrAdd(alpha: number, a: CsrMatrix, beta: number, b: CsrMatrix): CsrMatrix {
  checkDimension('csrAdd', 'b.rows', b.rows, a.rows);
  checkDimension('csrAdd', 'b.cols', b.cols, a.cols);
  const rows = a.rows;
  const cap = a.nnz + b.nnz;
  const colIdx = new Int32Array(cap);
  const values = new Float64Array(cap);
  const rowPtr = new Int32Array(rows + 1);
  let out = 0;
  for (let i = 0; i < rows; i++) {
    let p = a.rowPtr[i];
    const pEnd = a.rowPtr[i + 1];
    let q = b.rowPtr[i];
    const qEnd = b.rowPtr[i + 1];
    while (p < pEnd || q < qEnd) {
      const ja = p < pEnd ? a.colIdx[p] : 0x7fffffff;
      const jb = q < qEnd ? b.colIdx[q] : 0x7fffffff;
      if (ja < jb) {
        colIdx[out] = ja;
        values[out++] = alpha * a.values[p++];
      } else if (jb < ja) {
        colIdx[out] = jb;
        values[out++] = beta * b.values[q++];
      } else {
        colIdx[out] = ja;
        values[out++] = alpha * a.values[p++] + beta * b.values[q++];
      }
    }
    rowPtr[i + 1] = out;
  }
  return new CsrMatrix(rows, a.cols, rowPtr, colIdx.slice(0, out), values.slice(0, out));
}
