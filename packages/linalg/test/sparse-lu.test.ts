import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Matrix, solve as mlSolve } from 'ml-matrix';
import {
  SingularMatrixError,
  csrFromDense,
  csrFromTriplets,
  csrMulVec,
  csrToDense,
  csrTransposeMulVec,
  factorSparseLU,
  formatSparseLU,
  refactorSparseLU,
} from '../src/index';
import { SparseLUFactors } from '../src/sparse/sparse-lu';
import { SEED, arbNonsingular, gridLaplacian, nonsingularTriplets, norm2 } from './helpers';
import type { NonsingularCase } from './helpers';

const RUNS = { seed: SEED, numRuns: 200 };

function residual(apply: (x: Float64Array) => Float64Array, x: Float64Array, b: ArrayLike<number>): number {
  const r = apply(x);
  let s = 0;
  for (let i = 0; i < b.length; i++) s += (r[i] - b[i]) ** 2;
  return Math.sqrt(s);
}

function build(c: NonsingularCase) {
  const { ri, ci, v } = nonsingularTriplets(c);
  return csrFromTriplets(c.n, c.n, ri, ci, v);
}

function catchError(f: () => unknown): SingularMatrixError & Record<string, unknown> {
  try {
    f();
  } catch (e) {
    return e as SingularMatrixError & Record<string, unknown>;
  }
  throw new Error('expected an error');
}

describe('factorSparseLU: solves', () => {
  for (const [label, permuteRows] of [
    ['diagonally dominant', false],
    ['rows permuted (pivoting needed)', true],
  ] as const) {
    for (const ordering of ['amd', 'natural'] as const) {
      it(`‖Ax − b‖ ≤ 1e-10‖b‖ and ‖Aᵀy − b‖ ≤ 1e-10‖b‖: ${label}, ${ordering}`, () => {
        fc.assert(
          fc.property(arbNonsingular(40, { permuteRows }), (c) => {
            const a = build(c);
            const b = c.rhs;
            const lu = factorSparseLU(a, { ordering });
            const x = lu.solve(b);
            expect(residual((v) => csrMulVec(a, v), x, b)).toBeLessThanOrEqual(1e-10 * norm2(b) + 1e-300);
            const y = lu.solveTranspose(b);
            expect(residual((v) => csrTransposeMulVec(a, v), y, b)).toBeLessThanOrEqual(1e-10 * norm2(b) + 1e-300);
          }),
          RUNS,
        );
      });
    }
  }

  it('agrees with ml-matrix dense solve', () => {
    fc.assert(
      fc.property(arbNonsingular(25, { permuteRows: true }), (c) => {
        const a = build(c);
        const ref = mlSolve(new Matrix(csrToDense(a)), Matrix.columnVector(c.rhs)).getColumn(0);
        const x = factorSparseLU(a).solve(c.rhs);
        const scale = Math.max(1, ...ref.map(Math.abs));
        for (let i = 0; i < c.n; i++) expect(Math.abs(x[i] - ref[i])).toBeLessThanOrEqual(1e-9 * scale);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('solves a non-dominant unsymmetric matrix that needs off-diagonal pivots', () => {
    // Zero diagonal: every pivot must come from off the diagonal. Expected x from hand elimination:
    // [[0, 2, 0], [1, 0, 3], [4, 0, 1]] x = [2, 4, 5]  ⇒  x = (1, 1, 1).
    const a = csrFromDense([
      [0, 2, 0],
      [1, 0, 3],
      [4, 0, 1],
    ]);
    for (const ordering of ['amd', 'natural'] as const) {
      const x = factorSparseLU(a, { ordering }).solve([2, 4, 5]);
      expect(Array.from(x).map((v) => Number(v.toFixed(12)))).toEqual([1, 1, 1]);
    }
  });

  it('`out` may alias b, and wrong lengths are rejected', () => {
    const a = gridLaplacian(4, 4, 1);
    const lu = factorSparseLU(a);
    const b = Float64Array.from({ length: 16 }, (_, i) => i - 7);
    const x = lu.solve(b);
    const same = Float64Array.from(b);
    lu.solve(same, same);
    expect(Array.from(same)).toEqual(Array.from(x));
    expect(catchError(() => lu.solve([1, 2]))).toMatchObject({ code: 'bad-value', field: 'b' });
  });

  it('pivotRatio is min|u_kk| / max|u_kk| of a diagonal matrix', () => {
    const lu = factorSparseLU(csrFromDense([
      [2, 0, 0],
      [0, -8, 0],
      [0, 0, 4],
    ]));
    expect(lu.pivotRatio).toBe(0.25);
    expect(lu.nnzL).toBe(3);
    expect(lu.nnzU).toBe(3);
    expect(formatSparseLU(lu)).toBe('SparseLU n = 3, nnz(L) = 3, nnz(U) = 3, pivot ratio = 0.250');
  });

  it('keeps the symmetric pivots of a grid Laplacian (diagonal preference)', () => {
    const a = gridLaplacian(8, 8);
    const lu = factorSparseLU(a) as SparseLUFactors;
    const { colOrder, rowPivot } = lu.data;
    for (let k = 0; k < a.rows; k++) expect(rowPivot[colOrder[k]]).toBe(k);
    // Symmetric pattern, symmetric pivoting: L and U have the same number of entries.
    expect(lu.nnzL).toBe(lu.nnzU);
  });

  it('handles n = 0 and n = 1', () => {
    const empty = factorSparseLU(csrFromTriplets(0, 0, [], [], []));
    expect(empty.solve([]).length).toBe(0);
    expect(Array.from(factorSparseLU(csrFromDense([[4]])).solve([2]))).toEqual([0.5]);
  });
});

describe('factorSparseLU: singular matrices and bad input', () => {
  it('a numerically dependent column: typed error naming the column', () => {
    // column 2 = column 0 + column 1
    const a = csrFromDense([
      [1, 0, 1],
      [0, 1, 1],
      [1, 1, 2],
    ]);
    const e = catchError(() => factorSparseLU(a, { ordering: 'natural' }));
    expect(e).toBeInstanceOf(SingularMatrixError);
    expect(e.code).toBe('singular-matrix');
    expect(e.column).toBe(2);
    expect(e.elements).toEqual(['2']);
    expect(typeof e.expected).toBe('string');
    // With AMD the failing column is still one of the dependent set.
    const e2 = catchError(() => factorSparseLU(a));
    expect(e2.code).toBe('singular-matrix');
    expect([0, 1, 2]).toContain(e2.column);
  });

  it('a structurally zero column, and a zero row', () => {
    const zeroCol = csrFromDense([
      [1, 0, 2],
      [3, 0, 4],
      [5, 0, 6],
    ]);
    expect(catchError(() => factorSparseLU(zeroCol))).toMatchObject({ code: 'singular-matrix', column: 1 });
    const zeroRow = csrFromDense([
      [1, 2, 0],
      [0, 0, 0],
      [0, 3, 4],
    ]);
    const e = catchError(() => factorSparseLU(zeroRow, { ordering: 'natural' }));
    expect(e.code).toBe('singular-matrix');
    expect(e.column).toBe(2);
  });

  it('a singular grid Laplacian (no diagonal term: constants are in the null space)', () => {
    const e = catchError(() => factorSparseLU(gridLaplacian(6, 6, 0)));
    expect(e.code).toBe('singular-matrix');
    expect(e.column).toBeGreaterThanOrEqual(0);
  });

  it('non-square, non-finite, bad options', () => {
    expect(catchError(() => factorSparseLU(csrFromTriplets(2, 3, [], [], [])))).toMatchObject({ code: 'bad-value' });
    expect(catchError(() => factorSparseLU(csrFromDense([[1]]), { pivotThreshold: 0 }))).toMatchObject({
      code: 'bad-option',
      field: 'pivotThreshold',
    });
    expect(catchError(() => factorSparseLU(csrFromDense([[1, 0], [0, 1]]), { ordering: [0, 0] }))).toMatchObject({
      code: 'bad-option',
    });
  });
});

describe('refactorSparseLU', () => {
  it('new values on the same pattern: reuses the pivot sequence and solves accurately', () => {
    fc.assert(
      fc.property(arbNonsingular(30, { permuteRows: true }), fc.double({ min: 0.5, max: 2, noNaN: true }), (c, f) => {
        const a = build(c);
        const lu = factorSparseLU(a) as SparseLUFactors;
        // Same pattern: scale the off-diagonal part by f (diagonal dominance is preserved for f ≤ 1,
        // and for f > 1 the diagonal is re-balanced below).
        const { ri, ci, v } = nonsingularTriplets({ ...c, entries: c.entries.map(([i, j, x]) => [i, j, x * f]) });
        const a2 = csrFromTriplets(c.n, c.n, ri, ci, v);
        if (a2.nnz !== a.nnz) return; // cancellation changed the pattern; nothing to test
        const lu2 = refactorSparseLU(lu, a2);
        const x = lu2.solve(c.rhs);
        expect(residual((w) => csrMulVec(a2, w), x, c.rhs)).toBeLessThanOrEqual(1e-10 * norm2(c.rhs) + 1e-300);
        const y = lu2.solveTranspose(c.rhs);
        expect(residual((w) => csrTransposeMulVec(a2, w), y, c.rhs)).toBeLessThanOrEqual(1e-10 * norm2(c.rhs) + 1e-300);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('the step-size change of a stiff solver: E − hγA for a new h keeps every pivot', () => {
    const lap = gridLaplacian(10, 10, 0.01);
    const n = lap.rows;
    const m = (h: number) => {
      const ri: number[] = [];
      const ci: number[] = [];
      const v: number[] = [];
      for (let i = 0; i < n; i++) for (let p = lap.rowPtr[i]; p < lap.rowPtr[i + 1]; p++) {
        ri.push(i);
        ci.push(lap.colIdx[p]);
        v.push((lap.colIdx[p] === i ? 1 : 0) + h * lap.values[p]);
      }
      return csrFromTriplets(n, n, ri, ci, v);
    };
    const lu = factorSparseLU(m(0.1)) as SparseLUFactors;
    const lu2 = refactorSparseLU(lu, m(0.37)) as SparseLUFactors;
    expect(Array.from(lu2.data.rowPivot)).toEqual(Array.from(lu.data.rowPivot));
    expect(lu2.data.lIdx).toBe(lu.data.lIdx); // the pattern arrays are shared, not recomputed
    const b = Float64Array.from({ length: n }, (_, i) => Math.sin(i));
    const x = lu2.solve(b);
    expect(residual((w) => csrMulVec(m(0.37), w), x, b)).toBeLessThanOrEqual(1e-12 * norm2(b));
  });

  it('falls back to a full factorisation when an old pivot becomes unacceptable', () => {
    // First matrix: pivots on the diagonal. Second: same pattern, the (0,0) entry becomes tiny,
    // so the old pivot fails the threshold test and rows must be exchanged.
    const a1 = csrFromDense([
      [4, 1, 0],
      [1, 4, 1],
      [0, 1, 4],
    ]);
    const a2 = csrFromDense([
      [1e-14, 1, 0],
      [1, 4, 1],
      [0, 1, 4],
    ]);
    const lu = factorSparseLU(a1, { ordering: 'natural' }) as SparseLUFactors;
    const lu2 = refactorSparseLU(lu, a2) as SparseLUFactors;
    expect(Array.from(lu2.data.rowPivot)).not.toEqual(Array.from(lu.data.rowPivot));
    const b = [1, 2, 3];
    const x = lu2.solve(b);
    expect(residual((w) => csrMulVec(a2, w), x, b)).toBeLessThanOrEqual(1e-12);
  });

  it('a different pattern is factorised from scratch; a singular update throws', () => {
    const lu = factorSparseLU(gridLaplacian(3, 3, 1));
    const other = gridLaplacian(2, 2, 1);
    const x = refactorSparseLU(lu, other).solve([1, 1, 1, 1]);
    // Row sums of the 2×2 grid matrix are all 1 + 0 (Laplacian rows sum to 0) ⇒ x = 1.
    for (const v of x) expect(v).toBeCloseTo(1, 12);
    const singular = gridLaplacian(3, 3, 0);
    expect(catchError(() => refactorSparseLU(lu, singular)).code).toBe('singular-matrix');
  });
});
