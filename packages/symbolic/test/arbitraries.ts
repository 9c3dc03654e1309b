/** fast-check arbitraries and exact reference evaluations shared by the tests. */
import fc from 'fast-check';
import { Polynomial, type Term } from '../src/index';

/** A random polynomial in `nvars` variables with up to `maxTerms` terms of degree ≤ maxDeg per variable. */
export function polynomialArb(nvars: number, maxTerms = 5, maxDeg = 2, maxCoeff = 9): fc.Arbitrary<Polynomial> {
  const term = fc.record({
    coeff: fc.bigInt(BigInt(-maxCoeff), BigInt(maxCoeff)),
    exponents: fc.array(fc.integer({ min: 0, max: maxDeg }), { minLength: nvars, maxLength: nvars }),
  });
  return fc.array(term, { minLength: 0, maxLength: maxTerms }).map((ts: Term[]) => Polynomial.fromTerms(ts, nvars));
}

export function nonZeroPolynomialArb(nvars: number, maxTerms = 5, maxDeg = 2): fc.Arbitrary<Polynomial> {
  return polynomialArb(nvars, maxTerms, maxDeg).filter((p) => !p.isZero());
}

/** A random integer point. */
export function pointArb(nvars: number, range = 20): fc.Arbitrary<bigint[]> {
  return fc.array(fc.bigInt(BigInt(-range), BigInt(range)), { minLength: nvars, maxLength: nvars });
}

/**
 * Independent exact evaluation straight from the plain term list (no packed monomials, no compiled arrays):
 * Σ c Π x_v^e.
 */
export function referenceValue(p: Polynomial, point: readonly bigint[]): bigint {
  let s = 0n;
  for (const t of p.terms(point.length)) {
    let v = t.coeff;
    t.exponents.forEach((e, i) => {
      for (let k = 0; k < e; k++) v *= point[i];
    });
    s += v;
  }
  return s;
}

export const SEED = 20240611;
