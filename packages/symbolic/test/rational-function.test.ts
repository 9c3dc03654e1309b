import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Polynomial, RationalFunction, VariableSet } from '../src/index';
import { nonZeroPolynomialArb, polynomialArb, SEED } from './arbitraries';

const N = 4;
const vars = VariableSet.of(['a', 'b', 'c', 'd']);
const opts = { seed: SEED, numRuns: 100 };

const rfArb: fc.Arbitrary<RationalFunction> = fc
  .tuple(polynomialArb(N, 4, 2), nonZeroPolynomialArb(N, 3, 2))
  .map(([n, d]) => RationalFunction.fromPolynomials(vars, n, d));

/** A random point away from poles: each value in [0.5, 2.5] with a random sign. */
const pointArb = fc.array(
  fc.tuple(fc.double({ min: 0.5, max: 2.5, noNaN: true }), fc.boolean()).map(([x, s]) => (s ? x : -x)),
  { minLength: N, maxLength: N },
);

/** Relative closeness, for values computed two ways in floating point. */
function close(x: number, y: number): boolean {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return true; // a pole: nothing to compare
  return Math.abs(x - y) <= 1e-7 * Math.max(1, Math.abs(x), Math.abs(y));
}

/** Value of num/den computed from the raw polynomials handed to the constructor (independent of reduction). */
function rawValue(n: Polynomial, d: Polynomial, x: Float64Array): number {
  return n.evaluate(x) / d.evaluate(x);
}

describe('RationalFunction', () => {
  it('field operations agree with float evaluation', () => {
    fc.assert(
      fc.property(rfArb, rfArb, pointArb, (p, q, xs) => {
        const x = Float64Array.from(xs);
        const vp = p.evaluate(x);
        const vq = q.evaluate(x);
        fc.pre(Number.isFinite(vp) && Number.isFinite(vq) && Math.abs(vp) < 1e6 && Math.abs(vq) < 1e6);
        expect(close(p.add(q).evaluate(x), vp + vq)).toBe(true);
        expect(close(p.sub(q).evaluate(x), vp - vq)).toBe(true);
        expect(close(p.mul(q).evaluate(x), vp * vq)).toBe(true);
        expect(close(p.neg().evaluate(x), -vp)).toBe(true);
        if (!q.isZero() && Math.abs(vq) > 1e-6) expect(close(p.div(q).evaluate(x), vp / vq)).toBe(true);
      }),
      opts,
    );
  });

  it('reduction preserves the value', () => {
    fc.assert(
      fc.property(polynomialArb(N, 4, 2), nonZeroPolynomialArb(N, 3, 2), nonZeroPolynomialArb(N, 2, 1), pointArb, (n, d, g, xs) => {
        const x = Float64Array.from(xs);
        const raw = rawValue(n.mul(g), d.mul(g), x);
        fc.pre(Number.isFinite(raw) && Math.abs(raw) < 1e6);
        expect(close(RationalFunction.fromPolynomials(vars, n.mul(g), d.mul(g)).evaluate(x), raw)).toBe(true);
      }),
      opts,
    );
  });

  it('canonical form: equal functions are structurally equal', () => {
    fc.assert(
      fc.property(polynomialArb(N, 4, 2), nonZeroPolynomialArb(N, 3, 2), nonZeroPolynomialArb(N, 3, 1), fc.bigInt(-5n, 5n), (n, d, g, k) => {
        fc.pre(k !== 0n);
        const direct = RationalFunction.fromPolynomials(vars, n, d);
        const scaled = RationalFunction.fromPolynomials(vars, n.mul(g).scale(k), d.mul(g).scale(k));
        expect(scaled.equals(direct)).toBe(true);
        expect(scaled.hash()).toBe(direct.hash());
        // canonical invariants
        expect(direct.den.leadingCoefficient() > 0n).toBe(true);
      }),
      opts,
    );
  });

  it('field axioms hold structurally', () => {
    fc.assert(
      fc.property(rfArb, rfArb, rfArb, (p, q, r) => {
        expect(p.add(q).equals(q.add(p))).toBe(true);
        expect(p.mul(q.add(r)).equals(p.mul(q).add(p.mul(r)))).toBe(true);
        expect(p.sub(p).isZero()).toBe(true);
        if (!p.isZero()) expect(p.mul(p.inv()).isOne()).toBe(true);
        if (!q.isZero()) expect(p.div(q).mul(q).equals(p)).toBe(true);
      }),
      opts,
    );
  });

  it('x·y/(x·z) is y/z: common monomials cancel', () => {
    const v = VariableSet.of(['x', 'y', 'z']);
    const [x, y, z] = ['x', 'y', 'z'].map((n) => RationalFunction.variable(v, n));
    const r = x.mul(y).div(x.mul(z));
    expect(r.equals(y.div(z))).toBe(true);
    expect(r.num.equals(y.num)).toBe(true);
    expect(r.den.equals(z.num)).toBe(true);
    // (2x)/(4y) = x/(2y), integer content too
    const s = x.mul(RationalFunction.constant(v, 2)).div(y.mul(RationalFunction.constant(v, 4)));
    expect(s.num.equals(x.num)).toBe(true);
    expect(s.den.equals(y.num.scale(2))).toBe(true);
    // negative denominators move their sign to the numerator
    const t = x.div(y.neg());
    expect(t.den.equals(y.num)).toBe(true);
    expect(t.num.equals(x.num.neg())).toBe(true);
  });

  it('sums whose denominators share a factor cancel it (Henrici, gcd(t, g) ≠ 1)', () => {
    const v = VariableSet.of(['x', 'y', 'z']);
    const [x, y, z] = ['x', 'y', 'z'].map((n) => RationalFunction.variable(v, n));
    const one = RationalFunction.one(v);
    // u = 1/(y(x+1)), w = 1/(yz): v = w − u has denominator yz(x+1) and u + v = w.
    const u = one.div(y.mul(x.add(one)));
    const w = one.div(y.mul(z));
    const diff = RationalFunction.fromPolynomials(v, x.num.add(one.num).sub(z.num), y.mul(z).mul(x.add(one)).num);
    expect(u.add(diff).equals(w)).toBe(true);
    expect(diff.add(u).equals(w)).toBe(true);
    // equal denominators: (x + 1)/(x − 1) − 2/(x − 1) = 1
    const xm1 = x.sub(one);
    expect(x.add(one).div(xm1).sub(RationalFunction.constant(v, 2).div(xm1)).isOne()).toBe(true);
  });

  it('division by zero is a typed error', () => {
    const x = RationalFunction.variable(vars, 'a');
    const zero = x.sub(x);
    expect(() => x.div(zero)).toThrowError(expect.objectContaining({ code: 'bad-value', expected: 'a nonzero divisor' }));
    expect(() => zero.inv()).toThrowError(expect.objectContaining({ code: 'bad-value', expected: 'a nonzero divisor' }));
  });

  it('derivative agrees with a central difference', () => {
    fc.assert(
      fc.property(rfArb, fc.integer({ min: 0, max: N - 1 }), pointArb, (p, v, xs) => {
        const x = Float64Array.from(xs);
        const h = 1e-5;
        const xp = x.slice();
        const xm = x.slice();
        xp[v] += h;
        xm[v] -= h;
        const fd = (p.evaluate(xp) - p.evaluate(xm)) / (2 * h);
        const d = p.derivative(v).evaluate(x);
        fc.pre(Number.isFinite(fd) && Math.abs(fd) < 1e3 && Math.abs(p.den.evaluate(x)) > 0.1);
        expect(Math.abs(d - fd)).toBeLessThan(1e-4 * Math.max(1, Math.abs(fd)));
      }),
      opts,
    );
  });

  it('evaluate by name; a missing value used by the function is a typed error', () => {
    const v = VariableSet.of(['R', 'C']);
    const f = RationalFunction.variable(v, 'R').mul(RationalFunction.variable(v, 'C')).inv();
    expect(f.evaluate(new Map([['R', 2], ['C', 0.25]]))).toBe(2);
    expect(f.evaluate({ R: 4, C: 0.5 })).toBe(0.5);
    expect(() => f.evaluate({ R: 4 })).toThrowError(expect.objectContaining({ code: 'missing-parameter-value', element: 'C' }));
  });

  it('operands over different variable sets are rejected', () => {
    const a = RationalFunction.variable(VariableSet.of(['x']), 'x');
    const b = RationalFunction.variable(VariableSet.of(['x']), 'x');
    expect(() => a.add(b)).toThrowError(expect.objectContaining({ code: 'bad-value' }));
  });
});
