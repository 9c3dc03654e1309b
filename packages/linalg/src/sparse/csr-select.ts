/** csrSelect: the sub-block A(rows, cols) for index lists rows and cols (as MATLAB's A(r, c)). */
import { SysgraphError } from '@sysgraph/core';
import type { CsrMatrix } from './csr-matrix';
import { csrFromTriplets } from './csr-from-triplets';

/**
 * S_{kl} = A_{rows[k], cols[l]}. Rows may repeat; columns must not (each column of A maps to at most one
 * column of S). Output columns follow the order of `cols`, sorted per row by the counting sorts of
 * csrFromTriplets. O(Σ nnz(selected rows) + rows.length + cols.length + A.cols).
 */
export function csrSelect(a: CsrMatrix, rows: ArrayLike<number>, cols: ArrayLike<number>): CsrMatrix {
  const colMap = new Int32Array(a.cols).fill(-1);
  for (let l = 0; l < cols.length; l++) {
    const j = cols[l];
    if (!Number.isInteger(j) || j < 0 || j >= a.cols) {
      throw new SysgraphError('bad-value', `csrSelect: cols[${l}] = ${j} is out of range`, {
        element: 'csrSelect',
        field: `cols[${l}]`,
        expected: `an integer column index in [0, ${a.cols})`,
      });
    }
    if (colMap[j] >= 0) {
      throw new SysgraphError('bad-value', `csrSelect: column ${j} is selected twice`, {
        element: 'csrSelect',
        field: `cols[${l}]`,
        expected: 'distinct column indices',
      });
    }
    colMap[j] = l;
  }
  const ri: number[] = [];
  const ci: number[] = [];
  const v: number[] = [];
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k];
    if (!Number.isInteger(i) || i < 0 || i >= a.rows) {
      throw new SysgraphError('bad-value', `csrSelect: rows[${k}] = ${i} is out of range`, {
        element: 'csrSelect',
        field: `rows[${k}]`,
        expected: `an integer row index in [0, ${a.rows})`,
      });
    }
    for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) {
      const l = colMap[a.colIdx[p]];
      if (l >= 0) {
        ri.push(k);
        ci.push(l);
        v.push(a.values[p]);
      }
    }
  }
  return csrFromTriplets(rows.length, cols.length, ri, ci, v);
}
