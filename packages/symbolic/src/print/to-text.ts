/**
 * toText: a rational function in mathjs syntax, tidy (see tidy-form.ts) and parsable back by mathjs with
 * every parameter as a plain symbol, e.g. "-kt*(Kv^2*R*Rf*D^2 + 1)/(Rf*D^2*(kt*Kv^2*L + 1))".
 */
import type { RationalFunction } from '../rational/rational-function';
import type { Polynomial } from '../polynomial/polynomial';
import type { VariableSet } from '../variable-set';
import { tidyFraction, tidyProduct, type TidyProduct, type TidyTerm } from './tidy-form';

export function formatText(rf: RationalFunction): string {
  const names = rf.variables;
  const t = tidyFraction(rf.num, rf.den);
  if (t.zero) return '0';
  const sign = t.negative ? '-' : '';
  // A bare sum needs parentheses under a sign or over a denominator.
  const bare = t.num.sum !== null && t.num.coefficient === 1n && t.num.monomial.length === 0;
  const num = productText(t.num, names);
  const numWrapped = bare && (t.negative || t.den) ? `(${num})` : num;
  if (!t.den) return sign + numWrapped;
  const den = productText(t.den, names);
  const single = t.den.sum === null && (t.den.monomial.length + (t.den.coefficient !== 1n ? 1 : 0)) <= 1;
  return `${sign}${numWrapped}/${single ? den : `(${den})`}`;
}

/** A polynomial in mathjs syntax, with its integer and monomial content factored out. */
export function polynomialText(p: Polynomial, names: VariableSet): string {
  if (p.isZero()) return '0';
  const { negative, product } = tidyProduct(p);
  const text = productText(product, names);
  const bare = product.sum !== null && product.coefficient === 1n && product.monomial.length === 0;
  return negative ? (bare ? `-(${text})` : `-${text}`) : text;
}

const SAFE = 2n ** 53n;
const CHUNK = 10n ** 15n;

/**
 * An integer mathjs reads exactly: plain digits below 2^53; above, Horner form in base 10^15,
 * e.g. ((11111111111111108*10^15 + 888888888888889)), since mathjs parses numerals to doubles.
 */
export function integerText(c: bigint): string {
  const mag = c < 0n ? -c : c;
  if (mag < SAFE) return c.toString();
  const digits: bigint[] = [];
  for (let r = mag; r > 0n; r /= CHUNK) digits.push(r % CHUNK);
  let text = digits[digits.length - 1].toString();
  for (let k = digits.length - 2; k >= 0; k--) text = `(${text}*10^15 + ${digits[k]})`;
  return c < 0n ? `-${text}` : text;
}

function factorText(v: number, e: number, names: VariableSet): string {
  const name = names.nameOf(v);
  return e === 1 ? name : `${name}^${e}`;
}

function productText(p: TidyProduct, names: VariableSet): string {
  const parts: string[] = [];
  if (p.coefficient !== 1n) parts.push(integerText(p.coefficient));
  for (const [v, e] of p.monomial) parts.push(factorText(v, e, names));
  if (p.sum) {
    const s = sumText(p.sum, names);
    parts.push(parts.length > 0 ? `(${s})` : s);
  }
  return parts.length === 0 ? '1' : parts.join('*');
}

function sumText(terms: readonly TidyTerm[], names: VariableSet): string {
  let out = '';
  terms.forEach((t, i) => {
    const neg = t.coeff < 0n;
    const mag = neg ? -t.coeff : t.coeff;
    const factors = t.factors.map(([v, e]) => factorText(v, e, names));
    const body = factors.length === 0 ? integerText(mag) : (mag === 1n ? '' : `${integerText(mag)}*`) + factors.join('*');
    out += i === 0 ? (neg ? `-${body}` : body) : neg ? ` - ${body}` : ` + ${body}`;
  });
  return out;
}
