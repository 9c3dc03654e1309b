/**
 * LanczosBasis: the Krylov basis of an operator Z symmetric in the Euclidean product, by the Lanczos three-term
 * recurrence in Paige's form (α_j from the vector already orthogonalised against v_{j−1}; Paige, J. Inst. Math.
 * Appl. 18, 1976; Saad, Iterative Methods for Sparse Linear Systems, 2nd ed., alg. 6.15):
 *
 *   w = Z v_j − β_j v_{j−1},  α_j = v_jᵀ w,  w ← w − α_j v_j,  β_{j+1} = ‖w‖,  v_{j+1} = w / β_{j+1}
 *
 * H_k = tridiag(β, α, β) is symmetric. Reorthogonalisation only where orthogonality is lost: finite-precision
 * Lanczos loses global orthogonality as Ritz vectors converge, which delays but does not spoil the approximation of
 * matrix functions (Druskin & Knizhnerman, 1991; Druskin, Greenbaum & Knizhnerman, SIAM J. Sci. Comput. 19(1),
 * 1998) as long as it stays near semiorthogonality (Simon, Math. Comp. 42, 1984). The loss is watched through the
 * inner product of each new vector with the start vector, |v_1ᵀ v_{j+1}| (the converged Ritz vectors, along which
 * orthogonality goes, have weight on v_1), a third pass over N (dot) after the two of the recurrence; above
 * √ε ≈ 1.5e-8 the new vector is orthogonalised against the whole basis (two classical Gram–Schmidt passes) and
 * its norm taken again, and so is the vector of the next step: the three-term recurrence carries the loss of v_j
 * into v_{j+1} at once, so orthogonalising one vector alone only postpones the next loss by a step or two (Simon,
 * Math. Comp. 42, 1984, orthogonalises the pair). On the 10⁴-section RC ladder 16 reorthogonalisations instead
 * of 26 over the run, the same steps and dimensions, the trace within 2e-14 of the peak. A local second pass at
 * every step (DGKS) was measured to change nothing on RC ladders and grids while costing two more passes per step.
 * The vector work is fused: two passes over N per step for the recurrence, the normalisation of v_{j+1} folded into
 * the next step's first pass (Z is applied to β_{j+1} v_{j+1} and the result scaled), against five to ten for the
 * general Arnoldi basis; the sums add two entries per link (measured 20 → 15 µs for the two passes at N = 10⁴,
 * with two partial sums then). Each pass is a kernel of its own (normaliseAndShift, subtractAndSquare, dot): see
 * normaliseAndShift for why.
 *
 * Cost of step j: one application of Z plus O(N); memory (k + 1)·N doubles for the largest k reached (the basis
 * is kept for the dense output).
 */
import type { ArnoldiBasis } from './arnoldi-basis';

/** The Arnoldi interface plus the tridiagonal entries: α_j = H(j, j), β_{j+1} = H(j + 1, j) = H(j, j + 1). */
export interface LanczosBasis extends ArnoldiBasis {
  readonly alpha: Float64Array;
  /** How many new vectors were reorthogonalised against the whole basis since creation. */
  readonly reorthogonalised: number;
  /** offDiagonal[j] = β_{j+1} = H(j + 1, j). */
  readonly offDiagonal: Float64Array;
}

/** |v_1ᵀ v_{j+1}| above √ε: orthogonality lost (semiorthogonality, Simon 1984). */
const ORTHOGONALITY_LOSS = Math.sqrt(Number.EPSILON);

export function createLanczosBasis(size: number, maxDimension: number): LanczosBasis {
  // allocated as the basis grows (most steps stop well below the largest dimension)
  const vectors: Float64Array[] = [new Float64Array(size)];
  const alpha = new Float64Array(maxDimension);
  const offDiagonal = new Float64Array(maxDimension);
  let dimension = 0;
  let beta = 0;
  let invariant = false;
  let reorthogonalised = 0;
  // the previous vector was reorthogonalised because its orthogonality was lost: this one is too
  let pending = false;

  return {
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
    get reorthogonalised() {
      return reorthogonalised;
    },
    vectors,
    alpha,
    offDiagonal,
    h(i, j) {
      if (i === j) return alpha[j];
      if (i === j + 1) return offDiagonal[j];
      if (j === i + 1) return offDiagonal[i];
      return 0;
    },
    start(w0) {
      let s = 0;
      for (let i = 0; i < size; i++) s += w0[i] * w0[i];
      beta = Math.sqrt(s);
      const v = vectors[0];
      const inv = 1 / beta;
      for (let i = 0; i < size; i++) v[i] = w0[i] * inv;
      alpha.fill(0);
      offDiagonal.fill(0);
      dimension = 0;
      invariant = false;
      pending = false;
    },
    extend(applyZ) {
      if (invariant || dimension >= maxDimension) return false;
      const j = dimension;
      // v_j is stored unnormalised (u = β_j v_j) until this pass: Z v_j = (Z u) / β_j
      const v = vectors[j];
      if (vectors.length < j + 2) vectors.push(new Float64Array(size));
      const w = vectors[j + 1];
      applyZ(v, w);
      const prev = j > 0 ? vectors[j - 1] : v;
      const bj = j > 0 ? offDiagonal[j - 1] : 0;
      const inv = j > 0 ? 1 / bj : 1;
      // pass 1: v_j ← u / β_j; w ← Z u / β_j − β_j v_{j−1}; α_j = v_jᵀ w
      const a = normaliseAndShift(v, w, prev, inv, bj, size);
      // pass 2: w ← w − α_j v_j; ‖w‖² (w = β_{j+1} v_{j+1}, normalised in the next step's pass 1); then v_1ᵀ w
      let bNext = Math.sqrt(subtractAndSquare(w, a, v, size));
      const o = dot(vectors[0], w, size);
      const lost = j > 0 && Math.abs(o) > ORTHOGONALITY_LOSS * bNext;
      if (lost || pending) {
        // orthogonality lost at v_{j+1}, or at v_j in the previous step (the pair, Simon's partial
        // reorthogonalisation): w against v_1 … v_{j+1}, twice
        pending = lost;
        reorthogonalised++;
        bNext = reorthogonalise(vectors, j + 1, w, size);
      }
      alpha[j] = a;
      offDiagonal[j] = bNext;
      dimension = j + 1;
      // breakdown: the new direction is rounding noise relative to the column of H
      const scale = Math.max(Math.abs(a), bj, Number.MIN_VALUE);
      if (!(bNext > 1e-14 * scale)) {
        invariant = true;
        return false;
      }
      return true;
    },
  };
}

/**
 * w against v_1 … v_count, twice (classical Gram–Schmidt), then ‖w‖. Each pass over N is a function of its own with
 * nothing after its loop: inside extend(), these loops ran after a long loop that V8 had compiled by on-stack
 * replacement before they had ever run, and Node 20's V8 re-entered that code and deoptimised at them on later
 * calls, running the O(N·k) passes in the baseline tier (docs/design-choices.md, "The cold path").
 */
function reorthogonalise(vectors: readonly Float64Array[], count: number, w: Float64Array, size: number): number {
  for (let pass = 0; pass < 2; pass++) {
    for (let m = 0; m < count; m++) {
      const u = vectors[m];
      subtractScaled(w, dot(u, w, size), u, size);
    }
  }
  return Math.sqrt(dot(w, w, size));
}

/**
 * Pass 1 of a step: v ← v·inv, w ← w·inv − b·prev, and vᵀw, summed two entries per addition (one sum's additions
 * form a chain of dependent operations that would bound the pass; a pair per link halves it). The passes are
 * functions of their own whose loop is the last thing they run, with the odd entry before it and one local
 * returned: extend() held them inline, V8 compiled its first long loop by on-stack replacement during the first
 * call, before the code after it had run, and Node 20's V8 re-entered that code on later calls and deoptimised at
 * the first statement it had no feedback for (23 times per run of the 10⁴-section RC ladder, each leaving the rest
 * of the step's O(N) work to the interpreter).
 */
function normaliseAndShift(v: Float64Array, w: Float64Array, prev: Float64Array, inv: number, b: number, size: number): number {
  let a = 0;
  let i = 0;
  if (size & 1) {
    const vi = v[0] * inv;
    v[0] = vi;
    const wi = w[0] * inv - b * prev[0];
    w[0] = wi;
    a = vi * wi;
    i = 1;
  }
  for (; i < size; i += 2) {
    const vi = v[i] * inv;
    const vk = v[i + 1] * inv;
    v[i] = vi;
    v[i + 1] = vk;
    const wi = w[i] * inv - b * prev[i];
    const wk = w[i + 1] * inv - b * prev[i + 1];
    w[i] = wi;
    w[i + 1] = wk;
    a += vi * wi + vk * wk;
  }
  return a;
}

/** Pass 2 of a step: w ← w − a·v, and ‖w‖² (two entries per addition, as in pass 1). */
function subtractAndSquare(w: Float64Array, a: number, v: Float64Array, size: number): number {
  let s = 0;
  let i = 0;
  if (size & 1) {
    const wi = w[0] - a * v[0];
    w[0] = wi;
    s = wi * wi;
    i = 1;
  }
  for (; i < size; i += 2) {
    const wi = w[i] - a * v[i];
    const wk = w[i + 1] - a * v[i + 1];
    w[i] = wi;
    w[i + 1] = wk;
    s += wi * wi + wk * wk;
  }
  return s;
}

/** Σ_i u_i w_i over the first `size` entries, in order. */
function dot(u: Float64Array, w: Float64Array, size: number): number {
  let s = 0;
  for (let i = 0; i < size; i++) s += u[i] * w[i];
  return s;
}

/** w ← w − c u over the first `size` entries. */
function subtractScaled(w: Float64Array, c: number, u: Float64Array, size: number): void {
  for (let i = 0; i < size; i++) w[i] -= c * u[i];
}
