import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Matrix, solve as mlSolve } from 'ml-matrix';
import { bandIsNarrow, csrFromDense, factorBandedCholesky, halfBandwidth, NotPositiveDefiniteError, rcmOrdering } from '../src/index';
import { SEED } from './helpers';

/** A = G Gᵀ + n I with G random lower banded (half-bandwidth b): symmetric positive definite, band b. */
function spdBanded(n: number, b: number, entries: number[]): number[][] {
  const g = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  let e = 0;
  for (let i = 0; i < n; i++) for (let j = Math.max(0, i - b); j <= i; j++) g[i][j] = entries[e++ % entries.length];
  // (G Gᵀ)_ij has |i − j| ≤ b because both rows of G are supported on [max(i, j) − b, min(i, j)]
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => {
      let s = i === j ? n : 0;
      for (let k = 0; k < n; k++) s += g[i][k] * g[j][k];
      return Math.abs(i - j) > b ? 0 : s;
    }),
  );
}

describe('factorBandedCholesky', () => {
  it('solves banded symmetric positive definite systems like a dense LU', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 14, maxLength: 14 }),
        (n, b, entries, rhs) => {
          const a = spdBanded(n, b, entries);
          const csr = csrFromDense(a);
          expect(halfBandwidth(csr)).toBeLessThanOrEqual(b);
          const x = factorBandedCholesky(csr, { bandwidth: b }).solve(rhs.slice(0, n));
          const ref = mlSolve(new Matrix(a), Matrix.columnVector(rhs.slice(0, n))).getColumn(0);
          for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(ref[i], 9);
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('solves in place and measures the half-bandwidth of a tridiagonal matrix', () => {
    const n = 50;
    const a = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 2 : Math.abs(i - j) === 1 ? -1 : 0)));
    const csr = csrFromDense(a);
    expect(halfBandwidth(csr)).toBe(1);
    expect(bandIsNarrow(csr)).toBe(true);
    // the discrete Laplacian with x_i = i + 1 gives b = (0, …, 0, n + 1) (x_0 = 0 and x_{n+1} = 0 outside)
    const rhs = new Float64Array(n);
    rhs[n - 1] = n + 1;
    const x = factorBandedCholesky(csr).solve(rhs, rhs);
    expect(x).toBe(rhs);
    for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(i + 1, 10);
  });

  it('calls a grid in row order wide, a diagonal matrix narrow', () => {
    const side = 20;
    const n = side * side;
    const a = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) {
      a[i][i] = 4;
      if (i % side > 0) a[i][i - 1] = a[i - 1][i] = -1;
      if (i >= side) a[i][i - side] = a[i - side][i] = -1;
    }
    expect(halfBandwidth(csrFromDense(a))).toBe(side);
    expect(bandIsNarrow(csrFromDense(a))).toBe(false);
    expect(bandIsNarrow(csrFromDense([[1, 0], [0, 2]]))).toBe(true);
  });

  it('refuses indefinite matrices and entries outside the band with typed errors', () => {
    const indefinite = csrFromDense([[1, 2], [2, 1]]);
    expect(() => factorBandedCholesky(indefinite)).toThrow(NotPositiveDefiniteError);
    try {
      factorBandedCholesky(indefinite);
    } catch (e) {
      expect((e as NotPositiveDefiniteError).code).toBe('singular-matrix');
      // tridiagonal: eliminated from both ends, the pivot that fails is the twist row ⌊(n − 1)/2⌋
      expect((e as NotPositiveDefiniteError).row).toBe(0);
    }
    const wide = csrFromDense([[2, 0, 1], [0, 2, 0], [1, 0, 2]]);
    expect(() => factorBandedCholesky(wide, { bandwidth: 1 })).toThrow(expect.objectContaining({ code: 'bad-value', field: '(2, 0)' }));
    expect(() => factorBandedCholesky(csrFromDense([[1, 2, 3], [4, 5, 6]]))).toThrow(expect.objectContaining({ code: 'bad-value', field: 'cols' }));
  });
});

/** Relabel a symmetric matrix: B[π(i)][π(j)] = A[i][j]. */
function relabel(a: number[][], pi: number[]): number[][] {
  const n = a.length;
  const b = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) b[pi[i]][pi[j]] = a[i][j];
  return b;
}

describe('rcmOrdering', () => {
  it('returns a permutation, and recovers a chain in any labelling (half-bandwidth 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer(), (n, salt) => {
        const chain = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 2 : Math.abs(i - j) === 1 ? -1 : 0)));
        const pi = Array.from({ length: n }, (_, i) => i).sort((x, y) => ((x * 7919 + salt) % 97) - ((y * 7919 + salt) % 97) || x - y);
        const csr = csrFromDense(relabel(chain, pi));
        const perm = rcmOrdering(csr);
        expect([...perm].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
        expect(halfBandwidth(csr, perm)).toBeLessThanOrEqual(1);
      }),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('orders relabelled block-banded matrices so that the banded Cholesky solves them like a dense LU', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 16 }),
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 16, maxLength: 16 }),
        (n, b, entries, rhs) => {
          // two uncoupled banded blocks, relabelled at random; RCM + banded Cholesky solves it like a dense LU
          const a = spdBanded(n, b, entries);
          for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if ((i < n / 2) !== (j < n / 2)) a[i][j] = 0;
          const pi = Array.from({ length: n }, (_, i) => (i * 5 + 3) % n);
          if (new Set(pi).size !== n) return;
          const shuffled = relabel(a, pi);
          const csr = csrFromDense(shuffled);
          const perm = rcmOrdering(csr);
          const x = factorBandedCholesky(csr, { ordering: perm }).solve(rhs.slice(0, n));
          const ref = mlSolve(new Matrix(shuffled), Matrix.columnVector(rhs.slice(0, n))).getColumn(0);
          for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(ref[i], 8);
        },
      ),
      { seed: SEED, numRuns: 150 },
    );
  });
});
