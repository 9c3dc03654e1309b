/** The error of the Cholesky-type factorisations (banded, twisted tridiagonal) when a pivot is not positive. */
import { SysgraphError } from '@sysgraph/core';

/** Thrown when a pivot is not positive: the matrix is not positive definite (callers may fall back to LU); `row` in A's numbering. */
export class NotPositiveDefiniteError extends SysgraphError {
  readonly row: number;
  constructor(row: number) {
    super('singular-matrix', `factorBandedCholesky: the matrix is not positive definite (pivot ${row})`, {
      element: 'factorBandedCholesky',
      field: `row ${row}`,
      expected: 'a symmetric positive definite matrix',
    });
    this.name = 'NotPositiveDefiniteError';
    this.row = row;
  }
}
