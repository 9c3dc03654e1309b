/**
 * A full singular value decomposition with a relative rank threshold, and what the oracle needs from it:
 * least-squares solution, residual, null basis. Thin wrapper over ml-matrix (Golub–Kahan, JAMA port).
 * Threshold: σ_k counts as zero when σ_k ≤ tol·σ_max (formulation.md section 8, tol = 1e-10).
 */
import { Matrix, SingularValueDecomposition } from 'ml-matrix';

export const RELATIVE_SVD_THRESHOLD = 1e-10;

export interface FullSvd {
  /** Rows and columns of the decomposed matrix. */
  rows: number;
  columns: number;
  /** Left singular vectors (max(rows, columns) square, rows beyond `rows` belong to zero padding). */
  u: Matrix;
  /** Right singular vectors, columns × columns. */
  v: Matrix;
  /** Singular values, descending, length columns (zero-padded). */
  sigma: number[];
  /** Number of singular values above the threshold. */
  rank: number;
  /** Largest singular value. */
  sigmaMax: number;
}

/** SVD of a (rows × columns) matrix; a wide matrix is padded with zero rows so that V is complete. */
export function fullSvd(a: Matrix, tol = RELATIVE_SVD_THRESHOLD): FullSvd {
  const rows = a.rows;
  const columns = a.columns;
  const padded = rows >= columns ? a : new Matrix(columns, columns).setSubMatrix(a, 0, 0);
  if (columns === 0) {
    return { rows, columns, u: Matrix.eye(rows, rows), v: new Matrix(0, 0), sigma: [], rank: 0, sigmaMax: 0 };
  }
  const svd = new SingularValueDecomposition(padded, { autoTranspose: false });
  const sigma = svd.diagonal.slice(0, columns);
  const sigmaMax = sigma.length ? Math.max(...sigma) : 0;
  const rank = sigma.filter((s) => s > tol * sigmaMax && s > 0).length;
  return { rows, columns, u: svd.leftSingularVectors, v: svd.rightSingularVectors, sigma, rank, sigmaMax };
}

/** Columns of V spanning the null space: z with a z = 0 (within the threshold). columns × (columns − rank). */
export function nullBasis(s: FullSvd): Matrix {
  const idx: number[] = [];
  for (let k = 0; k < s.columns; k++) if (k >= s.rank) idx.push(k);
  // Singular values are sorted descending, so the null columns are the last (columns − rank).
  return idx.length ? s.v.subMatrixColumn(idx) : new Matrix(s.columns, 0);
}

/** Minimum-norm least-squares solution z = V Σ⁺ Uᵀ r for every column of r (rows × k). */
export function pseudoSolve(s: FullSvd, r: Matrix): Matrix {
  const k = r.columns;
  const out = new Matrix(s.columns, k);
  for (let j = 0; j < s.rank; j++) {
    // coefficient_j = (u_jᵀ r) / σ_j
    for (let c = 0; c < k; c++) {
      let dot = 0;
      for (let i = 0; i < s.rows; i++) dot += s.u.get(i, j) * r.get(i, c);
      const coef = dot / s.sigma[j];
      if (coef === 0) continue;
      for (let i = 0; i < s.columns; i++) out.set(i, c, out.get(i, c) + coef * s.v.get(i, j));
    }
  }
  return out;
}
