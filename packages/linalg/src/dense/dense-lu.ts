/**
 * factorDenseLU: P A = L U with partial pivoting of a DenseMatrix, kept for repeated solves (Golub & Van Loan,
 * Algorithm 3.4.1; the loops are lu-in-place.ts). A copies; the factor is reused by every solve.
 */
import type { DenseMatrix } from './dense-matrix';
import { luFactorInPlace, luSolveInPlace, luSolveMatrixInPlace } from './lu-in-place';
import { SingularMatrixError } from '../singular-matrix-error';
import { SysgraphError } from '@sysgraph/core';

export interface DenseLU {
  readonly n: number;
  /** x = A⁻¹ b; writes into out (a new array when absent; out may be b itself). O(n²). */
  solve(b: ArrayLike<number>, out?: Float64Array): Float64Array;
  /** X = A⁻¹ B for a DenseMatrix B with n rows. O(n² m). */
  solveMatrix(b: DenseMatrix): DenseMatrix;
}

export interface DenseLUOptions {
  /**
   * A pivot ≤ singularTol · max|A| counts as zero (default n · 1e-15: below that the solution carries no
   * significant digit).
   */
  readonly singularTol?: number;
}

/**
 * Factors a square DenseMatrix. Throws SingularMatrixError (code 'singular-matrix', element `what`, the column of
 * the zero pivot) when a pivot is negligible, SysgraphError('bad-value') when A is not square. O(n³).
 */
export function factorDenseLU(a: DenseMatrix, what = 'matrix', options: DenseLUOptions = {}): DenseLU {
  const n = a.rows;
  if (a.cols !== n || a.data.length !== n * n) {
    throw new SysgraphError('bad-value', `${what}: matrix is ${a.rows}×${a.cols} (${a.data.length} entries), not square`, {
      element: what,
      field: 'cols',
      expected: 'a square matrix with rows · cols entries',
    });
  }
  const lu = Float64Array.from(a.data);
  const piv = new Int32Array(n);
  if (!luFactorInPlace(lu, n, piv, options.singularTol ?? n * 1e-15)) {
    throw new SingularMatrixError(what, piv.indexOf(-1), 'zero pivot in Gaussian elimination');
  }
  const solve = (b: ArrayLike<number>, out = new Float64Array(n)): Float64Array => {
    if (out !== b) for (let i = 0; i < n; i++) out[i] = b[i];
    luSolveInPlace(lu, n, piv, out);
    return out;
  };
  const solveMatrix = (b: DenseMatrix): DenseMatrix => {
    if (b.rows !== n) {
      throw new SysgraphError('bad-value', `${what}: right-hand side has ${b.rows} rows, expected ${n}`, {
        element: what,
        field: 'rows',
        expected: `${n} rows`,
      });
    }
    const x = Float64Array.from(b.data);
    luSolveMatrixInPlace(lu, n, piv, x, b.cols);
    return { rows: n, cols: b.cols, data: x };
  };
  return { n, solve, solveMatrix };
}
