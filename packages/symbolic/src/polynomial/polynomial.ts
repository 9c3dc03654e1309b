/**
 * Polynomial: a sparse multivariate polynomial with bigint integer coefficients over variables x0, x1, …
 * (indices into a VariableSet). Terms are kept in decreasing lexicographic order (x0 > x1 > …) with packed
 * exponent vectors (see monomial.ts) and nonzero coefficients, so equal polynomials have identical arrays.
 * Immutable. Reference for the algorithms: Geddes, Czapor, Labahn, "Algorithms for Computer Algebra" (1992).
 */
import { SysgraphError } from '@sysgraph/core';
import { babs, igcd } from '../bigint-math';
import { divideTermsExact } from './heap-divide';
import { multiplyTerms } from './heap-multiply';
import {
  compareMonomials,
  exponentOf,
  exponentOverflow,
  MAX_EXPONENT,
  maxWord,
  minWord,
  multiplyMonomials,
  packExponents,
  shiftOf,
  totalDegree,
  unpackExponents,
  wordsFor,
} from './monomial';
import { TermBuffer, type Terms } from './term-buffer';

/** One term as plain data: coefficient and exponent vector (index = variable). */
export interface Term {
  readonly coeff: bigint;
  readonly exponents: readonly number[];
}

/** Float evaluator of a polynomial, precompiled to flat arrays. */
interface CompiledTerms {
  readonly coeffs: Float64Array;
  readonly start: Int32Array; // term t uses factor slots start[t] … start[t+1]−1
  readonly vars: Int32Array;
  readonly exps: Int32Array;
}

export class Polynomial implements Terms {
  private hashValue: number | undefined;
  private compiled: CompiledTerms | undefined;
  private residueCache: { p: number; values: Int32Array } | undefined;
  private degreeCache: Uint32Array | undefined;

  /** Use the static constructors; this one trusts its arguments to be canonical. */
  constructor(
    /** Words per packed monomial. */
    readonly nw: number,
    readonly monos: Uint32Array,
    readonly coeffs: bigint[],
  ) {}

  // ---------------------------------------------------------------- construction

  static zero(nw = 1): Polynomial {
    return new Polynomial(nw, new Uint32Array(0), []);
  }

  static one(nw = 1): Polynomial {
    return Polynomial.constant(1n, nw);
  }

  static constant(c: bigint | number, nw = 1): Polynomial {
    const b = BigInt(c);
    if (b === 0n) return Polynomial.zero(nw);
    return new Polynomial(nw, new Uint32Array(nw), [b]);
  }

  /** x_v^e. */
  static variable(v: number, exponent = 1, nw = wordsFor(v + 1)): Polynomial {
    const exps = new Array<number>(v + 1).fill(0);
    exps[v] = exponent;
    return Polynomial.monomial(1n, exps, Math.max(nw, wordsFor(v + 1)));
  }

  /** c·Π x_v^{exps[v]}. */
  static monomial(c: bigint | number, exps: readonly number[], nw = wordsFor(exps.length)): Polynomial {
    const b = BigInt(c);
    if (b === 0n) return Polynomial.zero(nw);
    const m = new Uint32Array(nw);
    packExponents(exps, m, 0, nw);
    return new Polynomial(nw, m, [b]);
  }

  /** From terms in any order; equal monomials are combined and zeros dropped. */
  static fromTerms(terms: Iterable<Term>, nvars = 0): Polynomial {
    const list = [...terms];
    let n = nvars;
    for (const t of list) n = Math.max(n, t.exponents.length);
    const nw = wordsFor(n);
    const monos = new Uint32Array(list.length * nw);
    const coeffs = list.map((t, i) => {
      packExponents(t.exponents, monos, i * nw, nw);
      return t.coeff;
    });
    return Polynomial.fromUnsorted(nw, monos, coeffs);
  }

  /** From packed terms in any order (sorted, combined, zeros dropped). */
  static fromUnsorted(nw: number, monos: Uint32Array, coeffs: readonly bigint[]): Polynomial {
    const n = coeffs.length;
    const order = Array.from({ length: n }, (_, i) => i);
    order.sort((a, b) => compareMonomials(monos, b * nw, monos, a * nw, nw));
    const out = new TermBuffer(nw, n);
    let i = 0;
    while (i < n) {
      const head = order[i];
      let c = coeffs[head];
      let k = i + 1;
      while (k < n && compareMonomials(monos, order[k] * nw, monos, head * nw, nw) === 0) c += coeffs[order[k++]];
      if (c !== 0n) out.push(monos, head * nw, c);
      i = k;
    }
    const t = out.toTerms();
    return new Polynomial(nw, t.monos, t.coeffs);
  }

  private static of(t: Terms, nw: number): Polynomial {
    return new Polynomial(nw, t.monos, t.coeffs);
  }

  // ---------------------------------------------------------------- inspection

  /** Number of terms. */
  get size(): number {
    return this.coeffs.length;
  }

  isZero(): boolean {
    return this.coeffs.length === 0;
  }

  /** Zero or a nonzero constant. */
  isConstant(): boolean {
    if (this.coeffs.length === 0) return true;
    if (this.coeffs.length > 1) return false;
    for (let k = 0; k < this.nw; k++) if (this.monos[k] !== 0) return false;
    return true;
  }

  isOne(): boolean {
    return this.isConstant() && this.coeffs.length === 1 && this.coeffs[0] === 1n;
  }

  /** A single term c·x^e (nonzero). */
  isMonomial(): boolean {
    return this.coeffs.length === 1;
  }

  /** The value of a constant polynomial (0n for zero); throws for a non-constant one. */
  constantValue(): bigint {
    if (!this.isConstant()) {
      throw new SysgraphError('bad-value', 'the polynomial is not a constant', { expected: 'a constant' });
    }
    return this.coeffs.length === 0 ? 0n : this.coeffs[0];
  }

  /** Coefficient of the leading (largest) term; 0n for zero. */
  leadingCoefficient(): bigint {
    return this.coeffs.length === 0 ? 0n : this.coeffs[0];
  }

  /** The terms as plain data, in term order, with exponent vectors of length nvars. */
  terms(nvars = this.nw * 4): Term[] {
    const out: Term[] = [];
    for (let i = 0; i < this.coeffs.length; i++) {
      out.push({ coeff: this.coeffs[i], exponents: unpackExponents(this.monos, i * this.nw, this.nw, nvars) });
    }
    return out;
  }

  /** Exponent of variable v in term i. */
  exponent(i: number, v: number): number {
    return exponentOf(this.monos, i * this.nw, v, this.nw);
  }

  /** Total degree (−1 for zero). */
  degree(): number {
    let d = -1;
    for (let i = 0; i < this.coeffs.length; i++) d = Math.max(d, totalDegree(this.monos, i * this.nw, this.nw));
    return d;
  }

  /** Degree in variable v (−1 for zero). */
  degreeIn(v: number): number {
    if (this.coeffs.length === 0) return -1;
    let d = 0;
    for (let i = 0; i < this.coeffs.length; i++) d = Math.max(d, this.exponent(i, v));
    return d;
  }

  /** Packed per-variable maximum exponents (memoised; do not modify the result). */
  degreeVector(): Uint32Array {
    if (this.degreeCache) return this.degreeCache;
    const nw = this.nw;
    const out = new Uint32Array(nw);
    for (let i = 0; i < this.coeffs.length; i++) {
      for (let k = 0; k < nw; k++) out[k] = maxWord(out[k], this.monos[i * nw + k]);
    }
    this.degreeCache = out;
    return out;
  }

  /** Packed per-variable minimum exponents: the monomial content (x^0 for zero). */
  monomialContent(): Uint32Array {
    const nw = this.nw;
    const out = new Uint32Array(nw);
    if (this.coeffs.length === 0) return out;
    for (let k = 0; k < nw; k++) out[k] = this.monos[k];
    for (let i = 1; i < this.coeffs.length; i++) {
      for (let k = 0; k < nw; k++) out[k] = minWord(out[k], this.monos[i * nw + k]);
    }
    return out;
  }

  /** Indices of the variables that occur, ascending. */
  variables(): number[] {
    const dv = this.degreeVector();
    const out: number[] = [];
    for (let v = 0; v < this.nw * 4; v++) if (exponentOf(dv, 0, v, this.nw) > 0) out.push(v);
    return out;
  }

  /** Integer content: gcd of the coefficients, ≥ 0 (0 for zero). */
  content(): bigint {
    let g = 0n;
    for (const c of this.coeffs) {
      g = igcd(g, c);
      if (g === 1n) break;
    }
    return g;
  }

  /** this / content(), keeping the sign of the coefficients. */
  primitivePart(): Polynomial {
    const c = this.content();
    return c <= 1n ? this : this.divideByInteger(c);
  }

  /** The associate with a positive leading coefficient. */
  normalizeSign(): Polynomial {
    return this.leadingCoefficient() < 0n ? this.neg() : this;
  }

  /** Coefficients modulo a prime p < 2^31, in [0, p) (memoised for the last p). */
  residues(p: number): Int32Array {
    if (this.residueCache?.p === p) return this.residueCache.values;
    const bp = BigInt(p);
    const values = new Int32Array(this.coeffs.length);
    for (let i = 0; i < values.length; i++) {
      const c = this.coeffs[i];
      let r = c >= -0x7fffffffn && c <= 0x7fffffffn ? Number(c) % p : Number(c % bp);
      if (r < 0) r += p;
      values[i] = r;
    }
    this.residueCache = { p, values };
    return values;
  }

  /** Largest absolute coefficient. */
  maxNorm(): bigint {
    let m = 0n;
    for (const c of this.coeffs) {
      const a = babs(c);
      if (a > m) m = a;
    }
    return m;
  }

  equals(q: Polynomial): boolean {
    if (this === q) return true;
    if (this.coeffs.length !== q.coeffs.length) return false;
    const nw = Math.max(this.nw, q.nw);
    const a = this.widen(nw);
    const b = q.widen(nw);
    for (let i = 0; i < a.coeffs.length; i++) if (a.coeffs[i] !== b.coeffs[i]) return false;
    for (let i = 0; i < a.monos.length; i++) if (a.monos[i] !== b.monos[i]) return false;
    return true;
  }

  /** 32-bit FNV-1a hash of the canonical terms (independent of the word width). */
  hash(): number {
    if (this.hashValue !== undefined) return this.hashValue;
    let h = 0x811c9dc5;
    const mix = (x: number) => {
      h ^= x;
      h = Math.imul(h, 0x01000193);
    };
    for (let i = 0; i < this.coeffs.length; i++) {
      let last = this.nw - 1;
      while (last > 0 && this.monos[i * this.nw + last] === 0) last--;
      for (let k = 0; k <= last; k++) mix(this.monos[i * this.nw + k]);
      mix(Number(BigInt.asIntN(32, this.coeffs[i])));
      mix(0x9e3779b9);
    }
    this.hashValue = h >>> 0;
    return this.hashValue;
  }

  /** An exact string key: equal polynomials, equal keys. */
  key(): string {
    const parts: string[] = [];
    for (let i = 0; i < this.coeffs.length; i++) {
      let last = this.nw - 1;
      while (last > 0 && this.monos[i * this.nw + last] === 0) last--;
      const words: string[] = [];
      for (let k = 0; k <= last; k++) words.push(this.monos[i * this.nw + k].toString(16));
      parts.push(`${this.coeffs[i]}@${words.join('.')}`);
    }
    return parts.join('+');
  }

  // ---------------------------------------------------------------- ring operations

  /** The same polynomial with nw words per monomial (nw ≥ this.nw; new variables have exponent 0). */
  widen(nw: number): Polynomial {
    if (nw === this.nw) return this;
    if (nw < this.nw) throw new RangeError('cannot narrow a polynomial');
    const n = this.coeffs.length;
    const m = new Uint32Array(n * nw);
    for (let i = 0; i < n; i++) for (let k = 0; k < this.nw; k++) m[i * nw + k] = this.monos[i * this.nw + k];
    return new Polynomial(nw, m, this.coeffs);
  }

  add(q: Polynomial): Polynomial {
    return this.combine(q, 1n);
  }

  sub(q: Polynomial): Polynomial {
    return this.combine(q, -1n);
  }

  /** this + s·q by a merge of the two sorted term lists: O(#this + #q). */
  private combine(q: Polynomial, s: bigint): Polynomial {
    if (q.coeffs.length === 0) return this;
    if (this.coeffs.length === 0) return s === 1n ? q : q.neg();
    const nw = Math.max(this.nw, q.nw);
    const a = this.widen(nw);
    const b = q.widen(nw);
    const na = a.coeffs.length;
    const nb = b.coeffs.length;
    const out = new TermBuffer(nw, na + nb);
    let i = 0;
    let j = 0;
    while (i < na && j < nb) {
      const c = compareMonomials(a.monos, i * nw, b.monos, j * nw, nw);
      if (c > 0) {
        out.push(a.monos, i * nw, a.coeffs[i]);
        i++;
      } else if (c < 0) {
        out.push(b.monos, j * nw, s * b.coeffs[j]);
        j++;
      } else {
        const sum = a.coeffs[i] + s * b.coeffs[j];
        if (sum !== 0n) out.push(a.monos, i * nw, sum);
        i++;
        j++;
      }
    }
    for (; i < na; i++) out.push(a.monos, i * nw, a.coeffs[i]);
    for (; j < nb; j++) out.push(b.monos, j * nw, s * b.coeffs[j]);
    return Polynomial.of(out.toTerms(), nw);
  }

  neg(): Polynomial {
    return new Polynomial(
      this.nw,
      this.monos,
      this.coeffs.map((c) => -c),
    );
  }

  /** c·this for an integer c. */
  scale(c: bigint | number): Polynomial {
    const b = BigInt(c);
    if (b === 0n) return Polynomial.zero(this.nw);
    if (b === 1n) return this;
    return new Polynomial(
      this.nw,
      this.monos,
      this.coeffs.map((x) => x * b),
    );
  }

  /** this / c for an integer c dividing every coefficient (throws otherwise). */
  divideByInteger(c: bigint): Polynomial {
    if (c === 1n) return this;
    if (c === 0n) throw zeroDivisor();
    return new Polynomial(
      this.nw,
      this.monos,
      this.coeffs.map((x) => {
        if (x % c !== 0n) throw notExact();
        return x / c;
      }),
    );
  }

  mul(q: Polynomial): Polynomial {
    const nw = Math.max(this.nw, q.nw);
    if (this.coeffs.length === 0 || q.coeffs.length === 0) return Polynomial.zero(nw);
    if (this.isConstant()) return q.widen(nw).scale(this.coeffs[0]);
    if (q.isConstant()) return this.widen(nw).scale(q.coeffs[0]);
    const a = this.widen(nw);
    const b = q.widen(nw);
    if (a.coeffs.length === 1) return b.mulTerm(a.coeffs[0], a.monos, 0);
    if (b.coeffs.length === 1) return a.mulTerm(b.coeffs[0], b.monos, 0);
    return Polynomial.of(multiplyTerms(a, b, nw), nw);
  }

  /** this · c·m for the packed monomial m at src[si…] (same word width): order is preserved. */
  mulTerm(c: bigint, src: Uint32Array, si: number): Polynomial {
    const nw = this.nw;
    const n = this.coeffs.length;
    const m = new Uint32Array(n * nw);
    for (let i = 0; i < n; i++) multiplyMonomials(this.monos, i * nw, src, si, m, i * nw, nw);
    return new Polynomial(
      nw,
      m,
      c === 1n ? this.coeffs : this.coeffs.map((x) => x * c),
    );
  }

  /** this^k for a small integer k ≥ 0, by repeated squaring. */
  pow(k: number): Polynomial {
    if (!Number.isInteger(k) || k < 0) {
      throw new SysgraphError('bad-value', `exponent ${k} is not a non-negative integer`, {
        field: 'exponent',
        expected: 'a non-negative integer',
      });
    }
    if (k > MAX_EXPONENT && !this.isConstant()) throw exponentOverflow();
    let result = Polynomial.one(this.nw);
    let base: Polynomial = this;
    while (k > 0) {
      if (k & 1) result = result.mul(base);
      k >>= 1;
      if (k > 0) base = base.mul(base);
    }
    return result;
  }

  /** this / q when q divides this exactly over the integers, else null. */
  tryDivide(q: Polynomial): Polynomial | null {
    if (q.coeffs.length === 0) throw zeroDivisor();
    const nw = Math.max(this.nw, q.nw);
    if (this.coeffs.length === 0) return Polynomial.zero(nw);
    if (q.isConstant()) {
      const c = q.coeffs[0];
      for (const x of this.coeffs) if (x % c !== 0n) return null;
      return this.widen(nw).divideByInteger(c);
    }
    if (q.coeffs.length > this.coeffs.length && this.coeffs.length === 1) return null;
    const a = this.widen(nw);
    const b = q.widen(nw);
    // deg_v(quotient) = deg_v(a) − deg_v(b) must be ≥ 0 for every v.
    const da = a.degreeVector();
    const db = b.degreeVector();
    const bound = new Uint32Array(nw);
    for (let k = 0; k < nw; k++) {
      for (let s = 0; s < 32; s += 8) {
        const e = ((da[k] >>> s) & 0xff) - ((db[k] >>> s) & 0xff);
        if (e < 0) return null;
        bound[k] |= e << s;
      }
    }
    const t = divideTermsExact(a, b, nw, bound);
    return t === null ? null : Polynomial.of(t, nw);
  }

  /** this / q, throwing SysgraphError 'bad-value' when the division is not exact. */
  divideExact(q: Polynomial): Polynomial {
    const r = this.tryDivide(q);
    if (r === null) throw notExact();
    return r;
  }

  /** True when this polynomial divides p exactly. */
  divides(p: Polynomial): boolean {
    if (this.coeffs.length === 0) return p.coeffs.length === 0;
    return p.tryDivide(this) !== null;
  }

  /** this / x^m for a packed monomial m dividing every term. */
  divideByMonomial(m: Uint32Array): Polynomial {
    let trivial = true;
    for (let k = 0; k < m.length; k++) if (m[k] !== 0) trivial = false;
    if (trivial) return this;
    const nw = Math.max(this.nw, m.length);
    const a = this.widen(nw);
    const out = new Uint32Array(a.monos.length);
    for (let i = 0; i < a.coeffs.length; i++) {
      for (let k = 0; k < nw; k++) out[i * nw + k] = (a.monos[i * nw + k] - (k < m.length ? m[k] : 0)) >>> 0;
    }
    return new Polynomial(nw, out, a.coeffs);
  }

  // ---------------------------------------------------------------- calculus and substitution

  /** ∂/∂x_v. Lowering an exponent in every term keeps the term order, so no sorting is needed. */
  derivative(v: number): Polynomial {
    const nw = this.nw;
    if ((v >> 2) >= nw) return Polynomial.zero(nw);
    const out = new TermBuffer(nw, this.coeffs.length);
    const tmp = new Uint32Array(nw);
    const w = v >> 2;
    const unit = (1 << shiftOf(v)) >>> 0;
    for (let i = 0; i < this.coeffs.length; i++) {
      const e = this.exponent(i, v);
      if (e === 0) continue;
      for (let k = 0; k < nw; k++) tmp[k] = this.monos[i * nw + k];
      tmp[w] = (tmp[w] - unit) >>> 0;
      out.push(tmp, 0, this.coeffs[i] * BigInt(e));
    }
    return Polynomial.of(out.toTerms(), nw);
  }

  /** The coefficients of this as a polynomial in x_v: exponent → coefficient (free of x_v). */
  coefficientsIn(v: number): Map<number, Polynomial> {
    const nw = this.nw;
    const groups = new Map<number, { monos: number[]; coeffs: bigint[] }>();
    const w = v >> 2;
    const mask = ~(0xff << shiftOf(v)) >>> 0;
    for (let i = 0; i < this.coeffs.length; i++) {
      const e = w < nw ? this.exponent(i, v) : 0;
      let g = groups.get(e);
      if (!g) groups.set(e, (g = { monos: [], coeffs: [] }));
      for (let k = 0; k < nw; k++) g.monos.push(k === w ? (this.monos[i * nw + k] & mask) >>> 0 : this.monos[i * nw + k]);
      g.coeffs.push(this.coeffs[i]);
    }
    // Removing x_v from terms of equal x_v-degree keeps their relative order: each group is sorted.
    const out = new Map<number, Polynomial>();
    for (const [e, g] of [...groups.entries()].sort((a, b) => b[0] - a[0])) {
      out.set(e, new Polynomial(nw, Uint32Array.from(g.monos), g.coeffs));
    }
    return out;
  }

  /** this with x_v replaced by q: Horner's rule Σ_e c_e q^e = (…(c_d q + c_{d−1}) q + …) + c_0. */
  substitute(v: number, q: Polynomial): Polynomial {
    const coeffs = this.coefficientsIn(v);
    if (coeffs.size === 0) return this;
    const d = Math.max(...coeffs.keys());
    let r = Polynomial.zero(Math.max(this.nw, q.nw));
    for (let e = d; e >= 0; e--) {
      r = r.mul(q);
      const c = coeffs.get(e);
      if (c) r = r.add(c);
    }
    return r;
  }

  /** this with x_v = value (an integer): a polynomial free of x_v. */
  evaluateAt(v: number, value: bigint): Polynomial {
    const nw = this.nw;
    if ((v >> 2) >= nw) return this;
    const w = v >> 2;
    const mask = ~(0xff << shiftOf(v)) >>> 0;
    const monos = new Uint32Array(this.monos.length);
    const coeffs: bigint[] = [];
    const powers: bigint[] = [1n];
    for (let i = 0; i < this.coeffs.length; i++) {
      const e = this.exponent(i, v);
      while (powers.length <= e) powers.push(powers[powers.length - 1] * value);
      for (let k = 0; k < nw; k++) monos[i * nw + k] = k === w ? (this.monos[i * nw + k] & mask) >>> 0 : this.monos[i * nw + k];
      coeffs.push(this.coeffs[i] * powers[e]);
    }
    return Polynomial.fromUnsorted(nw, monos, coeffs);
  }

  /** Exact value at integer values (index = variable; missing variables count as 0). */
  evaluateBigint(values: readonly bigint[]): bigint {
    let sum = 0n;
    for (let i = 0; i < this.coeffs.length; i++) {
      let t = this.coeffs[i];
      for (let v = 0; v < this.nw * 4; v++) {
        const e = this.exponent(i, v);
        if (e > 0) t *= (values[v] ?? 0n) ** BigInt(e);
      }
      sum += t;
    }
    return sum;
  }

  /** Value at float values (index = variable), through arrays compiled once per polynomial. */
  evaluate(values: Float64Array | readonly number[]): number {
    const c = this.compiled ?? (this.compiled = compileTerms(this));
    let sum = 0;
    for (let t = 0; t < c.coeffs.length; t++) {
      let p = c.coeffs[t];
      for (let f = c.start[t]; f < c.start[t + 1]; f++) p *= powi(values[c.vars[f]], c.exps[f]);
      sum += p;
    }
    return sum;
  }

  toString(names?: readonly string[]): string {
    if (this.coeffs.length === 0) return '0';
    const name = (v: number) => names?.[v] ?? `x${v}`;
    return this.terms()
      .map((t) => {
        const factors: string[] = [];
        t.exponents.forEach((e, v) => {
          if (e > 0) factors.push(e === 1 ? name(v) : `${name(v)}^${e}`);
        });
        if (factors.length === 0) return t.coeff.toString();
        if (t.coeff === 1n) return factors.join('*');
        if (t.coeff === -1n) return `-${factors.join('*')}`;
        return `${t.coeff}*${factors.join('*')}`;
      })
      .join(' + ')
      .replace(/\+ -/g, '- ');
  }
}

/** x^e for a small integer e by repeated multiplication (exact for integers, faster than Math.pow). */
function powi(x: number, e: number): number {
  let r = x;
  for (let i = 1; i < e; i++) r *= x;
  return r;
}

function compileTerms(p: Polynomial): CompiledTerms {
  const n = p.size;
  const start = new Int32Array(n + 1);
  const vars: number[] = [];
  const exps: number[] = [];
  for (let i = 0; i < n; i++) {
    start[i] = vars.length;
    for (let v = 0; v < p.nw * 4; v++) {
      const e = p.exponent(i, v);
      if (e > 0) {
        vars.push(v);
        exps.push(e);
      }
    }
  }
  start[n] = vars.length;
  return {
    coeffs: Float64Array.from(p.coeffs, (c) => Number(c)),
    start,
    vars: Int32Array.from(vars),
    exps: Int32Array.from(exps),
  };
}

function notExact(): SysgraphError {
  return new SysgraphError('bad-value', 'polynomial division is not exact', {
    expected: 'a divisor that divides the dividend exactly',
  });
}

function zeroDivisor(): SysgraphError {
  return new SysgraphError('bad-value', 'division by the zero polynomial', { expected: 'a nonzero divisor' });
}
