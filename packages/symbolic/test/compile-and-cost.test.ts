import fc from 'fast-check';
import { all, create } from 'mathjs';
import { describe, expect, it } from 'vitest';
import {
  assertSymbolicAffordable,
  compileRational,
  estimateMatrixCost,
  estimateSymbolicCost,
  numberField,
  numberFieldWithTolerance,
  parseRational,
  permanent,
  rationalFunctionField,
  VariableSet,
} from '../src/index';
import { SEED } from './arbitraries';

const math = create(all);

describe('compileRational', () => {
  it('matches mathjs evaluation of the printed expression', () => {
    const vars = VariableSet.of(['R', 'C', 'L', 's']);
    const rf = parseRational('(s*L + R)/(s^2*L*C + s*R*C + 1) - 3/(2*R)', vars, math);
    const f = compileRational(rf);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 4, maxLength: 4 }), ([R, C, L, s]) => {
        const ref = math.evaluate('(s*L + R)/(s^2*L*C + s*R*C + 1) - 3/(2*R)', { R, C, L, s }) as number;
        expect(f(Float64Array.of(R, C, L, s))).toBeCloseTo(ref, 10);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('constants and polynomials', () => {
    const vars = VariableSet.of(['x']);
    expect(compileRational(parseRational('7/4', vars, math))(Float64Array.of(123))).toBe(1.75);
    expect(compileRational(parseRational('x^3 - x', vars, math))(Float64Array.of(2))).toBe(6);
  });
});

describe('cost guard', () => {
  it('permanent by Ryser equals known counts', () => {
    const n = 6;
    const ones = Array.from({ length: n }, () => new Array<number>(n).fill(1));
    expect(permanent(ones)).toBe(720); // n!
    const id = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
    expect(permanent(id)).toBe(1);
    // tridiagonal of ones: Fibonacci F(n+1)
    const tri = Array.from({ length: 10 }, (_, i) => Array.from({ length: 10 }, (_, j) => (Math.abs(i - j) <= 1 ? 1 : 0)));
    expect(permanent(tri)).toBe(89);
    // [[1,2],[3,4]]: 1·4 + 2·3
    expect(permanent([[1, 2], [3, 4]])).toBe(10);
  });

  it('verdicts grow with size and density', () => {
    expect(estimateSymbolicCost({ n: 4, density: 1 }).verdict).toBe('ok'); // 24 terms
    expect(estimateSymbolicCost({ n: 9, density: 1 }).verdict).toBe('slow'); // 362 880
    expect(estimateSymbolicCost({ n: 13, density: 1 }).verdict).toBe('refuse');
    // two single-term entries per row: n!·(2/n)^n ≈ √(2πn)·(2/e)^n, tiny; two terms each: (4/e)^n, large
    expect(estimateSymbolicCost({ n: 40, density: 0.05 }).verdict).toBe('ok');
    expect(estimateSymbolicCost({ n: 40, density: 0.05, termsPerEntry: 2 }).verdict).toBe('refuse'); // ≈ 8·10^7
    const dense = Array.from({ length: 12 }, () => new Array<number>(12).fill(2));
    const cost = estimateMatrixCost(dense);
    expect(cost.method).toBe('elimination');
    expect(cost.terms).toBeCloseTo(479001600 * 4096, -3); // 12!·2^12
    expect(() => assertSymbolicAffordable(cost, { element: 'network' })).toThrowError(
      expect.objectContaining({ code: 'symbolic-too-costly', element: 'network' }),
    );
    // RC-ladder pattern (3-term diagonal, 1-term off-diagonal): P_n = 3·P_{n−1} + P_{n−2}, P_0 = 1, P_1 = 3
    const tri = Array.from({ length: 10 }, (_, i) => Array.from({ length: 10 }, (_, j) => (i === j ? 3 : Math.abs(i - j) === 1 ? 1 : 0)));
    const est = estimateMatrixCost(tri);
    expect(est.terms).toBe(141481);
    expect(est.verdict).toBe('slow');
    expect(() => estimateSymbolicCost({ n: 3, density: 2 })).toThrowError(expect.objectContaining({ code: 'bad-option' }));
  });
});

describe('fields', () => {
  it('numberField: exact zero by default, a tolerance on request', () => {
    expect(numberField.isZero(1e-300)).toBe(false);
    const tol = numberFieldWithTolerance(1e-12);
    expect(tol.isZero(1e-13)).toBe(true);
    expect(tol.isZero(-1e-11)).toBe(false);
    expect(() => numberField.div(1, 0)).toThrowError(expect.objectContaining({ code: 'bad-value', expected: 'a nonzero divisor' }));
    expect(numberField.fromRational(1, 4)).toBe(0.25);
  });

  it('rationalFunctionField: constants, variables and formatting', () => {
    const F = rationalFunctionField(VariableSet.of(['K_v']));
    const k = F.variable('K_v');
    const half = F.fromRational(1, 2);
    expect(F.format(F.mul(half, k))).toBe('K_v/2');
    expect(F.latex(F.mul(half, k))).toBe('\\frac{K_{v}}{2}');
    expect(F.isOne(F.div(k, k))).toBe(true);
    expect(() => F.div(k, F.zero)).toThrowError(expect.objectContaining({ code: 'bad-value', expected: 'a nonzero divisor' }));
    expect(F.stats.calls).toBeGreaterThan(0);
  });
});
