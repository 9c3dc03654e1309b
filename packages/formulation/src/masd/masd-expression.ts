/**
 * Matrix expressions over named quantities: the definitions of MASD's named products (masd-products.ts), printed
 * as text and LaTeX, evaluated in any backend, and sized before evaluation (packages/symbolic expansion sizes).
 *
 *   text grammar:  sum     = ['−'] product { ('+' | '−') product }
 *                  product = postfix { '·' postfix }
 *                  postfix = (name | 'I' | '(' sum ')') { 'ᵀ' | '⁻¹' }
 *
 * 'I' is the identity of the size the sum around it has. A product is evaluated from the right, so an inverse
 * is never formed: P·X⁻¹·Q = P·solve(X, Q).
 */
import type { MatrixAlgebra } from '../algebra/matrix-algebra';

export type MatExpr =
  | { readonly op: 'ref'; readonly name: string }
  | { readonly op: 'identity' }
  | { readonly op: 'neg'; readonly x: MatExpr }
  | { readonly op: 'sum'; readonly terms: readonly MatExpr[] }
  | { readonly op: 'prod'; readonly factors: readonly MatExpr[] }
  | { readonly op: 'transpose'; readonly x: MatExpr }
  | { readonly op: 'inverse'; readonly x: MatExpr };

export const ref = (name: string): MatExpr => ({ op: 'ref', name });
export const I: MatExpr = { op: 'identity' };
export const neg = (x: MatExpr): MatExpr => ({ op: 'neg', x });
export const sum = (...terms: MatExpr[]): MatExpr => (terms.length === 1 ? terms[0] : { op: 'sum', terms });
export const prod = (...factors: MatExpr[]): MatExpr => (factors.length === 1 ? factors[0] : { op: 'prod', factors });
export const tr = (x: MatExpr): MatExpr => ({ op: 'transpose', x });
export const inv = (x: MatExpr): MatExpr => ({ op: 'inverse', x });

/** Names an expression refers to. */
export function references(e: MatExpr, out = new Set<string>()): Set<string> {
  switch (e.op) {
    case 'ref':
      out.add(e.name);
      break;
    case 'identity':
      break;
    case 'neg':
    case 'transpose':
    case 'inverse':
      references(e.x, out);
      break;
    case 'sum':
      e.terms.forEach((t) => references(t, out));
      break;
    case 'prod':
      e.factors.forEach((f) => references(f, out));
      break;
  }
  return out;
}

interface Notation {
  readonly name: (n: string) => string;
  readonly identity: string;
  readonly minus: string;
  readonly times: string;
  readonly transpose: string;
  readonly inverse: string;
  readonly open: string;
  readonly close: string;
}

const TEXT: Notation = { name: (n) => n, identity: 'I', minus: '−', times: '·', transpose: 'ᵀ', inverse: '⁻¹', open: '(', close: ')' };

/** LaTeX of a quantity name: F_RC → F_{RC}, T12 → T_{12}, Bα_C → B_{\alpha C}, R_loop → R_{loop}. */
export function latexQuantityName(n: string): string {
  const greek = (s: string) => s.replace(/α/g, '\\alpha ').replace(/θ/g, '\\theta ').replace(/Γ/g, '\\Gamma ').trim();
  const digits = /^([A-Za-z]+)(\d+)$/.exec(n);
  if (digits) return `${digits[1]}_{${digits[2]}}`;
  const greekIndex = /^([A-Z])([αθΓ])_(.+)$/.exec(n);
  if (greekIndex) return `${greekIndex[1]}_{${greek(greekIndex[2])} ${greekIndex[3]}}`;
  const sub = /^([^_]+)_(.+)$/.exec(n);
  if (sub) return `${greek(sub[1])}_{${greek(sub[2])}}`;
  return greek(n);
}

const LATEX: Notation = { name: latexQuantityName, identity: 'I', minus: '-', times: '\\,', transpose: '^{T}', inverse: '^{-1}', open: '\\left(', close: '\\right)' };

function print(e: MatExpr, k: Notation, context: 'top' | 'factor' | 'postfix'): string {
  const wrap = (s: string) => `${k.open}${s}${k.close}`;
  switch (e.op) {
    case 'ref':
      return k.name(e.name);
    case 'identity':
      return k.identity;
    case 'transpose':
    case 'inverse': {
      const inner = print(e.x, k, 'postfix');
      const sup = e.op === 'transpose' ? k.transpose : k.inverse;
      return k === LATEX && e.x.op === 'ref' ? `{${inner}}${sup}` : `${inner}${sup}`;
    }
    case 'neg': {
      const s = `${k.minus}${print(e.x, k, 'factor')}`;
      return context === 'top' ? s : wrap(s);
    }
    case 'prod': {
      const s = e.factors.map((f) => print(f, k, 'factor')).join(k.times);
      return context === 'postfix' ? wrap(s) : s;
    }
    case 'sum': {
      const s = e.terms
        .map((t, i) => {
          if (t.op === 'neg') return `${i === 0 ? k.minus : ` ${k.minus} `}${print(t.x, k, 'factor')}`;
          return `${i === 0 ? '' : ' + '}${print(t, k, 'factor')}`;
        })
        .join('');
      return context === 'top' ? s : wrap(s);
    }
  }
}

export const exprText = (e: MatExpr): string => print(e, TEXT, 'top');
export const exprLatex = (e: MatExpr): string => print(e, LATEX, 'top');

/** The operations an evaluation needs: a matrix algebra, or the size calculus of packages/symbolic. */
export interface ExprAlgebra<M> {
  add(a: M, b: M): M;
  neg(a: M): M;
  mul(a: M, b: M): M;
  transpose(a: M): M;
  /** X⁻¹·B. */
  solve(x: M, b: M): M;
  identity(n: number): M;
  rows(a: M): number;
}

export function evaluateExpr<M>(e: MatExpr, lookup: (name: string) => M, alg: ExprAlgebra<M>, rows?: number): M {
  switch (e.op) {
    case 'ref':
      return lookup(e.name);
    case 'identity':
      if (rows === undefined) throw new Error('I outside a sum');
      return alg.identity(rows);
    case 'neg':
      return alg.neg(evaluateExpr(e.x, lookup, alg, rows));
    case 'transpose':
      return alg.transpose(evaluateExpr(e.x, lookup, alg));
    case 'inverse': {
      const x = evaluateExpr(e.x, lookup, alg);
      return alg.solve(x, alg.identity(alg.rows(x)));
    }
    case 'sum': {
      const known = e.terms.filter((t) => t.op !== 'identity').map((t) => evaluateExpr(t, lookup, alg, rows));
      const n = known.length > 0 ? alg.rows(known[0]) : rows;
      const all = e.terms.some((t) => t.op === 'identity') ? [...known, evaluateExpr(I, lookup, alg, n)] : known;
      return all.reduce((a, b) => alg.add(a, b));
    }
    case 'prod': {
      const last = e.factors[e.factors.length - 1];
      if (last.op === 'inverse' && e.factors.length > 1) {
        // P·X⁻¹ = (X⁻ᵀ·Pᵀ)ᵀ: the inverse is never formed.
        const P = evaluateExpr(prod(...e.factors.slice(0, -1)), lookup, alg);
        return alg.transpose(alg.solve(alg.transpose(evaluateExpr(last.x, lookup, alg)), alg.transpose(P)));
      }
      // From the right: X⁻¹·Q = solve(X, Q).
      let acc: M | undefined;
      for (let i = e.factors.length - 1; i >= 0; i--) {
        const f = e.factors[i];
        if (f.op === 'inverse' && acc !== undefined) acc = alg.solve(evaluateExpr(f.x, lookup, alg), acc);
        else acc = acc === undefined ? evaluateExpr(f, lookup, alg) : alg.mul(evaluateExpr(f, lookup, alg), acc);
      }
      return acc!;
    }
  }
}

/** A MatrixAlgebra as an ExprAlgebra. */
export function matrixExprAlgebra<M, T>(alg: MatrixAlgebra<M, T>): ExprAlgebra<M> {
  return {
    add: (a, b) => alg.add(a, b),
    neg: (a) => alg.neg(a),
    mul: (a, b) => alg.mul(a, b),
    transpose: (a) => alg.transpose(a),
    // An empty result needs no elimination.
    solve: (x, b) => (alg.rows(x) === 0 || alg.cols(b) === 0 ? alg.zeros(alg.rows(x), alg.cols(b)) : alg.solve(x, b)),
    identity: (n) => alg.identity(n),
    rows: (a) => alg.rows(a),
  };
}
