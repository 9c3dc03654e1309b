/**
 * Expansion sizes: an upper estimate of how large the entries of a sum, product or inverse of matrices of
 * rational functions come out, computed on the sizes alone (before any expansion), so that a caller can keep
 * a product or an inverse unexpanded — as a named product of named factors — where its entries would not stay
 * small. An entry's size is (n, d, g, key): numerator and denominator terms, a bound on the total degree, and
 * an identity of the denominator (equal keys: equal denominators).
 *
 *   a + b:  equal denominators  (n_a + n_b, d, max(g_a, g_b))
 *           else                (n_a·d_b + n_b·d_a, d_a·d_b, g_a + g_b)
 *   a · b:                      (n_a·n_b, d_a·d_b, g_a + g_b)
 *   X⁻¹:    diagonal X          (d_ii, n_ii, g_ii) on the diagonal
 *           else                X = D⁻¹X' with X' the rows cleared of denominators (t_ij = n_ij · l_i, l_i the
 *                               terms of row i's denominators multiplied), X⁻¹ = adj(X')·D/det(X'):
 *                               (P_cof · l_j, P_det, Σ_i (g_i + λ_i) + λ_j), one denominator key for the whole
 *                               inverse; P_det the permanent of X''s term counts (a bound of the determinant's
 *                               terms; above 20 rows the elimination estimate estimateMatrixCost), P_cof that of X'
 *                               with zeros counted as one term (it bounds every minor)
 *
 * The printed length of an entry grows like (n + d)·g: `entryWeight`. An entry is small when its weight is at
 * most SMALL_ENTRY_WEIGHT (64: for example 8 terms of degree 4, or the 2-section ladder's
 * (Ra1 + Ra2 + Rb2)/(Ra1·Rb1 + Ra1·Ra2 + Ra1·Rb2 + Rb1·Ra2 + Rb1·Rb2), weight 16).
 */
import type { RationalFunction } from '../rational/rational-function';
import { estimateMatrixCost, permanent } from './estimate-symbolic-cost';

export interface EntrySize {
  /** Numerator terms (0: the entry is zero). */
  readonly n: number;
  /** Denominator terms (1: a polynomial). */
  readonly d: number;
  /** A bound on the total degree of numerator and denominator. */
  readonly g: number;
  /** Equal keys mean equal denominators; '1' for a polynomial; undefined when unknown. */
  readonly key?: string;
}

export type SizeMatrix = readonly (readonly EntrySize[])[];

export const ZERO_SIZE: EntrySize = { n: 0, d: 1, g: 0, key: '1' };

/** Above this weight ((n + d)·max(1, g)) an entry is not small. */
export const SMALL_ENTRY_WEIGHT = 64;

export function entrySize(x: RationalFunction): EntrySize {
  if (x.isZero()) return ZERO_SIZE;
  const g = Math.max(x.num.degree(), x.den.degree());
  return { n: x.num.size, d: x.den.size, g, key: x.den.isOne() ? '1' : `${x.den.hash()}:${x.den.size}` };
}

export function sizeMatrix(rows: readonly (readonly RationalFunction[])[]): EntrySize[][] {
  return rows.map((row) => row.map(entrySize));
}

export function addSize(a: EntrySize, b: EntrySize): EntrySize {
  if (a.n === 0) return b;
  if (b.n === 0) return a;
  if (a.key !== undefined && a.key === b.key) return { n: a.n + b.n, d: a.d, g: Math.max(a.g, b.g), key: a.key };
  return { n: a.n * b.d + b.n * a.d, d: a.d * b.d, g: a.g + b.g };
}

export function mulSize(a: EntrySize, b: EntrySize): EntrySize {
  if (a.n === 0 || b.n === 0) return ZERO_SIZE;
  const key = a.key === '1' ? b.key : b.key === '1' ? a.key : undefined;
  return { n: a.n * b.n, d: a.d * b.d, g: a.g + b.g, key };
}

export function entryWeight(e: EntrySize): number {
  return e.n === 0 ? 0 : (e.n + e.d) * Math.max(1, e.g);
}

/** The largest entry weight of a size matrix (0 when empty or zero). */
export function maxEntryWeight(m: SizeMatrix): number {
  let w = 0;
  for (const row of m) for (const e of row) w = Math.max(w, entryWeight(e));
  return w;
}

export function isSmallExpansion(m: SizeMatrix, limit = SMALL_ENTRY_WEIGHT): boolean {
  return maxEntryWeight(m) <= limit;
}

export function sumSizes(a: SizeMatrix, b: SizeMatrix): EntrySize[][] {
  return a.map((row, i) => row.map((x, j) => addSize(x, b[i][j])));
}

export function productSizes(a: SizeMatrix, b: SizeMatrix, inner: number): EntrySize[][] {
  const cols = b[0]?.length ?? 0;
  return a.map((row) => {
    const out: EntrySize[] = [];
    for (let j = 0; j < cols; j++) {
      let s = ZERO_SIZE;
      for (let k = 0; k < inner; k++) if (row[k].n !== 0 && b[k][j].n !== 0) s = addSize(s, mulSize(row[k], b[k][j]));
      out.push(s);
    }
    return out;
  });
}

let inverseCount = 0;

/** Terms of a determinant: the permanent of the term counts (a bound) up to 20 rows, else the elimination estimate. */
function terms(t: number[][]): number {
  return t.length <= 20 ? permanent(t) : estimateMatrixCost(t, { refuseMilliseconds: Infinity }).terms;
}

/** Sizes of the entries of X⁻¹ (X square). */
export function inverseSizes(x: SizeMatrix): EntrySize[][] {
  const n = x.length;
  const diagonal = x.every((row, i) => row.every((e, j) => i === j || e.n === 0));
  if (diagonal) return x.map((row, i) => row.map((e, j) => (i === j ? { n: e.d, d: e.n, g: e.g } : ZERO_SIZE)));
  // Row i cleared of its denominators: X = D⁻¹X', D = diag(lcm_i), so X⁻¹ = adj(X')·D / det(X').
  const lcm = x.map((row) => {
    let terms = 1;
    let degree = 0;
    const seen = new Set<string>();
    for (const e of row) {
      if (e.n === 0 || e.key === '1') continue;
      if (e.key !== undefined) {
        if (seen.has(e.key)) continue;
        seen.add(e.key);
      }
      terms *= e.d;
      degree += e.g;
    }
    return { terms, degree };
  });
  const cleared = x.map((row, i) => row.map((e) => (e.n === 0 ? 0 : e.n * lcm[i].terms)));
  // det(X'): its elimination estimate; a cofactor: that of X' with every zero counted as one term (bounds every minor).
  const det = Math.max(1, terms(cleared));
  const cofactor = Math.max(1, terms(cleared.map((row) => row.map((t) => Math.max(1, t)))));
  let g = 0;
  x.forEach((row, i) => {
    let rowDegree = 0;
    for (const e of row) rowDegree = Math.max(rowDegree, e.g);
    g += rowDegree + lcm[i].degree;
  });
  const key = `inverse#${++inverseCount}`;
  return Array.from({ length: n }, () => Array.from({ length: n }, (_, j) => ({ n: cofactor * lcm[j].terms, d: det, g: g + lcm[j].degree, key })));
}
