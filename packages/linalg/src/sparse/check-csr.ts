/** checkCsr: validate the invariants of a CsrMatrix built outside the package (boundary check). */
import { SysgraphError } from '@sysgraph/core';
import type { CsrMatrix } from './csr-matrix';

/** Throws SysgraphError('bad-value') naming the first broken invariant; O(nnz + rows). */
export function checkCsr(a: CsrMatrix, name = 'matrix'): void {
  const { rows, cols, rowPtr, colIdx, values } = a;
  const fail = (field: string, expected: string): never => {
    throw new SysgraphError('bad-value', `${name}: ${field} is invalid; expected ${expected}`, {
      element: name,
      field,
      expected,
    });
  };
  if (!Number.isInteger(rows) || rows < 0) fail('rows', 'a non-negative integer');
  if (!Number.isInteger(cols) || cols < 0) fail('cols', 'a non-negative integer');
  if (rowPtr.length !== rows + 1 || rowPtr[0] !== 0) fail('rowPtr', `length rows + 1 = ${rows + 1} starting at 0`);
  const nnz = rowPtr[rows];
  if (colIdx.length < nnz || values.length < nnz) fail('colIdx', `at least nnz = ${nnz} column indices and values`);
  for (let i = 0; i < rows; i++) {
    const start = rowPtr[i];
    const end = rowPtr[i + 1];
    if (end < start) fail(`rowPtr[${i + 1}]`, 'non-decreasing row pointers');
    for (let p = start; p < end; p++) {
      const j = colIdx[p];
      if (j < 0 || j >= cols) fail(`colIdx[${p}]`, `a column index in [0, ${cols})`);
      if (p > start && j <= colIdx[p - 1]) fail(`colIdx[${p}]`, `strictly increasing column indices in row ${i}`);
    }
  }
}
