/** The private dense kernels: Padé scaling-and-squaring exponential and the LU solve. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { denseExpm } from '../src/dense/expm';
import { denseFromRows, denseMul, denseToRows } from '../src/dense/dense-matrix';
import { factorDenseLU } from '../src/dense/dense-lu';

describe('denseExpm', () => {
  it('rotation generator: exp([[0, θ], [−θ, 0]]) = [[cos θ, sin θ], [−sin θ, cos θ]], also for large θ', () => {
    for (const theta of [0.1, 1, 7, 100]) {
      const e = denseToRows(denseExpm(denseFromRows([[0, theta], [-theta, 0]])));
      expect(e[0][0]).toBeCloseTo(Math.cos(theta), 11);
      expect(e[0][1]).toBeCloseTo(Math.sin(theta), 11);
      expect(e[1][0]).toBeCloseTo(-Math.sin(theta), 11);
    }
  });

  it('nilpotent: exp(N) = I + N + N²/2 for strictly upper triangular 3×3', () => {
    const e = denseToRows(denseExpm(denseFromRows([[0, 2, 3], [0, 0, 5], [0, 0, 0]])));
    expect(e).toEqual([
      [1, 2, 3 + 5],
      [0, 1, 5],
      [0, 0, 1],
    ]);
  });

  // 18 squarings amplify the rounding of the scaled exponential: about 1e-11 relative here
  it('stiff diagonal: exp(diag(−1e6, −1, 2)) entrywise', () => {
    const e = denseToRows(denseExpm(denseFromRows([[-1e6, 0, 0], [0, -1, 0], [0, 0, 2]])));
    expect(e[0][0]).toBe(0);
    expect(e[1][1] / Math.exp(-1)).toBeCloseTo(1, 10);
    expect(e[2][2] / Math.exp(2)).toBeCloseTo(1, 10);
  });

  it('exp(A)·exp(−A) = I on seeded random matrices', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 16, maxLength: 16 }), (v) => {
        const a = denseFromRows([0, 1, 2, 3].map((i) => v.slice(4 * i, 4 * i + 4)));
        const minus = { ...a, data: a.data.map((x) => -x) };
        const p = denseToRows(denseMul(denseExpm(a), denseExpm(minus)));
        for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) expect(Math.abs(p[i][j] - (i === j ? 1 : 0))).toBeLessThan(1e-8);
      }),
      { seed: 5, numRuns: 40 },
    );
  });
});

describe('factorDenseLU', () => {
  it('solves with pivoting and rejects singular matrices', () => {
    const lu = factorDenseLU(denseFromRows([[0, 1], [2, 3]]));
    expect(Array.from(lu.solve([1, 8]))).toEqual([2.5, 1]);
    expect(() => factorDenseLU(denseFromRows([[1, 2], [2, 4]]))).toThrowError(expect.objectContaining({ code: 'solver-failure' }));
  });
});
