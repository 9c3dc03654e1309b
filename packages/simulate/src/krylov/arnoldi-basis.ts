/**
 * ArnoldiBasis: an orthonormal basis V_k of the Krylov space K_k(Z, w0) and the Hessenberg matrix H_k with
 * Z V_k = V_k H_k + h_{k+1,k} v_{k+1} e_kᵀ (Saad, Iterative Methods for Sparse Linear Systems, 2nd ed., alg. 6.2),
 * orthogonalised by modified Gram–Schmidt with one selective second pass (Daniel–Gragg–Kaufman–Stewart: repeat
 * when the norm drops by more than 1/√2). Z is given as a function; nothing is formed.
 *
 * Cost of step k: one application of Z plus O(k·N) for the orthogonalisation; memory (k + 1)·N doubles.
 */

export interface ArnoldiBasis {
  /** Vector length N. */
  readonly size: number;
  /** Largest dimension. */
  readonly maxDimension: number;
  /** Current dimension k. */
  readonly dimension: number;
  /** ‖w0‖ of the start vector. */
  readonly beta: number;
  /** True once h_{k+1,k} ≈ 0: K_k is invariant under Z and every approximation from it is exact. */
  readonly invariant: boolean;
  /** Basis vectors v_1 … v_k (a further entry, when present, is work space). */
  readonly vectors: readonly Float64Array[];
  /** H entry (i, j), 0-based, i ≤ j + 1. */
  h(i: number, j: number): number;
  /** Restart from w0 (‖w0‖ > 0). */
  start(w0: Float64Array): void;
  /** One Arnoldi step: v_{k+1} from Z v_k. Returns false when the space is invariant (no new vector). */
  extend(applyZ: (v: Float64Array, out: Float64Array) => void): boolean;
}

/**
 * `window`: orthogonalise against the last `window` vectors only (2: the Lanczos three-term recurrence for an
 * operator symmetric in the Euclidean product, O(k·N) instead of O(k²·N) over k steps; orthogonality is then
 * kept only locally, which the exponential's approximation tolerates).
 */
export function createArnoldiBasis(size: number, maxDimension: number, window = Infinity): ArnoldiBasis {
  const vectors: Float64Array[] = [];
  for (let k = 0; k <= maxDimension; k++) vectors.push(new Float64Array(size));
  // H stored column-major by columns of length maxDimension + 1
  const hStore = new Float64Array((maxDimension + 1) * maxDimension);
  let dimension = 0;
  let beta = 0;
  let invariant = false;

  const basis: ArnoldiBasis = {
    size,
    maxDimension,
    get dimension() {
      return dimension;
    },
    get beta() {
      return beta;
    },
    get invariant() {
      return invariant;
    },
    vectors,
    h: (i, j) => hStore[j * (maxDimension + 1) + i],
    start(w0) {
      let s = 0;
      for (let i = 0; i < size; i++) s += w0[i] * w0[i];
      beta = Math.sqrt(s);
      const v = vectors[0];
      for (let i = 0; i < size; i++) v[i] = w0[i] / beta;
      hStore.fill(0);
      dimension = 0;
      invariant = false;
    },
    extend(applyZ) {
      if (invariant || dimension >= maxDimension) return false;
      const k = dimension;
      const w = vectors[k + 1];
      applyZ(vectors[k], w);
      const col = k * (maxDimension + 1);
      let before = norm(w, size);
      for (let pass = 0; pass < 2; pass++) {
        // w ← w − Σ_j (v_jᵀ w) v_j
        for (let j = Math.max(0, k + 1 - window); j <= k; j++) {
          const v = vectors[j];
          let d = 0;
          for (let i = 0; i < size; i++) d += v[i] * w[i];
          hStore[col + j] += d;
          for (let i = 0; i < size; i++) w[i] -= d * v[i];
        }
        const after = norm(w, size);
        if (after > before / Math.SQRT2) break;
        before = after;
      }
      const hk = norm(w, size);
      hStore[col + k + 1] = hk;
      dimension = k + 1;
      // breakdown: the new direction is rounding noise relative to the column of H
      let scale = 0;
      for (let j = Math.max(0, k + 1 - window); j <= k; j++) scale = Math.max(scale, Math.abs(hStore[col + j]));
      if (!(hk > 1e-14 * Math.max(scale, Number.MIN_VALUE))) {
        invariant = true;
        return false;
      }
      for (let i = 0; i < size; i++) w[i] /= hk;
      return true;
    },
  };
  return basis;
}

function norm(v: Float64Array, size: number): number {
  let s = 0;
  for (let i = 0; i < size; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}
