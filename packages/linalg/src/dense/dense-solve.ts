/** denseSolve, denseInverse: A X = B and A⁻¹ by LU with partial pivoting (Golub & Van Loan, Alg. 3.4.1). */
import { checkDense, checkVector, fromFlat, toFlat } from './check-dense';
import type { DenseRows } from './check-dense';
import { luFactorInPlace, luSolveMatrixInPlace } from './lu-in-place';
import { SingularMatrixError } from '../singular-matrix-error';
import { SysgraphError } from '@sysgraph/core';

/**
 * x = A⁻¹ b for a vector b, X = A⁻¹ B for a matrix B (given as rows). Throws SingularMatrixError
 * ('singular-matrix', with the column of the zero pivot) when a pivot is ≤ 1e-14 · max|a_ij|. O(n³ + n² m).
 */
export function denseSolve(a: DenseRows, b: ArrayLike<number>): Float64Array;
export function denseSolve(a: DenseRows, b: DenseRows): number[][];
export function denseSolve(a: DenseRows, b: ArrayLike<number> | DenseRows): Float64Array | number[][] {
  const [n] = checkDense(a, 'denseSolve A', { square: true });
  const isVector = b.length === 0 ? true : typeof (b as ArrayLike<unknown>)[0] === 'number';
  if (isVector) {
    const v = b as ArrayLike<number>;
    checkVector(v, 'denseSolve b', n);
    const x = Float64Array.from(v);
    solveInPlace(toFlat(a, n, n), x, n, 1, 'denseSolve');
    return x;
  }
  const bm = b as DenseRows;
  const [rows, m] = checkDense(bm, 'denseSolve B');
  if (rows !== n) {
    throw new SysgraphError('bad-value', `denseSolve: B has ${rows} rows, expected ${n}`, {
      element: 'denseSolve B',
      field: 'rows',
      expected: `${n} rows`,
    });
  }
  const x = toFlat(bm, n, m);
  solveInPlace(toFlat(a, n, n), x, n, m, 'denseSolve');
  return fromFlat(x, n, m);
}

/** A⁻¹ (for small matrices and tests; prefer denseSolve). O(n³). */
export function denseInverse(a: DenseRows): number[][] {
  const [n] = checkDense(a, 'denseInverse A', { square: true });
  const x = new Float64Array(n * n);
  for (let i = 0; i < n; i++) x[i * n + i] = 1;
  solveInPlace(toFlat(a, n, n), x, n, n, 'denseInverse');
  return fromFlat(x, n, n);
}

/** A X = B in place (A destroyed, B n×m row-major becomes X); a pivot ≤ 1e-14 · max|A| is SingularMatrixError. */
function solveInPlace(a: Float64Array, b: Float64Array, n: number, m: number, what: string): void {
  const piv = new Int32Array(n);
  if (!luFactorInPlace(a, n, piv, 1e-14)) throw new SingularMatrixError(what, piv.indexOf(-1), 'zero pivot in Gaussian elimination');
  luSolveMatrixInPlace(a, n, piv, b, m);
}
