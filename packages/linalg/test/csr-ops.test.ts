import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CsrMatrix,
  checkCsr,
  csrAdd,
  csrBlocks,
  csrDiagonal,
  csrFromDense,
  csrFromTriplets,
  csrIdentity,
  csrMul,
  csrMulVec,
  csrMulVecAdd,
  csrScale,
  csrScaleCols,
  csrScaleRows,
  csrSelect,
  csrToDense,
  csrTranspose,
  csrTransposeMulVec,
  csrZeros,
  formatCsr,
} from '../src/index';
import {
  SEED,
  arbTriplets,
  denseMul,
  denseMulVec,
  denseTranspose,
  maxAbsDiff,
  tripletsToCsr,
  tripletsToDense,
  zeros,
} from './helpers';

const RUNS = { seed: SEED, numRuns: 150 };

/** Invariants of every CsrMatrix: pointers, sorted unique columns. */
function expectValid(a: CsrMatrix): void {
  expect(() => checkCsr(a)).not.toThrow();
}

function catchError(f: () => unknown): Record<string, unknown> {
  try {
    f();
  } catch (e) {
    return e as Record<string, unknown>;
  }
  throw new Error('expected an error');
}

describe('csrFromTriplets', () => {
  it('sums duplicates and sorts columns', () => {
    const a = csrFromTriplets(2, 3, [1, 0, 1, 0, 1], [2, 1, 0, 1, 2], [1, 2, 3, 4, 5]);
    expectValid(a);
    expect(Array.from(a.rowPtr)).toEqual([0, 1, 3]);
    expect(Array.from(a.colIdx)).toEqual([1, 0, 2]);
    expect(Array.from(a.values)).toEqual([6, 3, 6]);
    expect(a.get(1, 2)).toBe(6);
    expect(a.get(0, 0)).toBe(0);
    expect(a.get(5, 0)).toBe(0);
    expect(a.nnz).toBe(3);
  });

  it('drops entries that sum to zero on request', () => {
    const keep = csrFromTriplets(1, 2, [0, 0, 0], [0, 0, 1], [1, -1, 2]);
    expect(keep.nnz).toBe(2);
    const drop = csrFromTriplets(1, 2, [0, 0, 0], [0, 0, 1], [1, -1, 2], { dropZeros: true });
    expect(drop.nnz).toBe(1);
    expect(drop.get(0, 1)).toBe(2);
  });

  it('agrees with a dense accumulation on random triplets', () => {
    fc.assert(
      fc.property(arbTriplets(), (t) => {
        const a = tripletsToCsr(t);
        expectValid(a);
        expect(maxAbsDiff(csrToDense(a), tripletsToDense(t))).toBeLessThanOrEqual(1e-15);
      }),
      RUNS,
    );
  });

  it('rejects bad indices and values with a typed error naming the field', () => {
    expect(catchError(() => csrFromTriplets(2, 2, [0, 2], [0, 0], [1, 1]))).toMatchObject({ code: 'bad-value', field: 'ri[1]' });
    expect(catchError(() => csrFromTriplets(2, 2, [0], [-1], [1]))).toMatchObject({ code: 'bad-value', field: 'ci[0]' });
    expect(catchError(() => csrFromTriplets(2, 2, [0], [0], [NaN]))).toMatchObject({ code: 'bad-value', field: 'v[0]' });
    expect(catchError(() => csrFromTriplets(2, 2, [0], [0, 1], [1]))).toMatchObject({ code: 'bad-value' });
    expect(catchError(() => csrFromTriplets(-1, 2, [], [], []))).toMatchObject({ code: 'bad-value', field: 'rows' });
  });
});

describe('conversions and constructors', () => {
  it('csrFromDense / csrToDense round trip, with tolerance', () => {
    const d = [
      [1, 0, 1e-12],
      [0, 0, 0],
      [-2, 3, 0],
    ];
    expect(csrToDense(csrFromDense(d))).toEqual(d);
    const a = csrFromDense(d, 1e-9);
    expect(a.nnz).toBe(3);
    expect(a.get(0, 2)).toBe(0);
    expect(catchError(() => csrFromDense([[1, 2], [3]]))).toMatchObject({ code: 'bad-value', field: '[1]' });
  });

  it('identity and diagonal', () => {
    expect(csrToDense(csrIdentity(3, 2))).toEqual([
      [2, 0, 0],
      [0, 2, 0],
      [0, 0, 2],
    ]);
    const d = csrDiagonal([1, 0, -3]);
    expect(d.nnz).toBe(3);
    expect(csrToDense(d)).toEqual([
      [1, 0, 0],
      [0, 0, 0],
      [0, 0, -3],
    ]);
  });

  it('checkCsr reports broken invariants', () => {
    const bad = new CsrMatrix(1, 3, Int32Array.from([0, 2]), Int32Array.from([2, 1]), Float64Array.from([1, 1]));
    expect(catchError(() => checkCsr(bad))).toMatchObject({ code: 'bad-value', field: 'colIdx[1]' });
  });
});

describe('products, sums and transposes agree with dense computations', () => {
  it('csrTranspose', () => {
    fc.assert(
      fc.property(arbTriplets(), (t) => {
        const at = csrTranspose(tripletsToCsr(t));
        expectValid(at);
        expect(maxAbsDiff(csrToDense(at), denseTranspose(tripletsToDense(t), t.cols))).toBe(0);
      }),
      RUNS,
    );
  });

  it('csrMulVec, csrMulVecAdd, csrTransposeMulVec', () => {
    fc.assert(
      fc.property(arbTriplets(), fc.double({ min: -2, max: 2, noNaN: true }), (t, alpha) => {
        const a = tripletsToCsr(t);
        const d = tripletsToDense(t);
        const x = Array.from({ length: t.cols }, (_, j) => Math.cos(j + 1));
        const z = Array.from({ length: t.rows }, (_, i) => Math.sin(i + 1));
        const y = csrMulVec(a, x);
        const ref = denseMulVec(d, x);
        for (let i = 0; i < t.rows; i++) expect(y[i]).toBeCloseTo(ref[i], 12);
        const y0 = Float64Array.from(z);
        csrMulVecAdd(a, x, y0, alpha);
        for (let i = 0; i < t.rows; i++) expect(y0[i]).toBeCloseTo(z[i] + alpha * ref[i], 12);
        const w = csrTransposeMulVec(a, z);
        const refT = denseMulVec(denseTranspose(d, t.cols), z);
        for (let j = 0; j < t.cols; j++) expect(w[j]).toBeCloseTo(refT[j], 12);
      }),
      RUNS,
    );
  });

  it('csrMul (Gustavson) against the dense product', () => {
    fc.assert(
      fc.property(arbTriplets(10, 10, 3), fc.integer({ min: 1, max: 10 }), fc.nat(1000), (t, cols, salt) => {
        const a = tripletsToCsr(t);
        // B: t.cols × cols with a deterministic pattern that depends on salt.
        const bEntries: [number, number, number][] = [];
        for (let i = 0; i < t.cols; i++) for (let j = 0; j < cols; j++) if ((i * 7 + j * 3 + salt) % 4 === 0) bEntries.push([i, j, ((i + 2 * j + salt) % 5) - 2]);
        const bt = { rows: t.cols, cols, entries: bEntries };
        const c = csrMul(a, tripletsToCsr(bt));
        expectValid(c);
        expect(maxAbsDiff(csrToDense(c), denseMul(tripletsToDense(t), tripletsToDense(bt)))).toBeLessThanOrEqual(1e-12);
      }),
      RUNS,
    );
  });

  it('csrMul (Gustavson) on outer products: one pass while the flop count is small, a sizing pass beyond', () => {
    for (const n of [1, 3, 17, 40]) {
      // (n×2)(2×n): n² entries, 2n² flops against nnz(A) + nnz(B) + rows = 5n (one pass for n < 6 only).
      const left: [number, number, number][] = [];
      const right: [number, number, number][] = [];
      for (let i = 0; i < n; i++) {
        left.push([i, 0, i + 1], [i, 1, (i % 3) - 1]);
        right.push([0, n - 1 - i, 2 - (i % 5)], [1, i, 0.5 * i]);
      }
      const at = { rows: n, cols: 2, entries: left };
      const bt = { rows: 2, cols: n, entries: right };
      const c = csrMul(tripletsToCsr(at), tripletsToCsr(bt));
      expectValid(c);
      expect(c.colIdx.length).toBe(c.nnz);
      expect(maxAbsDiff(csrToDense(c), denseMul(tripletsToDense(at), tripletsToDense(bt)))).toBe(0);
    }
  });

  it('csrAdd against the dense sum', () => {
    fc.assert(
      fc.property(arbTriplets(8, 8), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), (t, alpha, beta) => {
        const entries2 = t.entries.map(([i, j, v]) => [(i + 1) % t.rows, j, v * 0.5] as [number, number, number]);
        const t2 = { ...t, entries: entries2 };
        const c = csrAdd(alpha, tripletsToCsr(t), beta, tripletsToCsr(t2));
        expectValid(c);
        const d1 = tripletsToDense(t);
        const d2 = tripletsToDense(t2);
        const ref = d1.map((row, i) => row.map((v, j) => alpha * v + beta * d2[i][j]));
        expect(maxAbsDiff(csrToDense(c), ref)).toBeLessThanOrEqual(1e-12);
      }),
      RUNS,
    );
  });

  it('rejects mismatched shapes', () => {
    const a = csrIdentity(3);
    expect(catchError(() => csrMul(a, csrIdentity(2)))).toMatchObject({ code: 'bad-value' });
    expect(catchError(() => csrAdd(1, a, 1, csrIdentity(2)))).toMatchObject({ code: 'bad-value' });
    expect(catchError(() => csrMulVec(a, [1, 2]))).toMatchObject({ code: 'bad-value', field: 'x' });
  });
});

describe('scalings, selection, blocks', () => {
  it('csrScaleRows, csrScaleCols, csrScale', () => {
    const d = [
      [1, 0, 2],
      [0, 3, 0],
    ];
    const a = csrFromDense(d);
    expect(csrToDense(csrScaleRows(a, [2, -1]))).toEqual([
      [2, 0, 4],
      [0, -3, 0],
    ]);
    expect(csrToDense(csrScaleCols(a, [1, 2, 3]))).toEqual([
      [1, 0, 6],
      [0, 6, 0],
    ]);
    expect(csrToDense(csrScale(a, 0.5))).toEqual([
      [0.5, 0, 1],
      [0, 1.5, 0],
    ]);
  });

  it('csrSelect picks A(rows, cols) in the given orders', () => {
    fc.assert(
      fc.property(arbTriplets(), fc.nat(1000), (t, salt) => {
        const rows = Array.from({ length: t.rows + 2 }, (_, k) => (k * 5 + salt) % t.rows); // repeats allowed
        const cols = Array.from({ length: t.cols }, (_, j) => j).filter((j) => (j + salt) % 3 !== 0).reverse();
        const s = csrSelect(tripletsToCsr(t), rows, cols);
        expectValid(s);
        const d = tripletsToDense(t);
        expect(maxAbsDiff(csrToDense(s), rows.map((i) => cols.map((j) => d[i][j])))).toBe(0);
      }),
      RUNS,
    );
    expect(catchError(() => csrSelect(csrIdentity(3), [0], [1, 1]))).toMatchObject({ code: 'bad-value', field: 'cols[1]' });
  });

  it('csrBlocks assembles [[A, null], [B, C]] as the dense block matrix', () => {
    const a = [
      [1, 2],
      [0, 3],
    ];
    const b = [[4, 0]];
    const c = [[5, 0, 6]];
    const m = csrBlocks([
      [csrFromDense(a), null],
      [csrFromDense(b), csrFromDense(c)],
    ]);
    expectValid(m);
    expect(csrToDense(m)).toEqual([
      [1, 2, 0, 0, 0],
      [0, 3, 0, 0, 0],
      [4, 0, 5, 0, 6],
    ]);
    const z = csrBlocks([[csrZeros(2, 1), csrIdentity(2)]]);
    expect(csrToDense(z)).toEqual([
      [0, 1, 0],
      [0, 0, 1],
    ]);
    expect(catchError(() => csrBlocks([[csrIdentity(2), null], [null, null]]))).toMatchObject({ code: 'bad-value' });
    expect(catchError(() => csrBlocks([[csrIdentity(2), csrIdentity(3)]]))).toMatchObject({
      code: 'bad-value',
      field: 'blocks[0][1].rows',
    });
  });

  it('csrBlocks of random blocks equals the dense assembly', () => {
    fc.assert(
      fc.property(arbTriplets(5, 5), arbTriplets(5, 5), (t1, t2) => {
        const right = { rows: t1.rows, cols: t2.cols, entries: t2.entries.filter(([i]) => i < t1.rows) };
        const bottom = { rows: t2.rows, cols: t1.cols, entries: t1.entries.filter(([i]) => i < t2.rows) };
        const m = csrBlocks([
          [tripletsToCsr(t1), tripletsToCsr(right)],
          [tripletsToCsr(bottom), null],
        ]);
        expectValid(m);
        const ref = zeros(t1.rows + t2.rows, t1.cols + t2.cols);
        const put = (d: number[][], r0: number, c0: number): void => d.forEach((row, i) => row.forEach((v, j) => (ref[r0 + i][c0 + j] = v)));
        put(tripletsToDense(t1), 0, 0);
        put(tripletsToDense(right), 0, t1.cols);
        put(tripletsToDense(bottom), t1.rows, 0);
        expect(maxAbsDiff(csrToDense(m), ref)).toBe(0);
      }),
      RUNS,
    );
  });
});

describe('formatCsr', () => {
  it('prints triplets and a named dense table', () => {
    const a = csrFromDense([
      [1, 0],
      [-0.5, 2.25],
    ]);
    expect(formatCsr(a)).toBe(['2×2, nnz = 3', '(0, 0) 1', '(1, 0) -0.5', '(1, 1) 2.25'].join('\n'));
    expect(formatCsr(a, { dense: true, rowNames: ['v1', 'v2'], colNames: ['i1', 'i2'] })).toBe(
      ['2×2, nnz = 3', '      i1    i2', 'v1     1     .', 'v2  -0.5  2.25'].join('\n'),
    );
  });
});
