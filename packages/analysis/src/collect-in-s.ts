/**
 * collectInS: a rational function of the parameters and s written as a ratio of polynomials in s whose
 * coefficients are rational functions of the parameters, with a monic denominator:
 *
 *     H = P(s)/Q(s) = (Σ_k p_k s^k) / (Σ_k q_k s^k) = (Σ_k (p_k/q_d) s^k) / (s^d + Σ_{k<d} (q_k/q_d) s^k),
 *
 * where p_k, q_k are the integer polynomials of the parameters multiplying s^k in the canonical num/den
 * and q_d is the leading coefficient of Q in s. Also the numeric value at parameter values and complex s
 * (Horner's rule on the coefficients).
 */
import { RationalFunction } from '@sysgraph/symbolic';
import type { GcdOptions, Polynomial, VariableSet } from '@sysgraph/symbolic';
import type { Complex } from './complex';

export interface FractionInS {
  /** Coefficients of s^0, s^1, … of the numerator (rational functions of the parameters). */
  readonly numerator: readonly RationalFunction[];
  /** Coefficients of s^0, …, s^d of the denominator; the last is 1. [1] when free of s. */
  readonly denominator: readonly RationalFunction[];
}

/** exponent → coefficient map as a dense ascending array of polynomials (missing powers are null). */
function ascending(p: Polynomial, s: number): (Polynomial | null)[] {
  const byPower = p.coefficientsIn(s);
  const degree = byPower.size === 0 ? 0 : Math.max(...byPower.keys());
  return Array.from({ length: degree + 1 }, (_, k) => byPower.get(k) ?? null);
}

export function collectInS(rf: RationalFunction, s: number, gcdOptions: GcdOptions = {}): FractionInS {
  const vars: VariableSet = rf.variables;
  const zero = RationalFunction.zero(vars);
  if (rf.isZero()) return { numerator: [zero], denominator: [RationalFunction.one(vars)] };
  const num = ascending(rf.num, s);
  const den = ascending(rf.den, s);
  const lead = den[den.length - 1]!;
  const over = (p: Polynomial | null) => (p === null ? zero : RationalFunction.fromPolynomials(vars, p, lead, gcdOptions));
  return { numerator: num.map(over), denominator: den.map(over) };
}

/** Σ c_k z^k by Horner's rule, with c_k real and z complex. */
export function hornerComplex(coefficients: ArrayLike<number>, z: Complex): Complex {
  let re = 0;
  let im = 0;
  for (let k = coefficients.length - 1; k >= 0; k--) {
    const r = re * z.re - im * z.im + coefficients[k];
    im = re * z.im + im * z.re;
    re = r;
  }
  return { re, im };
}

/** P(s)/Q(s) at parameter values (indexed like the VariableSet; the s slot is ignored) and a complex s. */
export function evaluateFractionInS(f: FractionInS, values: Float64Array, s: Complex): Complex {
  const n = hornerComplex(f.numerator.map((c) => c.evaluate(values)), s);
  const d = hornerComplex(f.denominator.map((c) => c.evaluate(values)), s);
  // n/d = n·conj(d)/|d|²
  const d2 = d.re * d.re + d.im * d.im;
  return { re: (n.re * d.re + n.im * d.im) / d2, im: (n.im * d.re - n.re * d.im) / d2 };
}
