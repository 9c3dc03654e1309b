/**
 * RationalFunction: num/den with integer polynomials over a VariableSet, in the canonical form
 * gcd(num, den) = 1 in Z[x] (no common factor, no common integer content), lc(den) > 0, zero = 0/1.
 * Equal functions have structurally equal representations. Arithmetic follows Henrici's gcd-saving
 * formulas (Knuth TAOCP vol. 2, 4.5.1; Geddes, Czapor, Labahn 1992, §2.8) with fast paths for
 * polynomial operands and equal denominators. Immutable.
 */
import { SysgraphError } from '@sysgraph/core';
import { igcd } from '../bigint-math';
import { gcd, type GcdOptions } from '../gcd/gcd';
import { Polynomial } from '../polynomial/polynomial';
import { wordsFor } from '../polynomial/monomial';
import type { VariableSet } from '../variable-set';
import { formatText } from '../print/to-text';

export type ParameterValues = Float64Array | ReadonlyMap<string, number> | Readonly<Record<string, number>>;

export class RationalFunction {
  private evaluator: ((values: Float64Array) => number) | undefined;
  private usedVariables: number[] | undefined;

  private constructor(
    readonly variables: VariableSet,
    /** Numerator, coprime to the denominator. */
    readonly num: Polynomial,
    /** Denominator with positive leading coefficient. */
    readonly den: Polynomial,
  ) {}

  // ---------------------------------------------------------------- construction

  /** num/den reduced to canonical form (den ≠ 0). */
  static fromPolynomials(
    variables: VariableSet,
    num: Polynomial,
    den: Polynomial = Polynomial.one(),
    opts: GcdOptions = {},
  ): RationalFunction {
    if (den.isZero()) throw zeroDivisor();
    if (num.isZero()) return RationalFunction.zero(variables);
    const g = den.isOne() ? den : gcd(num, den, opts);
    return RationalFunction.normalized(variables, g.isOne() ? num : num.divideExact(g), g.isOne() ? den : den.divideExact(g));
  }

  /**
   * From a numerator and denominator already known to be coprime as polynomials: only the integer
   * content and the sign are normalised. Callers that cannot prove coprimality use fromPolynomials.
   */
  static fromCoprime(variables: VariableSet, num: Polynomial, den: Polynomial): RationalFunction {
    return RationalFunction.normalized(variables, num, den);
  }

  private static normalized(variables: VariableSet, num: Polynomial, den: Polynomial): RationalFunction {
    if (den.isZero()) throw zeroDivisor();
    const nw = Math.max(num.nw, den.nw, wordsFor(variables.size));
    if (num.isZero()) return new RationalFunction(variables, Polynomial.zero(nw), Polynomial.one(nw));
    const c = igcd(num.content(), den.content());
    if (c > 1n) {
      num = num.divideByInteger(c);
      den = den.divideByInteger(c);
    }
    if (den.leadingCoefficient() < 0n) {
      num = num.neg();
      den = den.neg();
    }
    return new RationalFunction(variables, num.widen(nw), den.widen(nw));
  }

  static zero(variables: VariableSet): RationalFunction {
    const nw = wordsFor(variables.size);
    return new RationalFunction(variables, Polynomial.zero(nw), Polynomial.one(nw));
  }

  static one(variables: VariableSet): RationalFunction {
    return RationalFunction.constant(variables, 1n);
  }

  /** The rational number n/d. */
  static constant(variables: VariableSet, n: bigint | number, d: bigint | number = 1n): RationalFunction {
    const nw = wordsFor(variables.size);
    return RationalFunction.normalized(variables, Polynomial.constant(n, nw), Polynomial.constant(d, nw));
  }

  /** The parameter `name` (added to the set when new) or the variable with that index. */
  static variable(variables: VariableSet, name: string | number): RationalFunction {
    const v = typeof name === 'number' ? name : variables.add(name);
    variables.nameOf(v);
    const nw = wordsFor(variables.size);
    return new RationalFunction(variables, Polynomial.variable(v, 1, nw), Polynomial.one(nw));
  }

  /** The polynomial p as a rational function p/1. */
  static polynomial(variables: VariableSet, p: Polynomial): RationalFunction {
    return RationalFunction.normalized(variables, p, Polynomial.one(p.nw));
  }

  // ---------------------------------------------------------------- inspection

  isZero(): boolean {
    return this.num.isZero();
  }

  isOne(): boolean {
    return this.num.isOne() && this.den.isOne();
  }

  isConstant(): boolean {
    return this.num.isConstant() && this.den.isConstant();
  }

  /** Denominator 1. */
  isPolynomial(): boolean {
    return this.den.isOne();
  }

  /** Number of terms of numerator and denominator: the expression size used to rank pivots. */
  get termCount(): number {
    return this.num.size + this.den.size;
  }

  equals(b: RationalFunction): boolean {
    return this === b || (this.num.equals(b.num) && this.den.equals(b.den));
  }

  hash(): number {
    return (Math.imul(this.num.hash(), 31) ^ this.den.hash()) >>> 0;
  }

  /** Variable indices that occur, ascending. */
  usedVariableIndices(): readonly number[] {
    if (!this.usedVariables) {
      const set = new Set([...this.num.variables(), ...this.den.variables()]);
      this.usedVariables = [...set].sort((a, b) => a - b);
    }
    return this.usedVariables;
  }

  // ---------------------------------------------------------------- field operations

  add(b: RationalFunction, opts: GcdOptions = {}): RationalFunction {
    return addScaled(this, b, false, opts);
  }

  sub(b: RationalFunction, opts: GcdOptions = {}): RationalFunction {
    return addScaled(this, b, true, opts);
  }

  neg(): RationalFunction {
    return new RationalFunction(this.variables, this.num.neg(), this.den);
  }

  /** (a/b)(c/d) = ((a/g1)(c/g2)) / ((b/g2)(d/g1)), g1 = gcd(a, d), g2 = gcd(c, b). */
  mul(o: RationalFunction, opts: GcdOptions = {}): RationalFunction {
    sameVariables(this, o);
    if (this.isZero() || o.isZero()) return RationalFunction.zero(this.variables);
    if (this.isOne()) return o;
    if (o.isOne()) return this;
    const g1 = o.den.isOne() ? o.den : gcd(this.num, o.den, opts);
    const g2 = this.den.isOne() ? this.den : gcd(o.num, this.den, opts);
    const n = quo(this.num, g1).mul(quo(o.num, g2));
    const d = quo(this.den, g2).mul(quo(o.den, g1));
    return RationalFunction.normalized(this.variables, n, d);
  }

  div(o: RationalFunction, opts: GcdOptions = {}): RationalFunction {
    return this.mul(o.inv(), opts);
  }

  /** 1/(a/b) = b/a; throws 'bad-value' for zero. */
  inv(): RationalFunction {
    if (this.isZero()) throw zeroDivisor();
    return RationalFunction.normalized(this.variables, this.den, this.num);
  }

  /** this^k for an integer k (negative k inverts first). */
  pow(k: number): RationalFunction {
    if (!Number.isInteger(k)) {
      throw new SysgraphError('unsupported', `non-integer power ${k}`, {
        field: 'exponent',
        expected: 'an integer exponent',
      });
    }
    if (k < 0) return this.inv().pow(-k);
    return new RationalFunction(this.variables, this.num.pow(k), this.den.pow(k));
  }

  /** ∂/∂name: (n′d − n d′)/d². */
  derivative(name: string | number, opts: GcdOptions = {}): RationalFunction {
    const v = typeof name === 'number' ? name : this.variables.indexOf(name);
    if (v < 0) return RationalFunction.zero(this.variables);
    const dn = this.num.derivative(v);
    if (this.den.isConstant()) return RationalFunction.normalized(this.variables, dn, this.den);
    const dd = this.den.derivative(v);
    return RationalFunction.fromPolynomials(
      this.variables,
      dn.mul(this.den).sub(this.num.mul(dd)),
      this.den.mul(this.den),
      opts,
    );
  }

  // ---------------------------------------------------------------- evaluation and printing

  /**
   * Value at the given parameter values: a Float64Array indexed like the VariableSet, or a name → value
   * map (a missing name used by this function throws 'missing-parameter-value').
   */
  evaluate(values: ParameterValues): number {
    const x = values instanceof Float64Array ? values : this.variables.valuesFrom(values, this.usedVariableIndices());
    if (!this.evaluator) {
      const num = this.num;
      const den = this.den;
      this.evaluator = den.isOne() ? (v) => num.evaluate(v) : (v) => num.evaluate(v) / den.evaluate(v);
    }
    return this.evaluator(x);
  }

  /** mathjs syntax, parsable back with every parameter as a symbol. */
  toString(): string {
    return formatText(this);
  }
}

function addScaled(x: RationalFunction, y: RationalFunction, subtract: boolean, opts: GcdOptions): RationalFunction {
  sameVariables(x, y);
  const vars = x.variables;
  if (y.isZero()) return x;
  if (x.isZero()) return subtract ? y.neg() : y;
  const a = x.num;
  const b = x.den;
  const c = subtract ? y.num.neg() : y.num;
  const d = y.den;
  const make = (n: Polynomial, m: Polynomial) => RationalFunction.fromCoprime(vars, n, m);
  // With gcd(a, b) = gcd(c, d) = gcd(b, d) = 1, (ad + bc)/(bd) is already reduced.
  if (b.isOne() && d.isOne()) return make(a.add(c), b);
  if (b.isOne()) return make(a.mul(d).add(c), d);
  if (d.isOne()) return make(a.add(c.mul(b)), b);
  if (b.equals(d)) return RationalFunction.fromPolynomials(vars, a.add(c), b, opts);
  const g = gcd(b, d, opts);
  if (g.isOne()) return make(a.mul(d).add(b.mul(c)), b.mul(d));
  // Henrici: b = g·b1, d = g·d1, t = a·d1 + c·b1, g2 = gcd(t, g): t/g2 over b1·(d/g2).
  const b1 = b.divideExact(g);
  const d1 = d.divideExact(g);
  const t = a.mul(d1).add(c.mul(b1));
  if (t.isZero()) return RationalFunction.zero(vars);
  const g2 = gcd(t, g, opts);
  return make(quo(t, g2), b1.mul(quo(d, g2)));
}

function quo(p: Polynomial, g: Polynomial): Polynomial {
  return g.isOne() ? p : p.divideExact(g);
}

function sameVariables(a: RationalFunction, b: RationalFunction): void {
  if (a.variables !== b.variables) {
    throw new SysgraphError('bad-value', 'rational functions over different variable sets', {
      expected: 'operands over the same VariableSet',
    });
  }
}

function zeroDivisor(): SysgraphError {
  return new SysgraphError('bad-value', 'division by a rational function that is identically zero', {
    expected: 'a nonzero divisor',
  });
}
