/**
 * The small-matrix side of the shift-and-invert Krylov approximation of the exponential (Moret & Novati,
 * BIT 44, 2004; van den Eshof & Hochbruck, SIAM J. Sci. Comput. 27(4), 2006):
 *
 *   Z = (M̂ − γÂ)⁻¹ M̂,  Z V_k ≈ V_k H_k  ⇒  M̂⁻¹Â ≈ V_k Ĵ_k V_kᵀ,  Ĵ_k = (I − H_k⁻¹)/γ
 *   e^{σ M̂⁻¹Â} w0 ≈ β V_k y_k(σ),  y_k(σ) = e^{σ Ĵ_k} e_1
 *
 * y_k(σ) for many σ: Ĵ_k formed once (one LU of H_k), then the ladder of its propagators (exponential-ladder.ts:
 * Padé at the finest rung, squarings kept; O(k³) per rung, O(k²) per σ on the rungs). No eigendecomposition of
 * the non-symmetric H_k (ml-matrix's took 7 of 8.8 s on a 200-state RLC line, and its eigenvectors may be
 * ill-conditioned). The symmetric (Lanczos) case diagonalises its tridiagonal H_k orthogonally instead.
 */
import type { ArnoldiBasis } from './arnoldi-basis';
import type { LanczosBasis } from './lanczos-basis';
import { tridiagonalEigen } from './tridiagonal-eigen';
import type { DenseMatrix } from '@sysgraph/linalg';
import { denseIdentity, denseZeros, factorDenseLU } from '@sysgraph/linalg';
import { exponentialLadder } from './exponential-ladder';

/** σ ↦ y_k(σ) = e^{σĴ_k} e_1 for one dimension k. */
export interface ProjectedExponential {
  readonly dimension: number;
  /** y_k(σ) (a new array). */
  at(sigma: number): Float64Array;
  /**
   * The symmetric case's factored form y_k(σ) = X s(σ): X row-major k × k (fixed), and s(σ) written into `out`
   * in O(k). With a few rows of V_k X formed once, each row of β V_k y_k(σ) costs O(k) instead of O(k²).
   */
  readonly modes?: { readonly vectors: Float64Array; weights(sigma: number, out: Float64Array): void };
}

/** The leading k × k block of H. */
function hessenberg(basis: ArnoldiBasis, k: number): DenseMatrix {
  const h = denseZeros(k, k);
  for (let j = 0; j < k; j++) for (let i = 0; i <= Math.min(j + 1, k - 1); i++) h.data[i * k + j] = basis.h(i, j);
  return h;
}

/** Ĵ_k = (I − H_k⁻¹)/γ. */
export function projectedGenerator(basis: ArnoldiBasis, k: number, gamma: number): DenseMatrix {
  const inv = factorDenseLU(hessenberg(basis, k), 'projected shift-and-invert matrix H_k').solveMatrix(denseIdentity(k));
  const g = denseZeros(k, k);
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) g.data[i * k + j] = ((i === j ? 1 : 0) - inv.data[i * k + j]) / gamma;
  return g;
}

/** y_k(σ) = e^{σĴ_k} e_1 from the ladder of propagators of Ĵ_k anchored at the trial step `reference`. */
export function projectedExponential(basis: ArnoldiBasis, k: number, gamma: number, reference: number): ProjectedExponential {
  return { dimension: k, at: exponentialLadder(projectedGenerator(basis, k, gamma), reference) };
}

/**
 * The symmetric case (Lanczos, H_k = tridiag(β, α, β)): H_k = X Λ Xᵀ with X orthogonal, so
 * y_k(σ) = X g_σ(Λ) Xᵀ e_1 needs no inverse of X and no conditioning check: O(k³) once, O(k²) per σ.
 * Falls back to the general path when a Ritz value of Z is not positive (Z not definite) or QL does not converge.
 */
export function tridiagonalExponential(basis: LanczosBasis, k: number, gamma: number, reference: number): ProjectedExponential {
  const eig = tridiagonalEigen(basis.alpha, basis.offDiagonal, k);
  if (eig === undefined || !eig.values.every((mu) => mu > 0)) return projectedExponential(basis, k, gamma, reference);
  const { values, vectors } = eig;
  // first row of X: the weights of e_1
  const first = vectors.slice(0, k);
  const exponent = Float64Array.from(values, (mu) => (1 - 1 / mu) / gamma);
  const scaled = new Float64Array(k);
  const weights = (sigma: number, out: Float64Array) => {
    for (let j = 0; j < k; j++) out[j] = Math.exp(sigma * exponent[j]) * first[j];
  };
  return {
    dimension: k,
    modes: { vectors, weights },
    at(sigma) {
      weights(sigma, scaled);
      const y = new Float64Array(k);
      for (let r = 0; r < k; r++) {
        let s = 0;
        const row = r * k;
        for (let j = 0; j < k; j++) s += vectors[row + j] * scaled[j];
        y[r] = s;
      }
      return y;
    },
  };
}
