/** Dimension checks shared by the sparse operations: one typed error for every shape mismatch. */
import { SysgraphError } from '@sysgraph/core';

/** Throws SysgraphError('bad-value') when `actual` differs from `expected`. */
export function checkDimension(what: string, field: string, actual: number, expected: number): void {
  if (actual !== expected) {
    throw new SysgraphError('bad-value', `${what}: ${field} has size ${actual}, expected ${expected}`, {
      element: what,
      field,
      expected: `size ${expected}`,
    });
  }
}
