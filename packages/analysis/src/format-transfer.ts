/**
 * formatTransfer: H(s) printed entry by entry as H_{y,u}(s) = N(s)/Δ(s), numerator and monic denominator
 * collected in descending powers of s with coefficients that are rational functions of the parameters,
 * e.g. H_{v_C1,Vs}(s) = (1/(C*L))/(s^2 + (R/L)*s + 1/(C*L)). Text is in mathjs syntax (parsable back);
 * LaTeX is an aligned block for KaTeX. Also the characteristic polynomial and the numeric poles.
 */
import { latexName, toLatex, toText } from '@sysgraph/symbolic';
import type { RationalFunction } from '@sysgraph/symbolic';
import type { FractionInS } from './collect-in-s';
import { formatComplex } from './complex';
import type { SymbolicTransfer } from './symbolic-transfer';

export type TransferFormat = 'text' | 'latex';

/** A coefficient that prints as a single product (no sum, no fraction): needs no parentheses before s^k. */
const isProduct = (c: RationalFunction) => c.den.isOne() && c.num.size === 1;

function power(name: string, k: number, format: TransferFormat): string {
  if (k === 1) return name;
  return format === 'text' ? `${name}^${k}` : `${name}^{${k}}`;
}

/** True when the whole text is one parenthesised group, "(…)" or "\\left(…\\right)". */
function enclosed(text: string, format: TransferFormat): boolean {
  if (format === 'latex') return text.startsWith('\\left(') && text.endsWith('\\right)') && text.indexOf('\\left(', 1) < 0;
  if (!text.startsWith('(')) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i === text.length - 1;
  }
  return false;
}

/** Prints coefficients once each: equal coefficients (the shared denominator Δ(s)) reuse their text. */
export type CoefficientPrinter = (c: RationalFunction) => string;

export function coefficientPrinter(format: TransferFormat): CoefficientPrinter {
  const print = format === 'text' ? toText : toLatex;
  const seen = new Map<number, { rf: RationalFunction; text: string }[]>();
  return (c) => {
    const bucket = seen.get(c.hash()) ?? [];
    const hit = bucket.find((x) => x.rf.equals(c));
    if (hit) return hit.text;
    const text = print(c);
    bucket.push({ rf: c, text });
    seen.set(c.hash(), bucket);
    return text;
  };
}

/** Σ_k c_k s^k, highest power first; '0' when every coefficient is zero. */
export function polynomialInS(
  coefficients: readonly RationalFunction[],
  s: string,
  format: TransferFormat,
  print: CoefficientPrinter = coefficientPrinter(format),
): string {
  const sName = format === 'text' ? s : latexName(s);
  let out = '';
  for (let k = coefficients.length - 1; k >= 0; k--) {
    const c = coefficients[k];
    if (c.isZero()) continue;
    // The printers put the sign in front ("-R/L", "-(a + b)", "-\\frac{…}{…}"): drop it and write it as the operator.
    const signed = print(c);
    const negative = signed.startsWith('-');
    const mag = negative ? signed.slice(1) : signed;
    let body: string;
    if (k === 0) body = mag;
    else if (mag === '1') body = power(sName, k, format);
    else if (format === 'text') body = `${isProduct(c) || enclosed(mag, format) ? mag : `(${mag})`}*${power(sName, k, format)}`;
    else body = `${isProduct(c) || !c.den.isOne() || enclosed(mag, format) ? mag : `\\left(${mag}\\right)`} ${power(sName, k, format)}`;
    out += out === '' ? (negative ? `-${body}` : body) : negative ? ` - ${body}` : ` + ${body}`;
  }
  return out === '' ? '0' : out;
}

/** N(s)/Δ(s) of one collected entry. */
export function fractionInSText(f: FractionInS, s: string, format: TransferFormat, print: CoefficientPrinter = coefficientPrinter(format)): string {
  const num = polynomialInS(f.numerator, s, format, print);
  if (f.denominator.length === 1) return num;
  const den = polynomialInS(f.denominator, s, format, print);
  if (format === 'latex') return `\\frac{${num}}{${den}}`;
  const single = /^[\w.*^]+$/.test(num);
  return `${single ? num : `(${num})`}/(${den})`;
}

/** One equation H_{y,u}(s) = …. */
export function formatTransferEntry(
  h: SymbolicTransfer,
  output: number,
  input: number,
  format: TransferFormat = 'text',
  print: CoefficientPrinter = coefficientPrinter(format),
): string {
  const s = h.laplace.name;
  const y = h.outputs[output];
  const u = h.inputs[input];
  const body = fractionInSText(h.entries[output][input], s, format, print);
  if (format === 'text') return `H_{${y},${u}}(${s}) = ${body}`;
  return `H_{${latexName(y)},${latexName(u)}}(${latexName(s)}) &= ${body}`;
}

export function formatTransfer(h: SymbolicTransfer, format: TransferFormat = 'text'): string {
  const s = h.laplace.name;
  const lines: string[] = [];
  const print = coefficientPrinter(format);
  const delta = polynomialInS(h.characteristic, s, format, print);
  const entries = h.outputs.flatMap((_, i) => h.inputs.map((_, j) => formatTransferEntry(h, i, j, format, print)));
  if (format === 'latex') {
    const ls = latexName(s);
    lines.push(`\\Delta(${ls}) = \\det(${ls} I - A) &= ${delta}`, ...entries);
    return `\\begin{aligned}\n${lines.join(' \\\\\n')}\n\\end{aligned}`;
  }
  const m = h.inputs.length;
  const p = h.outputs.length;
  lines.push(`H(${s}) = C (${s}I - A)^-1 B + D + ${s} E: ${p} output${p === 1 ? '' : 's'} × ${m} input${m === 1 ? '' : 's'}, ${h.states.length} state${h.states.length === 1 ? '' : 's'}`);
  if (h.laplace.renamed) lines.push(`(a parameter is named s: the Laplace variable is ${s})`);
  lines.push(`det(${s}I - A) = ${delta}`, ...entries);
  if (h.poles) lines.push(`poles at the parameter values: ${h.poles.length === 0 ? 'none' : h.poles.map((z) => formatComplex(z)).join(', ')}`);
  return lines.join('\n');
}
