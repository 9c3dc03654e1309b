/**
 * The dense LU kernel (lu-in-place.ts) and its DenseMatrix wrapper factorDenseLU, and denseExpm on DenseMatrix:
 * hand-solved systems, agreement with ml-matrix's solve (an independent LU), residuals on seeded random
 * matrices, typed singular errors with the column, closed-form exponentials.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Matrix, solve as mlSolve } from 'ml-matrix';
import { denseExpm, denseFromRows, denseMul, denseToRows, factorDenseLU, luFactorInPlace, luSolveInPlace, luSolveMatrixInPlace } from '../src/index';
import { SingularMatrixError } from '../src/index';

const rowsOf = (n: number, v: readonly number[]) => Array.from({ length: n }, (_, i) => v.slice(i * n, i * n + n));

describe('luFactorInPlace, luSolveInPlace, luSolveMatrixInPlace', () => {
  it('a 3×3 system solved by hand needs a row swap: [[0, 2, 1], [1, 1, 1], [2, 1, 0]] x = (5, 4, 4) → x = (1, 2, 1)', () => {
    const a = Float64Array.of(0, 2, 1, 1, 1, 1, 2, 1, 0);
    const piv = new Int32Array(3);
    expect(luFactorInPlace(a, 3, piv)).toBe(true);
    expect(piv[0]).toBe(2); // |2| is the largest entry of column 0
    const b = Float64Array.of(5, 4, 4);
    luSolveInPlace(a, 3, piv, b);
    expect(Array.from(b).map((x) => Math.round(x * 1e12) / 1e12)).toEqual([1, 2, 1]);
  });

  it('strided right-hand sides and the whole-row matrix solve agree with ml-matrix solve on seeded random matrices', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 4 }), fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 81 + 36, maxLength: 81 + 36 }), (n, m, v) => {
        // diagonally shifted: well conditioned, so both LUs agree to rounding
        const a = rowsOf(n, v.slice(0, n * n)).map((row, i) => row.map((x, j) => x + (i === j ? n : 0)));
        const b = Array.from({ length: n }, (_, i) => v.slice(81 + i * m, 81 + i * m + m));
        const expected = mlSolve(new Matrix(a), new Matrix(b)).to2DArray();
        const lu = Float64Array.from(a.flat());
        const piv = new Int32Array(n);
        expect(luFactorInPlace(lu, n, piv, 1e-14)).toBe(true);
        const byRows = Float64Array.from(b.flat());
        luSolveMatrixInPlace(lu, n, piv, byRows, m);
        const byColumns = Float64Array.from(b.flat());
        for (let j = 0; j < m; j++) luSolveInPlace(lu, n, piv, byColumns, j, m);
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < m; j++) {
            expect(Math.abs(byRows[i * m + j] - expected[i][j])).toBeLessThan(1e-12);
            expect(Math.abs(byColumns[i * m + j] - expected[i][j])).toBeLessThan(1e-12);
          }
        }
      }),
      { seed: 14, numRuns: 60 },
    );
  });

  it('a singular matrix returns false and marks the column of the zero pivot; a NaN pivot also fails', () => {
    const piv = new Int32Array(3);
    // column 2 = column 0 + column 1
    expect(luFactorInPlace(Float64Array.of(1, 2, 3, 4, 5, 9, 7, 8, 15), 3, piv, 1e-14)).toBe(false);
    expect(piv.indexOf(-1)).toBe(2);
    expect(luFactorInPlace(Float64Array.of(Number.NaN, 1, 1, 1), 2, new Int32Array(2))).toBe(false);
    // singularTol = 0 accepts any nonzero pivot, a relative tolerance rejects a pivot of 1e-20 against 1
    expect(luFactorInPlace(Float64Array.of(1, 0, 0, 1e-20), 2, new Int32Array(2), 0)).toBe(true);
    expect(luFactorInPlace(Float64Array.of(1, 0, 0, 1e-20), 2, new Int32Array(2), 1e-15)).toBe(false);
  });
});

describe('factorDenseLU', () => {
  it('solves with pivoting (into a given array, or in place) and solves matrices', () => {
    const lu = factorDenseLU(denseFromRows([[0, 1], [2, 3]]));
    // 0·x + y = 1, 2x + 3y = 8 → y = 1, x = 2.5
    expect(Array.from(lu.solve([1, 8]))).toEqual([2.5, 1]);
    const b = Float64Array.of(1, 8);
    expect(lu.solve(b, b)).toBe(b);
    expect(Array.from(b)).toEqual([2.5, 1]);
    const x = lu.solveMatrix(denseFromRows([[1, 0], [8, 1]]));
    expect(denseToRows(x)).toEqual([[2.5, 0.5], [1, 0]]);
  });

  it('a singular matrix is a SingularMatrixError naming the matrix and the column; a non-square one is bad-value', () => {
    let thrown: unknown;
    try {
      factorDenseLU(denseFromRows([[1, 2], [2, 4]]), 'iteration matrix M − hγA');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SingularMatrixError);
    expect(thrown).toMatchObject({ code: 'singular-matrix', element: 'iteration matrix M − hγA', column: 1 });
    expect(() => factorDenseLU({ rows: 2, cols: 3, data: new Float64Array(6) }, 'A')).toThrow(expect.objectContaining({ code: 'bad-value', element: 'A' }));
  });
});

describe('denseExpm', () => {
  it('rotation generator: exp([[0, θ], [−θ, 0]]) = [[cos θ, sin θ], [−sin θ, cos θ]], also for large θ', () => {
    for (const theta of [0.1, 1, 7, 100]) {
      const e = denseToRows(denseExpm(denseFromRows([[0, theta], [-theta, 0]])));
      expect(e[0][0]).toBeCloseTo(Math.cos(theta), 11);
      expect(e[0][1]).toBeCloseTo(Math.sin(theta), 11);
      expect(e[1][0]).toBeCloseTo(-Math.sin(theta), 11);
    }
  });

  it('nilpotent: exp(N) = I + N + N²/2 for a strictly upper triangular 3×3', () => {
    const e = denseToRows(denseExpm(denseFromRows([[0, 2, 3], [0, 0, 5], [0, 0, 0]])));
    expect(e).toEqual([
      [1, 2, 3 + 5],
      [0, 1, 5],
      [0, 0, 1],
    ]);
  });

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
        const minus = { ...a, data: a.data.map((x: number) => -x) };
        const p = denseToRows(denseMul(denseExpm(a), denseExpm(minus)));
        for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) expect(Math.abs(p[i][j] - (i === j ? 1 : 0))).toBeLessThan(1e-8);
      }),
      { seed: 5, numRuns: 40 },
    );
  });
});
