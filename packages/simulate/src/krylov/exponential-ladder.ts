/**
 * y(σ) = e^{σĴ} e_1 for many σ from one small matrix Ĵ (k × k, k ≤ 40), without its eigendecomposition:
 *
 *   h = σ_ref / 2^P  with ‖hĴ‖₁ ≤ θ₁₃ (Higham's bound of the [13/13] Padé approximant, no squaring) and P ≥ 6,
 *   E_0 = e^{hĴ} (linalg's Padé expm),  E_{b+1} = E_b²  (= e^{2^{b+1} h Ĵ}, formed on first use)
 *   σ = m h + r, 0 ≤ r < h:  y(σ) = Π_{bits b of m} E_b · T(rĴ) e_1,  T = Taylor series on the vector
 *
 * The E_b are the squaring phase of scaling and squaring, kept instead of discarded; every σ = j·σ_ref·2^{i}
 * (the step, its halves and doublings, Simpson nodes of σ/16) is an exact multiple of h and costs a few O(k²)
 * products; another σ (an output sample) adds a Taylor series of ‖rĴ‖₁ ≤ θ₁₃ applied to a vector (≤ 60 O(k²)
 * products). O(k³ (7 + P)) once, against ml-matrix's non-symmetric eigendecomposition of H_k (O(k³) with a large
 * constant, and a conditioning check and Padé per σ when the eigenvectors are ill-conditioned), which cost 7 s of
 * 8.8 s on a 200-state RLC line.
 */
import type { DenseMatrix } from '@sysgraph/linalg';
import { denseExpm, denseNorm1 } from '@sysgraph/linalg';

/** Higham 2005, θ₁₃: the [13/13] Padé approximant is accurate to unit roundoff for ‖A‖₁ ≤ θ₁₃. */
const THETA_13 = 5.371920351148152;
const MIN_HALVINGS = 6;
const MEMO_LIMIT = 64;

/** σ ↦ e^{σĴ} e_1 (a new array each call); `reference` is the σ the ladder is anchored at (the trial step). */
export function exponentialLadder(j: DenseMatrix, reference: number): (sigma: number) => Float64Array {
  const k = j.rows;
  const norm = denseNorm1(j);
  const first = () => {
    const y = new Float64Array(k);
    if (k > 0) y[0] = 1;
    return y;
  };
  if (!(norm > 0) || !Number.isFinite(norm)) return first;
  const anchor = reference > 0 && Number.isFinite(reference) ? reference : THETA_13 / norm;
  const halvings = Math.max(MIN_HALVINGS, Math.ceil(Math.log2((anchor * norm) / THETA_13)));
  const h = anchor * Math.pow(2, -halvings);
  const rungs: Float64Array[] = [];
  const rung = (b: number): Float64Array => {
    while (rungs.length <= b) {
      if (rungs.length === 0) rungs.push(denseExpm({ rows: k, cols: k, data: j.data.map((v) => v * h) }).data);
      else rungs.push(square(rungs[rungs.length - 1], k));
    }
    return rungs[b];
  };
  const memo = new Map<number, Float64Array>();
  const work = new Float64Array(k);
  return (sigma) => {
    const hit = memo.get(sigma);
    if (hit) return hit.slice();
    let m = Math.floor(sigma / h);
    const r = Math.max(0, sigma - m * h);
    let y = r > 0 ? taylorFirstColumn(j, r, k) : first();
    for (let b = 0; m > 0; b++) {
      const bit = m % 2;
      if (bit === 1) {
        mulVec(rung(b), y, work, k);
        y.set(work);
      }
      m = (m - bit) / 2;
    }
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(sigma, y);
    y = y.slice();
    return y;
  };
}

/** e^{rĴ} e_1 by its Taylor series on the vector (‖rĴ‖₁ ≤ θ₁₃: terms below 2⁻⁶⁰ of the sum after ≤ 60 terms). */
function taylorFirstColumn(j: DenseMatrix, r: number, k: number): Float64Array {
  const sum = new Float64Array(k);
  let term = new Float64Array(k);
  let next = new Float64Array(k);
  term[0] = 1;
  sum[0] = 1;
  for (let q = 1; q <= 60; q++) {
    mulVec(j.data, term, next, k);
    let termMax = 0;
    let sumMax = 0;
    const c = r / q;
    for (let i = 0; i < k; i++) {
      next[i] *= c;
      sum[i] += next[i];
      termMax = Math.max(termMax, Math.abs(next[i]));
      sumMax = Math.max(sumMax, Math.abs(sum[i]));
    }
    [term, next] = [next, term];
    if (termMax <= 1e-18 * sumMax) break;
  }
  return sum;
}

/** out = A x, A row-major k × k. */
function mulVec(a: Float64Array, x: Float64Array, out: Float64Array, k: number): void {
  for (let i = 0; i < k; i++) {
    let s = 0;
    const row = i * k;
    for (let c = 0; c < k; c++) s += a[row + c] * x[c];
    out[i] = s;
  }
}

/** A², row-major k × k. */
function square(a: Float64Array, k: number): Float64Array {
  const out = new Float64Array(k * k);
  for (let i = 0; i < k; i++) {
    const row = i * k;
    for (let p = 0; p < k; p++) {
      const aip = a[row + p];
      if (aip === 0) continue;
      const prow = p * k;
      for (let c = 0; c < k; c++) out[row + c] += aip * a[prow + c];
    }
  }
  return out;
}
