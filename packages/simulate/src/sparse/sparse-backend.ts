/**
 * The sparse kernels of @sysgraph/linalg the stiff solver uses: C = αA + βB, the identity, and the sparse LU
 * with AMD ordering (one factorisation per step size, then one triangular solve pair per stage).
 */
import {
  bandIsNarrow,
  chainOrdering,
  csrAdd,
  csrIdentity,
  csrScale,
  factorBandedCholesky,
  factorSparseLU,
  factorTwistedTridiagonal,
  halfBandwidth,
  NotPositiveDefiniteError,
  rcmOrdering,
  refactorSparseLU,
  tridiagonalEntries,
} from '@sysgraph/linalg';
import type { CsrMatrix, SparseLU } from '@sysgraph/linalg';
import type { LinearSolve } from '../problem/ode-problem';

/** Factorise the CSR matrix a (square) with AMD ordering. */
export function factorSparse(a: CsrMatrix): LinearSolve {
  const lu = factorSparseLU(a, { ordering: 'amd' });
  return { solve: (b, out) => lu.solve(b, out) as Float64Array };
}

/**
 * Factorise the symmetric matrix a that is expected to be definite: s·a positive definite for `sign` s
 * (symmetricPlan, symmetricFactoriser).
 */
export function factorSymmetricDefinite(a: CsrMatrix, sign: 1 | -1, plan = symmetricPlan(a)): LinearSolve {
  return symmetricFactoriser(plan, sign)(a);
}

/** How symmetric matrices of one pattern are factorised: banded Cholesky in `ordering`, or the sparse LU. */
export interface SymmetricPlan {
  readonly banded: boolean;
  /** Symmetric permutation of the banded factorisation (undefined: natural order). */
  readonly ordering?: Int32Array;
  /** Its inverse: position[ordering[k]] = k. */
  readonly position?: Int32Array;
  readonly bandwidth: number;
}

/**
 * The method for a pattern: banded when the band is narrow in the natural order, in the order of a walk along
 * the paths (chains: ladders, lines, in any labelling; O(nnz), chainOrdering) or after reverse Cuthill–McKee, else
 * the sparse LU (grids, meshes). O(nnz) plus the RCM searches when the graph is not a union of paths.
 * A plan made for A serves every matrix whose pattern lies within A's pattern plus the diagonal.
 */
export function symmetricPlan(pattern: CsrMatrix): SymmetricPlan {
  const natural = halfBandwidth(pattern);
  if (bandIsNarrow(pattern, natural)) return { banded: true, bandwidth: natural };
  const chain = chainOrdering(pattern);
  if (chain) return { banded: true, ordering: chain, position: inversePermutation(chain), bandwidth: 1 };
  const ordering = rcmOrdering(pattern);
  const bandwidth = halfBandwidth(pattern, ordering);
  return bandIsNarrow(pattern, bandwidth) ? { banded: true, ordering, position: inversePermutation(ordering), bandwidth } : { banded: false, bandwidth };
}

/**
 * A factoriser for symmetric matrices that are expected to be definite (s·a positive definite for `sign` s), by
 * the plan: the banded Cholesky of s·a, O(n b²) with no fill-reducing ordering, or the sparse LU with AMD (its
 * pattern reused for later matrices). A pivot that is not positive (a not definite after all) falls back to the
 * sparse LU for this and later matrices.
 */
export function symmetricFactoriser(plan: SymmetricPlan, sign: 1 | -1): (a: CsrMatrix) => LinearSolve {
  let banded = plan.banded;
  const general = sparseRefactorer();
  return (a) => {
    if (banded && plan.bandwidth <= 1) {
      // tridiagonal in the plan's order: the two-ended factorisation of s·a (s folded into its entries), a⁻¹ = s (s·a)⁻¹
      try {
        const { diagonal, offDiagonal } = tridiagonalEntries(a, plan.ordering, sign, plan.position);
        const l = factorTwistedTridiagonal(diagonal, offDiagonal, plan.ordering);
        if (sign === 1) return { solve: (rhs, out) => l.solve(rhs, out) };
        return { solve: (rhs, out) => negate(l.solve(rhs, out)) };
      } catch (e) {
        if (!(e instanceof NotPositiveDefiniteError)) throw e;
        banded = false;
      }
    }
    if (banded) {
      try {
        const l = factorBandedCholesky(sign === 1 ? a : csrNegate(a), { ordering: plan.ordering, bandwidth: plan.bandwidth });
        if (sign === 1) return { solve: (rhs, out) => l.solve(rhs, out) };
        return { solve: (rhs, out) => negate(l.solve(rhs, out)) };
      } catch (e) {
        if (!(e instanceof NotPositiveDefiniteError)) throw e;
        banded = false;
      }
    }
    return general(a);
  };
}

function inversePermutation(perm: Int32Array): Int32Array {
  const position = new Int32Array(perm.length);
  for (let k = 0; k < perm.length; k++) position[perm[k]] = k;
  return position;
}

function negate(x: Float64Array): Float64Array {
  for (let i = 0; i < x.length; i++) x[i] = -x[i];
  return x;
}

function csrNegate(a: CsrMatrix): CsrMatrix {
  return csrScale(a, -1);
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
