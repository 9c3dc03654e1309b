/** rankAndNullspace: numerical rank and an orthonormal null-space basis by the SVD (Golub & Van Loan, §2.4, §5.5). */
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { checkDense } from './check-dense';
import type { DenseRows } from './check-dense';

/** rank, singular values (descending) and null vectors (each of length cols, orthonormal). */
export interface RankAndNullspace {
  readonly rank: number;
  readonly singularValues: Float64Array;
  /** nullspace[k] is the k-th basis vector of {x : A x = 0}; its largest-magnitude entry is positive. */
  readonly nullspace: Float64Array[];
}

/**
 * A = U Σ Vᵀ; rank = #{σ_i > relTol · σ_max}; the null space is spanned by the columns of V of the
 * other singular values. A wide matrix is padded with zero rows (same null space) so V is complete. O(m n²).
 */
export function rankAndNullspace(a: DenseRows, relTol = 1e-10): RankAndNullspace {
  const [m, n] = checkDense(a, 'rankAndNullspace A');
  if (n === 0) return { rank: 0, singularValues: new Float64Array(0), nullspace: [] };
  const rows = Array.from({ length: Math.max(m, n) }, (_, i) => (i < m ? Array.from(a[i]) : new Array<number>(n).fill(0)));
  const svd = new SingularValueDecomposition(new Matrix(rows), {
    computeLeftSingularVectors: false,
    computeRightSingularVectors: true,
  });
  const sigma = svd.diagonal.slice(0, Math.min(m, n));
  const sigmaMax = sigma.length > 0 ? sigma[0] : 0;
  let rank = 0;
  for (const s of sigma) if (s > relTol * sigmaMax && s > 0) rank++;
  const v = svd.rightSingularVectors;
  const nullspace: Float64Array[] = [];
  for (let k = rank; k < n; k++) nullspace.push(canonicalSign(Float64Array.from({ length: n }, (_, i) => v.get(i, k))));
  return { rank, singularValues: Float64Array.from(sigma), nullspace };
}

/** Flips x so that its first entry of largest magnitude is positive (a deterministic sign). */
export function canonicalSign(x: Float64Array): Float64Array {
  let best = 0;
  for (let i = 1; i < x.length; i++) if (Math.abs(x[i]) > Math.abs(x[best]) * (1 + 1e-12)) best = i;
  if (x.length > 0 && x[best] < 0) for (let i = 0; i < x.length; i++) x[i] = -x[i];
  return x;
}
