/** denseSolve, denseInverse: A X = B and A⁻¹ by LU with partial pivoting (Golub & Van Loan, Alg. 3.4.1). */
import { checkDense, checkVector, fromFlat, toFlat } from './check-dense';
import type { DenseMatrix } from './check-dense';
import { solveFlatInPlace } from './flat-kernels';
import { SysgraphError } from '@sysgraph/core';

/**
 * x = A⁻¹ b for a vector b, X = A⁻¹ B for a matrix B (given as rows). Throws SingularMatrixError
 * ('singular-matrix', with the column of the zero pivot) when a pivot is ≤ 1e-14 · max|a_ij|. O(n³ + n² m).
 */
export function denseSolve(a: DenseMatrix, b: ArrayLike<number>): Float64Array;
export function denseSolve(a: DenseMatrix, b: DenseMatrix): number[][];
export function denseSolve(a: DenseMatrix, b: ArrayLike<number> | DenseMatrix): Float64Array | number[][] {
  const [n] = checkDense(a, 'denseSolve A', { square: true });
  const isVector = b.length === 0 ? true : typeof (b as ArrayLike<unknown>)[0] === 'number';
  if (isVector) {
    const v = b as ArrayLike<number>;
    checkVector(v, 'denseSolve b', n);
    const x = Float64Array.from(v);
    solveFlatInPlace(toFlat(a, n, n), x, n, 1, 'denseSolve');
    return x;
  }
  const bm = b as DenseMatrix;
  const [rows, m] = checkDense(bm, 'denseSolve B');
  if (rows !== n) {
    throw new SysgraphError('bad-value', `denseSolve: B has ${rows} rows, expected ${n}`, {
      element: 'denseSolve B',
      field: 'rows',
      expected: `${n} rows`,
    });
  }
  const x = toFlat(bm, n, m);
  solveFlatInPlace(toFlat(a, n, n), x, n, m, 'denseSolve');
  return fromFlat(x, n, m);
}

/** A⁻¹ (for small matrices and tests; prefer denseSolve). O(n³). */
export function denseInverse(a: DenseMatrix): number[][] {
  const [n] = checkDense(a, 'denseInverse A', { square: true });
  const x = new Float64Array(n * n);
  for (let i = 0; i < n; i++) x[i * n + i] = 1;
  solveFlatInPlace(toFlat(a, n, n), x, n, n, 'denseInverse');
  return fromFlat(x, n, n);
}
