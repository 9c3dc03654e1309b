/**
 * The small-matrix side of the shift-and-invert Krylov approximation of the exponential (Moret & Novati,
 * BIT 44, 2004; van den Eshof & Hochbruck, SIAM J. Sci. Comput. 27(4), 2006):
 *
 *   Z = (M̂ − γÂ)⁻¹ M̂,  Z V_k ≈ V_k H_k  ⇒  M̂⁻¹Â ≈ V_k Ĵ_k V_kᵀ,  Ĵ_k = (I − H_k⁻¹)/γ
 *   e^{σ M̂⁻¹Â} w0 ≈ β V_k y_k(σ),  y_k(σ) = e^{σ Ĵ_k} e_1
 *
 * y_k(σ) for many σ: from the eigendecomposition H_k = X Λ X⁻¹ (real Schur-like blocks for complex pairs,
 * ml-matrix's EigenvalueDecomposition), y_k(σ) = X g_σ(Λ) X⁻¹ e_1 with g_σ(μ) = exp(σ (1 − 1/μ)/γ): O(k³) once,
 * then O(k²) per σ. When X is ill-conditioned (κ estimate > 1e8) the Padé exponential of σĴ_k is used instead
 * (O(k³) per σ).
 */
import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import type { ArnoldiBasis } from './arnoldi-basis';
import type { LanczosBasis } from './lanczos-basis';
import { tridiagonalEigen } from './tridiagonal-eigen';
import type { DenseMatrix } from '@sysgraph/linalg';
import { denseExpm, denseIdentity, denseZeros, factorDenseLU } from '@sysgraph/linalg';

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

const MAX_CONDITION = 1e8;

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

/** y = e^{σĴ} e_1 by the Padé exponential. */
function padeFirstColumn(j: DenseMatrix, sigma: number): Float64Array {
  const k = j.rows;
  const e = denseExpm({ rows: k, cols: k, data: j.data.map((v) => v * sigma) });
  const y = new Float64Array(k);
  for (let i = 0; i < k; i++) y[i] = e.data[i * k];
  return y;
}

export function projectedExponential(basis: ArnoldiBasis, k: number, gamma: number): ProjectedExponential {
  const h = hessenberg(basis, k);
  const rows: number[][] = [];
  for (let i = 0; i < k; i++) rows.push(Array.from(h.data.subarray(i * k, (i + 1) * k)));
  const evd = new EigenvalueDecomposition(new Matrix(rows), { assumeSymmetric: false });
  const re = evd.realEigenvalues;
  const im = evd.imaginaryEigenvalues;
  const xRows = evd.eigenvectorMatrix.to2DArray();
  const x = denseZeros(k, k);
  for (let i = 0; i < k; i++) for (let c = 0; c < k; c++) x.data[i * k + c] = xRows[i][c];
  let c: Float64Array | undefined;
  let finite = re.every(Number.isFinite) && im.every(Number.isFinite) && re.every((r, i) => r !== 0 || im[i] !== 0);
  for (let i = 0; i < k && finite; i++) {
    if (im[i] === 0) continue;
    // complex pairs come as (a + ib, a − ib) with b > 0 first
    if (!(im[i] > 0 && i + 1 < k && im[i + 1] === -im[i])) finite = false;
    i++;
  }
  if (finite) {
    try {
      const e1 = new Float64Array(k);
      e1[0] = 1;
      c = factorDenseLU(x, 'eigenvectors of H_k').solve(e1);
      // κ estimate: ‖X‖_max · ‖X⁻¹e_1‖ relative to ‖e_1‖
      let xMax = 0;
      let cMax = 0;
      for (let i = 0; i < k * k; i++) xMax = Math.max(xMax, Math.abs(x.data[i]));
      for (let i = 0; i < k; i++) cMax = Math.max(cMax, Math.abs(c[i]));
      if (!(xMax * cMax * k < MAX_CONDITION)) finite = false;
    } catch {
      finite = false;
    }
  }
  if (!finite || c === undefined) {
    const j = projectedGenerator(basis, k, gamma);
    return { dimension: k, at: (sigma) => padeFirstColumn(j, sigma) };
  }
  const coef = c;
  const scaled = new Float64Array(k);
  return {
    dimension: k,
    at(sigma) {
      // scaled = g_σ(D) X⁻¹ e_1, block by block
      for (let i = 0; i < k; i++) {
        if (im[i] === 0) {
          // g(μ) = exp(σ (1 − 1/μ)/γ)
          scaled[i] = Math.exp((sigma * (1 - 1 / re[i])) / gamma) * coef[i];
        } else if (im[i] > 0) {
          // pair (i, i+1): block [[a, b], [−b, a]] ≅ conj(μ), μ = a + ib; g(block) = [[p, q], [−q, p]], g(μ) = p + iq
          const a = re[i];
          const b = im[i];
          const d = a * a + b * b;
          // 1/μ = (a − ib)/d; exponent σ/γ (1 − a/d + i b/d)
          const rePart = (sigma * (1 - a / d)) / gamma;
          const imPart = (sigma * (b / d)) / gamma;
          const mag = Math.exp(rePart);
          const p = mag * Math.cos(imPart);
          const q = mag * Math.sin(imPart);
          const c0 = coef[i];
          const c1 = coef[i + 1];
          scaled[i] = p * c0 + q * c1;
          scaled[i + 1] = -q * c0 + p * c1;
          i++;
        }
      }
      const y = new Float64Array(k);
      for (let r = 0; r < k; r++) {
        let s = 0;
        for (let col = 0; col < k; col++) s += x.data[r * k + col] * scaled[col];
        y[r] = s;
      }
      return y;
    },
  };
}

/**
 * The symmetric case (Lanczos, H_k = tridiag(β, α, β)): H_k = X Λ Xᵀ with X orthogonal, so
 * y_k(σ) = X g_σ(Λ) Xᵀ e_1 needs no inverse of X and no conditioning check: O(k³) once, O(k²) per σ.
 * Falls back to the general path when a Ritz value of Z is not positive (Z not definite) or QL does not converge.
 */
export function tridiagonalExponential(basis: LanczosBasis, k: number, gamma: number): ProjectedExponential {
  const eig = tridiagonalEigen(basis.alpha, basis.offDiagonal, k);
  if (eig === undefined || !eig.values.every((mu) => mu > 0)) return projectedExponential(basis, k, gamma);
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
