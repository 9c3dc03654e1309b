/** csrFromDense, csrToDense: conversions between CSR and dense row arrays (for tests, printing, small blocks). */
import { SysgraphError } from '@sysgraph/core';
import { CsrMatrix } from './csr-matrix';

/** Keeps the entries with |a_ij| > tol (tol = 0: every nonzero); rows must have equal length. O(rows·cols). */
export function csrFromDense(a: ArrayLike<ArrayLike<number>>, tol = 0): CsrMatrix {
  const rows = a.length;
  const cols = rows > 0 ? a[0].length : 0;
  const rowPtr = new Int32Array(rows + 1);
  const colIdx: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < rows; i++) {
    const row = a[i];
    if (row.length !== cols) {
      throw new SysgraphError('bad-value', `dense matrix: row ${i} has ${row.length} entries, not ${cols}`, {
        element: 'matrix',
        field: `[${i}]`,
        expected: `${cols} entries in every row`,
      });
    }
    for (let j = 0; j < cols; j++) {
      const x = row[j];
      if (!Number.isFinite(x)) {
        throw new SysgraphError('bad-value', `dense matrix: entry (${i}, ${j}) is not finite`, {
          element: 'matrix',
          field: `[${i}][${j}]`,
          expected: 'a finite number',
        });
      }
      if (Math.abs(x) > tol) {
        colIdx.push(j);
        values.push(x);
      }
    }
    rowPtr[i + 1] = colIdx.length;
  }
  return new CsrMatrix(rows, cols, rowPtr, Int32Array.from(colIdx), Float64Array.from(values));
}

/** The dense rows of A; O(rows·cols). */
export function csrToDense(a: CsrMatrix): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < a.rows; i++) {
    const row = new Array<number>(a.cols).fill(0);
    for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) row[a.colIdx[p]] = a.values[p];
    out.push(row);
  }
  return out;
}
