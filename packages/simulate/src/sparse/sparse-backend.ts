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
 * the paths (chains: ladders, lines, in any labelling; O(nnz), chainOrdering) or after reverse Cuthill–McKee, or
 * when the band's whole work is small (bandIsCheap: small grids and meshes), else the sparse LU (large grids,
 * meshes). O(nnz) plus the RCM searches when the graph is not a union of paths.
 * A plan made for A serves every matrix whose pattern lies within A's pattern plus the diagonal.
 */
export function symmetricPlan(pattern: CsrMatrix): SymmetricPlan {
  const natural = halfBandwidth(pattern);
  if (bandIsNarrow(pattern, natural)) return { banded: true, bandwidth: natural };
  const chain = chainOrdering(pattern);
  if (chain) return { banded: true, ordering: chain, position: inversePermutation(chain), bandwidth: 1 };
  const ordering = rcmOrdering(pattern);
  const bandwidth = halfBandwidth(pattern, ordering);
  const banded = bandIsNarrow(pattern, bandwidth) || bandIsCheap(pattern.rows, bandwidth);
  return banded ? { banded: true, ordering, position: inversePermutation(ordering), bandwidth } : { banded: false, bandwidth };
}

/**
 * The banded Cholesky's work n (b + 1)² per factorisation, below which it is taken even for a band wider than
 * the matrix's entries (the 32 × 32 RC grid: n = 1024, b = 32 after RCM, 1.1·10⁶). Its factorisation and solves
 * are plain loops over contiguous rows that V8 optimises within their first call, where the sparse LU's
 * Gilbert–Peierls column searches and AMD ordering ran mostly in the interpreter and baseline tiers in a whole
 * process (≈ 0.25 s of the 32 × 32 grid's 1 s profile for four factorisations at a load of 10); above the bound
 * (the 100 × 100 grid: 10⁸) the fill-reducing sparse LU does asymptotically less work.
 */
export const BANDED_WORK_LIMIT = 2 ** 21;

export function bandIsCheap(n: number, bandwidth: number): boolean {
  return n * (bandwidth + 1) * (bandwidth + 1) <= BANDED_WORK_LIMIT;
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
