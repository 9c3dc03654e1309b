/**
 * The diagonal and off-diagonal of P A Pᵀ for a symmetric A that is tridiagonal in the order P (perm[k] = the
 * row/column of A at position k), scaled by s:
 *
 *   diagonal_k = s · a(perm[k], perm[k]),  offDiagonal_k = s · a(perm[k + 1], perm[k])
 *
 * Only the lower triangle (in the permuted order) is read, as in the banded Cholesky. O(nnz + n).
 */
import { SysgraphError } from '@sysgraph/core';
import type { CsrMatrix } from './csr-matrix';

export interface TridiagonalEntries {
  readonly diagonal: Float64Array;
  /** offDiagonal[k] = T(k + 1, k) = T(k, k + 1); length n (the last entry is 0). */
  readonly offDiagonal: Float64Array;
}

/**
 * The tridiagonal of s · P a Pᵀ; `perm` absent: the natural order; `position` (position[perm[k]] = k), when the
 * caller has it, saves inverting perm. Throws 'bad-value' for an entry outside the band or not finite.
 */
export function tridiagonalEntries(a: CsrMatrix, perm?: Int32Array, s = 1, position?: Int32Array): TridiagonalEntries {
  const n = a.rows;
  const pos = perm ? (position ?? inverse(perm)) : undefined;
  const diagonal = new Float64Array(n);
  const offDiagonal = new Float64Array(n);
  // made before the loop, only `return` after it: see twisted-tridiagonal.ts, twistedPivots
  const entries = { diagonal, offDiagonal };
  const { rowPtr, colIdx, values } = a;
  for (let row = 0; row < n; row++) {
    const i = pos ? pos[row] : row;
    for (let q = rowPtr[row]; q < rowPtr[row + 1]; q++) {
      const col = colIdx[q];
      const j = pos ? pos[col] : col;
      if (j > i) continue;
      const v = values[q];
      if (!Number.isFinite(v)) {
        throw new SysgraphError('bad-value', `tridiagonalEntries: entry (${row}, ${col}) is not finite`, {
          element: 'matrix',
          field: `(${row}, ${col})`,
          expected: 'finite entries',
        });
      }
      if (j === i) diagonal[i] += s * v;
      else if (j === i - 1) offDiagonal[j] += s * v;
      else {
        throw new SysgraphError('bad-value', `tridiagonalEntries: entry (${row}, ${col}) lies outside the half-bandwidth 1`, {
          element: 'matrix',
          field: `(${row}, ${col})`,
          expected: 'entries with |i − j| ≤ 1 in the given order',
        });
      }
    }
  }
  return entries;
}

function inverse(perm: Int32Array): Int32Array {
  const pos = new Int32Array(perm.length);
  for (let k = 0; k < perm.length; k++) pos[perm[k]] = k;
  return pos;
}
