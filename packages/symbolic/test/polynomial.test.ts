import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_EXPONENT, Polynomial } from '../src/index';
import { pointArb, polynomialArb, referenceValue, SEED } from './arbitraries';

const N = 6; // variables 0…5 span two packed words
const poly = polynomialArb(N);
const opts = { seed: SEED, numRuns: 150 };

describe('Polynomial ring axioms, checked by exact evaluation at integer points', () => {
  it('add, sub, mul, neg agree with the values', () => {
    fc.assert(
      fc.property(poly, poly, pointArb(N), (p, q, x) => {
        const vp = referenceValue(p, x);
        const vq = referenceValue(q, x);
        expect(referenceValue(p.add(q), x)).toBe(vp + vq);
        expect(referenceValue(p.sub(q), x)).toBe(vp - vq);
        expect(referenceValue(p.mul(q), x)).toBe(vp * vq);
        expect(referenceValue(p.neg(), x)).toBe(-vp);
        expect(referenceValue(p.scale(-7n), x)).toBe(-7n * vp);
      }),
      opts,
    );
  });

  it('commutative, associative, distributive (structural equality of canonical forms)', () => {
    fc.assert(
      fc.property(poly, poly, poly, (p, q, r) => {
        expect(p.mul(q).equals(q.mul(p))).toBe(true);
        expect(p.add(q).equals(q.add(p))).toBe(true);
        expect(p.mul(q).mul(r).equals(p.mul(q.mul(r)))).toBe(true);
        expect(p.mul(q.add(r)).equals(p.mul(q).add(p.mul(r)))).toBe(true);
        expect(p.sub(p).isZero()).toBe(true);
        expect(p.mul(q).hash()).toBe(q.mul(p).hash());
        expect(p.mul(q).key()).toBe(q.mul(p).key());
      }),
      opts,
    );
  });

  it('pow is repeated multiplication', () => {
    fc.assert(
      fc.property(polynomialArb(N, 3), fc.integer({ min: 0, max: 4 }), (p, k) => {
        let r = Polynomial.one();
        for (let i = 0; i < k; i++) r = r.mul(p);
        expect(p.pow(k).equals(r)).toBe(true);
      }),
      opts,
    );
  });

  it('exact division recovers the factors and rejects non-divisors', () => {
    fc.assert(
      fc.property(poly, poly, (p, q) => {
        fc.pre(!q.isZero());
        const pq = p.mul(q);
        expect(pq.divideExact(q).equals(p)).toBe(true);
        expect(q.divides(pq)).toBe(true);
        // pq + 1 is divisible by q only when q is a unit
        const r = pq.add(Polynomial.one());
        const quotient = r.tryDivide(q);
        if (quotient !== null) expect(quotient.mul(q).equals(r)).toBe(true);
      }),
      opts,
    );
    const x = Polynomial.variable(0);
    const y = Polynomial.variable(1);
    expect(x.tryDivide(x.sub(y))).toBeNull();
    expect(x.mul(Polynomial.constant(3)).tryDivide(Polynomial.constant(2))).toBeNull();
    expect(() => x.divideExact(y)).toThrowError(expect.objectContaining({ code: 'bad-value' }));
  });

  it('content and primitive part', () => {
    fc.assert(
      fc.property(poly, (p) => {
        fc.pre(!p.isZero());
        const c = p.content();
        expect(p.primitivePart().scale(c).equals(p)).toBe(true);
        expect(p.primitivePart().content()).toBe(1n);
      }),
      opts,
    );
  });

  it('float evaluation matches exact evaluation', () => {
    fc.assert(
      fc.property(poly, pointArb(N, 5), (p, x) => {
        const exact = Number(referenceValue(p, x));
        expect(p.evaluate(Float64Array.from(x, Number))).toBe(exact);
        expect(p.evaluateBigint(x)).toBe(referenceValue(p, x));
      }),
      opts,
    );
  });

  it('derivative: product rule and power rule', () => {
    fc.assert(
      fc.property(poly, poly, fc.integer({ min: 0, max: N - 1 }), (p, q, v) => {
        expect(p.mul(q).derivative(v).equals(p.derivative(v).mul(q).add(p.mul(q.derivative(v))))).toBe(true);
      }),
      opts,
    );
    const x = Polynomial.variable(2);
    expect(x.pow(5).derivative(2).equals(x.pow(4).scale(5))).toBe(true);
    expect(x.pow(5).derivative(1).isZero()).toBe(true);
  });

  it('substitution evaluates like composition', () => {
    fc.assert(
      fc.property(poly, polynomialArb(N, 3, 1), fc.integer({ min: 0, max: N - 1 }), pointArb(N, 6), (p, q, v, x) => {
        const composed = p.substitute(v, q);
        const y = x.slice();
        y[v] = referenceValue(q, x);
        expect(referenceValue(composed, x)).toBe(referenceValue(p, y));
      }),
      opts,
    );
  });

  it('evaluateAt and coefficientsIn', () => {
    fc.assert(
      fc.property(poly, fc.integer({ min: 0, max: N - 1 }), pointArb(N, 6), (p, v, x) => {
        const partial = p.evaluateAt(v, x[v]);
        expect(partial.degreeIn(v)).toBeLessThanOrEqual(0);
        expect(referenceValue(partial, x)).toBe(referenceValue(p, x));
        let rebuilt = Polynomial.zero();
        for (const [e, c] of p.coefficientsIn(v)) rebuilt = rebuilt.add(c.mul(Polynomial.variable(v, e)));
        expect(rebuilt.equals(p)).toBe(true);
      }),
      opts,
    );
  });

  it('widening keeps equality: polynomials made before and after the variable set grew', () => {
    const a = Polynomial.variable(1).add(Polynomial.one()); // one word
    const b = Polynomial.fromTerms(
      [
        { coeff: 1n, exponents: [0, 1, 0, 0, 0, 0, 0, 0, 0] },
        { coeff: 1n, exponents: [] },
      ],
      9,
    ); // three words
    expect(a.nw).not.toBe(b.nw);
    expect(a.equals(b)).toBe(true);
    expect(a.hash()).toBe(b.hash());
    expect(a.key()).toBe(b.key());
  });

  it('inspection: degree, terms, constants', () => {
    const p = Polynomial.fromTerms([
      { coeff: 3n, exponents: [2, 1] },
      { coeff: -1n, exponents: [0, 0, 4] },
      { coeff: 5n, exponents: [] },
    ]);
    expect(p.size).toBe(3);
    expect(p.degree()).toBe(4);
    expect(p.degreeIn(0)).toBe(2);
    expect(p.variables()).toEqual([0, 1, 2]);
    expect(p.isConstant()).toBe(false);
    expect(Polynomial.constant(4).constantValue()).toBe(4n);
    expect(p.toString(['x', 'y', 'z'])).toBe('3*x^2*y - z^4 + 5');
  });

  it('exponent overflow is a typed error', () => {
    const x = Polynomial.variable(0, MAX_EXPONENT);
    expect(() => x.mul(Polynomial.variable(0))).toThrowError(expect.objectContaining({ code: 'unsupported', field: 'exponent' }));
  });
});
