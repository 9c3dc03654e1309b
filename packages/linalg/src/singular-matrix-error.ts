/** SingularMatrixError: the typed error of a factorisation that meets a zero (or negligible) pivot. */
import { SysgraphError } from '@sysgraph/core';

/**
 * code 'singular-matrix'; `column` is the index (in the caller's numbering) of the column found to be
 * dependent on the columns eliminated before it; it is repeated as a string in `elements` so callers can map
 * it to an element name. `column` is -1 when no single column can be named.
 */
export class SingularMatrixError extends SysgraphError {
  readonly column: number;
  constructor(what: string, column: number, detail: string) {
    const expected = 'a nonsingular matrix (every column independent of the others)';
    super('singular-matrix', `${what}: matrix is singular${column >= 0 ? ` at column ${column}` : ''}: ${detail}`, {
      element: what,
      field: column >= 0 ? `column ${column}` : undefined,
      expected,
      elements: column >= 0 ? [String(column)] : undefined,
    });
    this.name = 'SingularMatrixError';
    this.column = column;
  }
}
