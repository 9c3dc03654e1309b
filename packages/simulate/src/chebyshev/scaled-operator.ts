/**
 * The balanced state matrix of M x̃' = A x̃ + B u for a diagonal, positive M:
 *
 *   w = T x̃,  w' = J̃ w + T M⁻¹ B u,  J̃ = T M⁻¹ A T⁻¹,  T = diag(t) from balanced-scaling.ts
 *
 * (for a network's descriptor form, |A_ij| = |A_ji|, t ∝ √M: J̃ = D⁻¹ A D⁻¹ with M = D², the energy scaling; the
 * same J̃ for the explicit form M = I, A = M⁻¹A₀, so the rectangle below does not depend on the storage form)
 * and a rectangle that holds its spectrum, from its field of values: with H = (J̃ + J̃ᵀ)/2 and K = (J̃ − J̃ᵀ)/2,
 * every eigenvalue λ has Re λ ∈ [λ_min(H), λ_max(H)] and |Im λ| ≤ ‖K‖₂ (λ = w*J̃w for a unit eigenvector w),
 * bounded by Gershgorin's discs of H and of the Hermitian iK. In these coordinates an LC coupling is skew (the
 * line's ±1/√(LC)), losses are diagonal, so the rectangle is tight for lossy lines and LC networks. O(nnz).
 */
import { CsrMatrix, csrTranspose } from '@sysgraph/linalg';
import type { LinearOperator } from '../problem/linear-operator';
import { balancedScaling } from './balanced-scaling';

export interface ScaledOperator {
  readonly n: number;
  /** The scaling w = diag(d) x̃ (d ∝ √M_ii for a descriptor with |A_ij| = |A_ji|). */
  readonly d: Float64Array;
  readonly rowPtr: Int32Array;
  readonly colIdx: Int32Array;
  readonly values: Float64Array;
  /** Re λ ∈ [reMin, reMax], |Im λ| ≤ imMax. */
  readonly reMin: number;
  readonly reMax: number;
  readonly imMax: number;
}

/** The diagonal of M when M is absent (identity) or diagonal with positive entries; else undefined. */
export function positiveDiagonal(M: LinearOperator | undefined, n: number): Float64Array | undefined {
  if (M === undefined) return new Float64Array(n).fill(1);
  // operators are immutable: the answer is kept with the operator (auto's applicability check, the global-error
  // guard and the Krylov solver each ask); callers only read it
  const known = diagonals.get(M);
  if (known !== undefined && known.n === n) return known.d;
  const d = massDiagonal(M, n);
  diagonals.set(M, { n, d });
  return d;
}

const diagonals = new WeakMap<LinearOperator, { readonly n: number; readonly d: Float64Array | undefined }>();

function massDiagonal(M: LinearOperator, n: number): Float64Array | undefined {
  const d = new Float64Array(n).fill(1);
  if (M.csr) {
    const { rowPtr, colIdx, values } = M.csr;
    for (let i = 0; i < n; i++) {
      let diag = 0;
      for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
        if (colIdx[p] === i) diag += values[p];
        else if (values[p] !== 0) return undefined;
      }
      if (!(diag > 0)) return undefined;
      d[i] = diag;
    }
    return d;
  }
  const dense = M.toDense();
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) if (i !== j && dense.data[i * n + j] !== 0) return undefined;
    const diag = dense.data[i * n + i];
    if (!(diag > 0)) return undefined;
    d[i] = diag;
  }
  return d;
}

export function scaledOperator(A: LinearOperator, mass: Float64Array): ScaledOperator {
  const n = A.rows;
  let rowPtr: Int32Array;
  let colIdx: Int32Array;
  let values: Float64Array;
  if (A.csr) {
    // the pattern is shared (CSR matrices are immutable); the values are scaled in a copy
    rowPtr = A.csr.rowPtr;
    colIdx = A.csr.colIdx;
    values = A.csr.values.slice();
  } else {
    const dense = A.toDense();
    const r: number[] = [0];
    const c: number[] = [];
    const v: number[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const x = dense.data[i * n + j];
        if (x !== 0) {
          c.push(j);
          v.push(x);
        }
      }
      r.push(c.length);
    }
    rowPtr = Int32Array.from(r);
    colIdx = Int32Array.from(c);
    values = Float64Array.from(v);
  }
  const d = balancedScaling(new CsrMatrix(n, n, rowPtr, colIdx, values), mass);
  // J̃_ij = d_i A_ij / (m_i d_j)
  for (let i = 0; i < n; i++) for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) values[p] *= d[i] / (mass[i] * d[colIdx[p]]);

  // transpose, to pair J̃_ij with J̃_ji
  const { rowPtr: tPtr, colIdx: tCol, values: tVal } = csrTranspose(new CsrMatrix(n, n, rowPtr, colIdx, values));
  // Gershgorin rows of H = (J̃ + J̃ᵀ)/2 and K = (J̃ − J̃ᵀ)/2 through a scatter of row i of J̃ and of J̃ᵀ
  const sumRow = new Float64Array(n);
  const difRow = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  const touched = new Int32Array(n);
  let reMin = Infinity;
  let reMax = -Infinity;
  let imMax = 0;
  for (let i = 0; i < n; i++) {
    let count = 0;
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const j = colIdx[p];
      if (mark[j] !== i) {
        mark[j] = i;
        sumRow[j] = 0;
        difRow[j] = 0;
        touched[count++] = j;
      }
      sumRow[j] += values[p] / 2;
      difRow[j] += values[p] / 2;
    }
    for (let p = tPtr[i]; p < tPtr[i + 1]; p++) {
      const j = tCol[p];
      if (mark[j] !== i) {
        mark[j] = i;
        sumRow[j] = 0;
        difRow[j] = 0;
        touched[count++] = j;
      }
      sumRow[j] += tVal[p] / 2;
      difRow[j] -= tVal[p] / 2;
    }
    let centre = 0;
    let radiusH = 0;
    let radiusK = 0;
    for (let q = 0; q < count; q++) {
      const j = touched[q];
      if (j === i) centre = sumRow[j];
      else radiusH += Math.abs(sumRow[j]);
      radiusK += Math.abs(difRow[j]);
    }
    reMin = Math.min(reMin, centre - radiusH);
    reMax = Math.max(reMax, centre + radiusH);
    imMax = Math.max(imMax, radiusK);
  }
  if (n === 0) {
    reMin = 0;
    reMax = 0;
  }
  return { n, d, rowPtr, colIdx, values, reMin, reMax, imMax };
}

/** y = J̃ x. */
export function scaledMulVec(op: ScaledOperator, x: Float64Array, y: Float64Array): void {
  const { n, rowPtr, colIdx, values } = op;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) s += values[p] * x[colIdx[p]];
    y[i] = s;
  }
}
