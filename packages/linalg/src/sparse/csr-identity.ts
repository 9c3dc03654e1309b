/** csrIdentity, csrDiagonal: diagonal matrices in CSR form. */
import { CsrMatrix } from './csr-matrix';

/** D = diag(d), every diagonal entry stored (zeros included, so the pattern is the full diagonal). O(n). */
export function csrDiagonal(d: ArrayLike<number>): CsrMatrix {
  const n = d.length;
  const rowPtr = new Int32Array(n + 1);
  const colIdx = new Int32Array(n);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    rowPtr[i + 1] = i + 1;
    colIdx[i] = i;
    values[i] = d[i];
  }
  return new CsrMatrix(n, n, rowPtr, colIdx, values);
}

/** scale · I_n. O(n). */
export function csrIdentity(n: number, scale = 1): CsrMatrix {
  return csrDiagonal(new Float64Array(n).fill(scale));
}
