/**
 * The sparse kernels of @sysgraph/linalg the stiff solver uses: C = αA + βB, the identity, and the sparse LU
 * with AMD ordering (one factorisation per step size, then one triangular solve pair per stage).
 */
import { csrAdd, csrIdentity, factorSparseLU, refactorSparseLU } from '@sysgraph/linalg';
import type { CsrMatrix, SparseLU } from '@sysgraph/linalg';
import type { LinearSolve } from '../problem/ode-problem';

/** Factorise the CSR matrix a (square) with AMD ordering. */
export function factorSparse(a: CsrMatrix): LinearSolve {
  const lu = factorSparseLU(a, { ordering: 'amd' });
  return { solve: (b, out) => lu.solve(b, out) as Float64Array };
}

/**
 * A factoriser for a sequence of matrices of one sparsity pattern (M − hγA for changing h): the first is
 * factorised with AMD; later ones reuse its column order, pivot rows and factor patterns (refactorSparseLU),
 * which repeats only the numeric work.
 */
export function sparseRefactorer(): (a: CsrMatrix) => LinearSolve {
  let last: SparseLU | undefined;
  return (a) => {
    const lu = last ? refactorSparseLU(last, a) : factorSparseLU(a, { ordering: 'amd' });
    last = lu;
    return { solve: (b, out) => lu.solve(b, out) as Float64Array };
  };
}

/** alpha·A + beta·B, with B = I when absent. */
export function sparseCombine(alpha: number, a: CsrMatrix, beta: number, b?: CsrMatrix): CsrMatrix {
  return csrAdd(alpha, a, beta, b ?? csrIdentity(a.rows));
}
