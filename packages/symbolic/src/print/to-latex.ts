/**
 * toLatex: a rational function in LaTeX, tidy (see tidy-form.ts): integer coefficients, signs pulled to
 * the front, \frac only for a denominator other than 1, sums in \left( \right) when multiplied,
 * powers as x^{2}, names through latexName. Example: -\frac{kt \left(K_{v}^{2} R + 1\right)}{R_{f}}.
 */
import type { RationalFunction } from '../rational/rational-function';
import type { VariableSet } from '../variable-set';
import { latexName } from './latex-name';
import { tidyFraction, type TidyProduct, type TidyTerm } from './tidy-form';

export function toLatex(rf: RationalFunction): string {
  const t = tidyFraction(rf.num, rf.den);
  if (t.zero) return '0';
  const sign = t.negative ? '-' : '';
  const num = productLatex(t.num, rf.variables);
  const bare = t.num.sum !== null && t.num.coefficient === 1n && t.num.monomial.length === 0;
  if (!t.den) return t.negative && bare ? `-\\left(${num}\\right)` : sign + num;
  return `${sign}\\frac{${num}}{${productLatex(t.den, rf.variables)}}`;
}

function factorLatex(v: number, e: number, names: VariableSet): string {
  const atom = names.atomAt(v);
  const n = atom ? atom.latex : latexName(names.nameOf(v));
  return e === 1 ? n : atom ? `\\left(${n}\\right)^{${e}}` : `${n}^{${e}}`;
}

function productLatex(p: TidyProduct, names: VariableSet): string {
  const parts: string[] = [];
  if (p.coefficient !== 1n) parts.push(p.coefficient.toString());
  for (const [v, e] of p.monomial) parts.push(factorLatex(v, e, names));
  if (p.sum) {
    const s = sumLatex(p.sum, names);
    parts.push(parts.length > 0 ? `\\left(${s}\\right)` : s);
  }
  return parts.length === 0 ? '1' : parts.join(' ');
}

function sumLatex(terms: readonly TidyTerm[], names: VariableSet): string {
  let out = '';
  terms.forEach((t, i) => {
    const neg = t.coeff < 0n;
    const mag = neg ? -t.coeff : t.coeff;
    const factors = t.factors.map(([v, e]) => factorLatex(v, e, names));
    const body = factors.length === 0 ? mag.toString() : [...(mag === 1n ? [] : [mag.toString()]), ...factors].join(' ');
    out += i === 0 ? (neg ? `-${body}` : body) : neg ? ` - ${body}` : ` + ${body}`;
  });
  return out;
}
