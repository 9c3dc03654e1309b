/**
 * TidyForm: the printable shape of a rational function, shared by the text and LaTeX printers.
 * Each of numerator and denominator is written c·m·(S): a positive integer content c, a monomial
 * content m and the remaining primitive sum S (at least two terms, first displayed term positive);
 * all signs move to the front. Terms are displayed by decreasing total degree, then lexicographically
 * in VariableSet order; factors inside a monomial follow the VariableSet order.
 */
import type { Polynomial } from '../polynomial/polynomial';

/** One displayed term: a signed integer coefficient and (variable, exponent) factors. */
export interface TidyTerm {
  readonly coeff: bigint;
  readonly factors: readonly (readonly [number, number])[];
}

/** c·m·(S) with c > 0. */
export interface TidyProduct {
  readonly coefficient: bigint;
  readonly monomial: readonly (readonly [number, number])[];
  /** The primitive sum (≥ 2 terms), or null when it is 1. */
  readonly sum: readonly TidyTerm[] | null;
}

export interface TidyFraction {
  readonly negative: boolean;
  readonly num: TidyProduct;
  /** null when the denominator is 1. */
  readonly den: TidyProduct | null;
  readonly zero: boolean;
}

function factorsOf(exps: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  exps.forEach((e, v) => {
    if (e > 0) out.push([v, e]);
  });
  return out;
}

/** The display order of terms: total degree descending, then lexicographic descending. */
function compareDisplay(a: readonly number[], b: readonly number[]): number {
  const da = a.reduce((s, e) => s + e, 0);
  const db = b.reduce((s, e) => s + e, 0);
  if (da !== db) return db - da;
  for (let v = 0; v < Math.max(a.length, b.length); v++) {
    const d = (b[v] ?? 0) - (a[v] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Split a nonzero polynomial into sign and c·m·(S). */
export function tidyProduct(p: Polynomial): { negative: boolean; product: TidyProduct } {
  const nvars = p.nw * 4;
  const terms = p.terms(nvars);
  const content = p.content();
  const minExps = new Array<number>(nvars).fill(Number.MAX_SAFE_INTEGER);
  for (const t of terms) t.exponents.forEach((e, v) => (minExps[v] = Math.min(minExps[v], e)));
  const monomial = factorsOf(minExps);
  if (terms.length === 1) {
    return { negative: terms[0].coeff < 0n, product: { coefficient: content, monomial, sum: null } };
  }
  const rest = terms
    .map((t) => ({ coeff: t.coeff / content, exponents: t.exponents.map((e, v) => e - minExps[v]) }))
    .sort((a, b) => compareDisplay(a.exponents, b.exponents));
  const negative = rest[0].coeff < 0n;
  const sum = rest.map((t) => ({ coeff: negative ? -t.coeff : t.coeff, factors: factorsOf(t.exponents) }));
  return { negative, product: { coefficient: content, monomial, sum } };
}

export function tidyFraction(num: Polynomial, den: Polynomial): TidyFraction {
  if (num.isZero()) {
    return { negative: false, num: { coefficient: 0n, monomial: [], sum: null }, den: null, zero: true };
  }
  const n = tidyProduct(num);
  if (den.isOne()) return { negative: n.negative, num: n.product, den: null, zero: false };
  const d = tidyProduct(den);
  return { negative: n.negative !== d.negative, num: n.product, den: d.product, zero: false };
}
