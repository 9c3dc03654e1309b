import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gcd, GcdCache, lcm, newGcdStats, Polynomial } from '../src/index';
import { nonZeroPolynomialArb, polynomialArb, SEED } from './arbitraries';

const opts = { seed: SEED, numRuns: 80 };

/** A polynomial in the variables `vars` only (other exponents zero). */
function inVariables(vars: number[], maxTerms = 3): fc.Arbitrary<Polynomial> {
  const n = Math.max(...vars) + 1;
  return polynomialArb(vars.length, maxTerms, 2).map((p) => {
    const terms = p.terms(vars.length).map((t) => {
      const e = new Array<number>(n).fill(0);
      vars.forEach((v, i) => (e[v] = t.exponents[i]));
      return { coeff: t.coeff, exponents: e };
    });
    return Polynomial.fromTerms(terms, n);
  });
}

function isUnitMultiple(a: Polynomial, b: Polynomial): boolean {
  return a.equals(b) || a.equals(b.neg());
}

describe('gcd over Z[x]', () => {
  for (const heuristic of [true, false]) {
    const label = heuristic ? 'heuristic GCD' : 'primitive PRS fallback';

    it(`${label}: the result divides both inputs and every constructed common factor divides it`, () => {
      const N = heuristic ? 5 : 3;
      fc.assert(
        fc.property(
          nonZeroPolynomialArb(N, 3, heuristic ? 2 : 1),
          nonZeroPolynomialArb(N, 3, heuristic ? 2 : 1),
          nonZeroPolynomialArb(N, 3, heuristic ? 2 : 1),
          (g, a, b) => {
            const f1 = g.mul(a);
            const f2 = g.mul(b);
            const h = gcd(f1, f2, { heuristic });
            expect(h.divides(f1)).toBe(true);
            expect(h.divides(f2)).toBe(true);
            expect(g.divides(h)).toBe(true); // g is a common divisor, so it divides the greatest one
            expect(h.leadingCoefficient() > 0n).toBe(true);
          },
        ),
        opts,
      );
    });

    it(`${label}: gcd(g·a, g·b) = g up to a unit when a, b are coprime`, () => {
      // a in x0, x1 and b in x2, x3, both primitive: coprime by construction; g in all four.
      fc.assert(
        fc.property(
          inVariables([0, 1, 2, 3]).filter((p) => !p.isZero()),
          inVariables([0, 1]).filter((p) => !p.isZero()),
          inVariables([2, 3]).filter((p) => !p.isZero()),
          (g, a0, b0) => {
            const a = a0.primitivePart();
            const b = b0.primitivePart();
            const h = gcd(g.mul(a), g.mul(b), { heuristic });
            expect(isUnitMultiple(h, g)).toBe(true);
          },
        ),
        opts,
      );
    });
  }

  it('contents and monomial contents', () => {
    const x = Polynomial.variable(0);
    const y = Polynomial.variable(1);
    const f = x.pow(3).mul(y).scale(6); // 6x³y
    const g = x.mul(y.pow(2)).scale(-4).add(x.pow(2).scale(10)); // −4xy² + 10x²
    expect(gcd(f, g).equals(x.scale(2))).toBe(true);
    expect(gcd(Polynomial.zero(), g).equals(g)).toBe(true); // leading term 10x² (lex, x > y) is positive
    expect(gcd(Polynomial.zero(), g.neg()).equals(g)).toBe(true);
    expect(gcd(Polynomial.zero(), Polynomial.zero()).isZero()).toBe(true);
    expect(gcd(Polynomial.constant(12), Polynomial.constant(-18)).equals(Polynomial.constant(6))).toBe(true);
  });

  it('a classic: gcd(x² − y², x² − 2xy + y²) = x − y', () => {
    const x = Polynomial.variable(0);
    const y = Polynomial.variable(1);
    const f = x.mul(x).sub(y.mul(y));
    const g = x.sub(y).pow(2);
    expect(gcd(f, g).equals(x.sub(y))).toBe(true);
    expect(gcd(f, g, { heuristic: false }).equals(x.sub(y))).toBe(true);
  });

  it('lcm is divisible by both and divides the product', () => {
    fc.assert(
      fc.property(nonZeroPolynomialArb(4, 3), nonZeroPolynomialArb(4, 3), (a, b) => {
        const l = lcm(a, b);
        expect(a.divides(l) && b.divides(l)).toBe(true);
        expect(l.divides(a.mul(b))).toBe(true);
      }),
      opts,
    );
  });

  it('the coprimality certificate answers coprime inputs without the heuristic', () => {
    const stats = newGcdStats();
    const x = Polynomial.variable(0);
    const y = Polynomial.variable(1);
    const z = Polynomial.variable(2);
    const f = x.mul(y).add(z).add(Polynomial.one());
    const g = x.mul(z).sub(y).add(Polynomial.constant(2));
    expect(gcd(f, g, { stats }).isOne()).toBe(true);
    expect(stats.certified).toBe(1);
    expect(stats.heuristic + stats.prs).toBe(0);
  });

  it('the cache returns the stored result for equal inputs', () => {
    const cache = new GcdCache(8);
    const x = Polynomial.variable(0);
    const y = Polynomial.variable(1);
    const f = x.mul(x).sub(y.mul(y));
    const g = x.sub(y).pow(2);
    const first = gcd(f, g, { cache });
    const again = gcd(g, f.add(Polynomial.zero()), { cache });
    expect(again.equals(first)).toBe(true);
    expect(cache.hits).toBe(1);
    expect(cache.format()).toMatch(/GcdCache/);
  });
});
