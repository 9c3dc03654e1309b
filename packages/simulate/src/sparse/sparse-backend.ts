/**
 * The sparse kernels of @sysgraph/linalg the stiff solver uses: C = αA + βB, the identity, and the sparse LU
 * with AMD ordering (one factorisation per step size, then one triangular solve pair per stage).
 */
import { csrAdd, csrIdentity, factorSparseLU } from '@sysgraph/linalg';
import type { CsrMatrix } from '@sysgraph/linalg';
import type { LinearSolve } from '../problem/ode-problem';

/** Factorise the CSR matrix a (square) with AMD ordering. */
export function factorSparse(a: CsrMatrix): LinearSolve {
  const lu = factorSparseLU(a, { ordering: 'amd' });
  return { solve: (b, out) => lu.solve(b, out) as Float64Array };
}

/** alpha·A + beta·B, with B = I when absent. */
export function sparseCombine(alpha: number, a: CsrMatrix, beta: number, b?: CsrMatrix): CsrMatrix {
  return csrAdd(alpha, a, beta, b ?? csrIdentity(a.rows));
}
