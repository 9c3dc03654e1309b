/** csrTranspose: Aᵀ by a counting sort on columns (Davis 2006, cs_transpose). */
import { CsrMatrix } from './csr-matrix';

/** (Aᵀ)_{ji} = A_{ij}; rows of the result come out sorted because rows of A are visited in order. O(nnz + rows + cols). */
export function csrTranspose(a: CsrMatrix): CsrMatrix {
  const { rows, cols, rowPtr, colIdx, values } = a;
  const nnz = rowPtr[rows];
  const tPtr = new Int32Array(cols + 1);
  for (let p = 0; p < nnz; p++) tPtr[colIdx[p] + 1]++;
  for (let j = 0; j < cols; j++) tPtr[j + 1] += tPtr[j];
  const next = tPtr.slice(0, cols);
  const tIdx = new Int32Array(nnz);
  const tVal = new Float64Array(nnz);
  for (let i = 0; i < rows; i++) {
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const dst = next[colIdx[p]]++;
      tIdx[dst] = i;
      tVal[dst] = values[p];
    }
  }
  return new CsrMatrix(cols, rows, tPtr, tIdx, tVal);
}
