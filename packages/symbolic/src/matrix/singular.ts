/** The error of a singular matrix: which column has no usable pivot. */
import { SysgraphError } from '@sysgraph/core';

export function singularMatrix(column: number, n: number): SysgraphError {
  return new SysgraphError('singular-matrix', `the ${n}×${n} matrix is singular (no pivot in column ${column})`, {
    field: `column ${column}`,
    expected: 'a nonsingular matrix',
  });
}

export function notSquare(rows: number, cols: number): SysgraphError {
  return new SysgraphError('bad-value', `a ${rows}×${cols} matrix is not square`, {
    field: 'shape',
    expected: 'a square matrix',
  });
}

export function rhsMismatch(n: number, rows: number): SysgraphError {
  return new SysgraphError('bad-value', `right-hand side has ${rows} rows, the matrix ${n}`, {
    field: 'shape',
    expected: `a right-hand side with ${n} rows`,
  });
}
