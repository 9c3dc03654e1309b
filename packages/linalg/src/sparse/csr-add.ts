/** csrAdd: C = α A + β B by merging sorted rows. */
import { CsrMatrix } from './csr-matrix';
import { checkDimension } from './dimension-check';

/**
 * c_ij = α a_ij + β b_ij over the union of the patterns (cancellations are kept as explicit zeros).
 * An operand with no stored entries makes it a scaling of the other (the operand itself when its factor is 1).
 * O(nnz(A) + nnz(B) + rows): a count pass sizes C exactly, a fill pass merges.
 */
export function csrAdd(alpha: number, a: CsrMatrix, beta: number, b: CsrMatrix): CsrMatrix {
  checkDimension('csrAdd', 'b.rows', b.rows, a.rows);
  checkDimension('csrAdd', 'b.cols', b.cols, a.cols);
  if (b.nnz === 0) return scaled(alpha, a);
  if (a.nnz === 0) return scaled(beta, b);
  const rows = a.rows;
  const aPtr = a.rowPtr, aIdx = a.colIdx, aVal = a.values;
  const bPtr = b.rowPtr, bIdx = b.colIdx, bVal = b.values;
  const rowPtr = new Int32Array(rows + 1);
  // Count pass: |row i of A ∪ row i of B|.
  let nnz = 0;
  for (let i = 0; i < rows; i++) {
    let p = aPtr[i];
    const pEnd = aPtr[i + 1];
    let q = bPtr[i];
    const qEnd = bPtr[i + 1];
    while (p < pEnd && q < qEnd) {
      const ja = aIdx[p];
      const jb = bIdx[q];
      if (ja <= jb) p++;
      if (jb <= ja) q++;
      nnz++;
    }
    nnz += pEnd - p + (qEnd - q);
    rowPtr[i + 1] = nnz;
  }
  // Fill pass.
  const colIdx = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let out = 0;
  for (let i = 0; i < rows; i++) {
    let p = aPtr[i];
    const pEnd = aPtr[i + 1];
    let q = bPtr[i];
    const qEnd = bPtr[i + 1];
    while (p < pEnd || q < qEnd) {
      const ja = p < pEnd ? aIdx[p] : 0x7fffffff;
      const jb = q < qEnd ? bIdx[q] : 0x7fffffff;
      if (ja < jb) {
        colIdx[out] = ja;
        values[out++] = alpha * aVal[p++];
      } else if (jb < ja) {
        colIdx[out] = jb;
        values[out++] = beta * bVal[q++];
      } else {
        colIdx[out] = ja;
        values[out++] = alpha * aVal[p++] + beta * bVal[q++];
      }
    }
  }
  return new CsrMatrix(rows, a.cols, rowPtr, colIdx, values);
}

/** s A (A itself for s = 1: instances are immutable). O(nnz). */
function scaled(s: number, a: CsrMatrix): CsrMatrix {
  if (s === 1) return a;
  const values = new Float64Array(a.nnz);
  for (let p = 0; p < values.length; p++) values[p] = s * a.values[p];
  return new CsrMatrix(a.rows, a.cols, a.rowPtr, a.colIdx, values);
}
