/**
 * A cost guard for symbolic elimination. The determinant of an n×n matrix whose entry (i, j) has t_ij
 * terms expands to at most perm(T) terms, T = [t_ij] (every permutation contributes Π t_iσ(i) products
 * before like terms merge). The solution of M x = b has the same size per entry (Cramer), so perm(T)
 * is the size to fear; the time also depends on the intermediate products of the elimination.
 *  - estimateMatrixCost(termCounts): Bareiss elimination simulated on the term counts (sizes and work),
 *    capped by the exact permanent (Ryser 1963, O(2^n n)) for n ≤ 20.
 *  - estimateSymbolicCost({ n, density, termsPerEntry }): the expected permanent of a random pattern with
 *    that density, n!·(density·t)^n, in log space, when only the statistics are known.
 * Verdict: 'ok' below `slowTerms` (default 10^5 terms), 'slow' below `refuseTerms` (default 10^6),
 * else 'refuse' (estimateMatrixCost also refuses above `refuseMilliseconds`).
 */
import { SysgraphError } from '@sysgraph/core';

export type CostVerdict = 'ok' | 'slow' | 'refuse';

export interface SymbolicCost {
  /** Upper estimate of the number of terms of the determinant (and of each solution numerator). */
  readonly terms: number;
  /** Rough time in milliseconds. */
  readonly milliseconds: number;
  readonly verdict: CostVerdict;
  /** How the estimate was made. */
  readonly method: 'elimination' | 'density';
}

export interface CostThresholds {
  readonly slowTerms?: number;
  readonly refuseTerms?: number;
  /** estimateMatrixCost only: refuse when the estimated time exceeds this (default 60 000 ms). */
  readonly refuseMilliseconds?: number;
  /**
   * estimateMatrixCost only: a bound on the number of monomials any minor can have, from the symbols that stay
   * symbolic (monomialBound below). Numbers merge: a matrix of numbers and two symbols expands to at most
   * (1 + D_1)(1 + D_2) terms however large it is. Caps the simulated sizes and the term estimate.
   */
  readonly monomialBound?: number;
}

/**
 * The monomial count bound of the determinant (and of every minor and Cramer numerator) of a matrix whose
 * rows, cleared of denominators, have degree at most D_v in variable v: Π_v (1 + D_v). rowDegrees[i][v] is
 * the degree of row i in v after clearing (max over the row's numerators plus the sum of its denominators).
 */
export function monomialBound(rowDegrees: readonly (readonly number[])[]): number {
  const k = rowDegrees[0]?.length ?? 0;
  let bound = 1;
  for (let v = 0; v < k; v++) {
    let d = 0;
    for (const row of rowDegrees) d += row[v];
    bound *= 1 + d;
    if (!Number.isFinite(bound)) return Number.POSITIVE_INFINITY;
  }
  return bound;
}

/** Per expected output term, for the density estimate (measured on the RC-ladder benchmark). */
const MICROSECONDS_PER_TERM = 2;
/** Per term product in elimination (heap multiplication and division with bigint coefficients). */
const NANOSECONDS_PER_PRODUCT = 300;

function verdictOf(terms: number, method: SymbolicCost['method'], t: CostThresholds): SymbolicCost {
  const slow = t.slowTerms ?? 1e5;
  const refuse = t.refuseTerms ?? 1e6;
  return {
    terms,
    milliseconds: (terms * MICROSECONDS_PER_TERM) / 1000,
    verdict: terms < slow ? 'ok' : terms < refuse ? 'slow' : 'refuse',
    method,
  };
}

/** Estimate from the size, density of nonzeros (0…1) and mean number of terms per nonzero entry. */
export function estimateSymbolicCost(
  input: { readonly n: number; readonly density: number; readonly termsPerEntry?: number },
  thresholds: CostThresholds = {},
): SymbolicCost {
  const { n, density } = input;
  const t = input.termsPerEntry ?? 1;
  if (!(n >= 0) || !(density >= 0 && density <= 1) || !(t >= 0)) {
    throw new SysgraphError('bad-option', 'cost estimate needs n ≥ 0, 0 ≤ density ≤ 1, termsPerEntry ≥ 0', {
      expected: 'n ≥ 0, 0 ≤ density ≤ 1, termsPerEntry ≥ 0',
    });
  }
  // log(n! · (density·t)^n)
  let log = 0;
  for (let k = 2; k <= n; k++) log += Math.log(k);
  log += n * Math.log(Math.max(density * t, Number.MIN_VALUE));
  return verdictOf(Math.max(1, Math.exp(log)), 'density', thresholds);
}

/**
 * Estimate from the term counts of the actual entries (0 for a zero entry), row-major rows, by running
 * Bareiss elimination (bareiss.ts) on the sizes instead of the polynomials: an update
 * a_ij ← (p·a_ij − a_ik·a_kj)/p_prev costs |p|·|a_ij| + |a_ik|·|a_kj| term products and leaves about
 * (|p|·|a_ij| + |a_ik|·|a_kj|)/|p_prev| terms; rows with a_ik = 0 are skipped as in the real algorithm.
 * On a tridiagonal pattern this reproduces the permanent exactly; for n ≤ 20 the exact permanent (Ryser)
 * caps the term estimate. Time ≈ work · NANOSECONDS_PER_PRODUCT.
 */
export function estimateMatrixCost(termCounts: readonly (readonly number[])[], thresholds: CostThresholds = {}): SymbolicCost {
  const n = termCounts.length;
  const a = termCounts.map((r) => r.map((t) => Math.max(0, t)));
  let work = 0;
  let prev = 1;
  let last = 1;
  // An m×m minor has at most m!·tmax^m terms: a cap for the intermediate sizes (which merge terms).
  const tmax = a.reduce((m, r) => r.reduce((mr, x) => Math.max(mr, x), m), 1);
  const symbols = thresholds.monomialBound ?? Number.POSITIVE_INFINITY;
  let cap = Math.min(tmax, symbols); // 1!·tmax
  for (let k = 0; k < n; k++) {
    cap = Math.min(cap * (k + 2) * tmax, symbols);
    let best = -1;
    for (let i = k; i < n; i++) if (a[i][k] > 0 && (best < 0 || a[i][k] < a[best][k])) best = i;
    if (best < 0) return result(0, work, 'elimination');
    [a[k], a[best]] = [a[best], a[k]];
    const p = a[k][k];
    for (let i = k + 1; i < n; i++) {
      if (a[i][k] === 0) continue;
      for (let j = k + 1; j < n; j++) {
        const products = p * a[i][j] + a[i][k] * a[k][j];
        if (products === 0) continue;
        work += products + Math.min(cap, products / prev) * prev; // multiplication, then the exact division
        a[i][j] = Math.min(cap, Math.max(1, Math.round(products / prev)));
      }
      a[i][k] = 0;
    }
    prev = p;
    last = p;
  }
  const terms = Math.min(n <= 20 ? Math.min(last, permanent(termCounts)) : last, symbols);
  return result(terms, work, 'elimination');

  function result(t: number, w: number, method: SymbolicCost['method']): SymbolicCost {
    const base = verdictOf(Math.max(1, t), method, thresholds);
    const milliseconds = (w * NANOSECONDS_PER_PRODUCT) / 1e6;
    const refuseMs = thresholds.refuseMilliseconds ?? 60_000;
    const verdict = milliseconds > refuseMs ? 'refuse' : base.verdict;
    return { ...base, milliseconds, verdict };
  }
}

/**
 * Ryser: perm(A) = (−1)^n Σ_{S ⊆ cols} (−1)^{|S|} Π_i Σ_{j∈S} a_ij, with the subsets in Gray-code order
 * so each step adds or removes one column from the row sums.
 */
export function permanent(a: readonly (readonly number[])[]): number {
  const n = a.length;
  if (n === 0) return 1;
  const rowSums = new Float64Array(n);
  let total = 0;
  let gray = 0;
  for (let k = 1; k < 1 << n; k++) {
    const next = k ^ (k >> 1);
    const j = 31 - Math.clz32(next ^ gray);
    const adding = (next & (1 << j)) !== 0;
    for (let i = 0; i < n; i++) rowSums[i] += adding ? a[i][j] : -a[i][j];
    gray = next;
    let prod = 1;
    for (let i = 0; i < n && prod !== 0; i++) prod *= rowSums[i];
    const size = popcount(gray);
    total += (size % 2 === n % 2 ? 1 : -1) * prod;
  }
  return Math.round(total);
}

function popcount(x: number): number {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}

/** Throws 'symbolic-too-costly' for a 'refuse' verdict, naming the estimate. */
export function assertSymbolicAffordable(cost: SymbolicCost, context: { element?: string; field?: string } = {}): void {
  if (cost.verdict !== 'refuse') return;
  throw new SysgraphError(
    'symbolic-too-costly',
    `symbolic elimination would expand to about ${cost.terms.toExponential(1)} terms`,
    { ...context, expected: 'a smaller or sparser system, or a numeric formulation' },
  );
}
