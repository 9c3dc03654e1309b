import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Matrix, solve as mlSolve } from 'ml-matrix';
import { chainOrdering, csrFromDense, factorBandedCholesky, factorTwistedTridiagonal, halfBandwidth, NotPositiveDefiniteError, tridiagonalEntries } from '../src/index';
import { SEED } from './helpers';

/** A random permutation of 0 … n − 1 from random keys. */
function permutationFrom(keys: number[], n: number): Int32Array {
  const idx = Array.from({ length: n }, (_, i) => i);
  idx.sort((a, b) => (keys[a % keys.length] + a * 1e-9) - (keys[b % keys.length] + b * 1e-9));
  return Int32Array.from(idx);
}

/** Dense A with P A Pᵀ = T (T(k, k) = diag[k], T(k + 1, k) = off[k]): a(perm[k], perm[k]) = diag[k], … */
function permutedDense(diag: number[], off: number[], perm: Int32Array): number[][] {
  const n = diag.length;
  const a = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let k = 0; k < n; k++) a[perm[k]][perm[k]] = diag[k];
  for (let k = 0; k + 1 < n; k++) {
    a[perm[k + 1]][perm[k]] = off[k];
    a[perm[k]][perm[k + 1]] = off[k];
  }
  return a;
}

describe('factorTwistedTridiagonal', () => {
  it('solves symmetric positive definite tridiagonal systems like a dense LU, permuted or not, in place', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 40, maxLength: 40 }),
        fc.array(fc.double({ min: 0.05, max: 3, noNaN: true }), { minLength: 40, maxLength: 40 }),
        fc.array(fc.double({ min: -5, max: 5, noNaN: true }), { minLength: 40, maxLength: 40 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 40, maxLength: 40 }),
        fc.boolean(),
        (n, offs, margins, rhsAll, keys, permuted) => {
          // diagonally dominant: a_k = |e_{k−1}| + |e_k| + margin > 0
          const off = offs.slice(0, n - 1);
          const diag = Array.from({ length: n }, (_, k) => Math.abs(off[k - 1] ?? 0) + Math.abs(off[k] ?? 0) + margins[k]);
          const perm = permuted ? permutationFrom(keys, n) : Int32Array.from({ length: n }, (_, i) => i);
          const a = permutedDense(diag, off, perm);
          const rhs = Float64Array.from(rhsAll.slice(0, n));
          const ref = mlSolve(new Matrix(a), Matrix.columnVector(Array.from(rhs))).getColumn(0);
          const f = factorTwistedTridiagonal(diag, off, permuted ? perm : undefined);
          const x = f.solve(rhs);
          for (let i = 0; i < n; i++) expect(x[i]).toBeCloseTo(ref[i], 9);
          // in place, and through the banded Cholesky with the entries read from the CSR in that order
          const again = Float64Array.from(rhs);
          expect(f.solve(again, again)).toBe(again);
          const banded = factorBandedCholesky(csrFromDense(a), { ordering: perm, bandwidth: 1 }).solve(rhs);
          for (let i = 0; i < n; i++) {
            expect(again[i]).toBeCloseTo(ref[i], 9);
            expect(banded[i]).toBeCloseTo(ref[i], 9);
          }
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('reads the tridiagonal of P A Pᵀ, scaled, and refuses entries outside the band', () => {
    const perm = Int32Array.from([2, 0, 3, 1]);
    const a = permutedDense([4, 5, 6, 7], [-1, -2, -3], perm);
    const t = tridiagonalEntries(csrFromDense(a), perm, -1);
    expect(Array.from(t.diagonal)).toEqual([-4, -5, -6, -7]);
    expect(Array.from(t.offDiagonal)).toEqual([1, 2, 3, 0]);
    expect(() => tridiagonalEntries(csrFromDense(a))).toThrow(/outside the half-bandwidth 1/);
  });

  it('throws NotPositiveDefiniteError naming the row of an indefinite matrix', () => {
    // T = tridiag(1, [1, 1, 1, 1], 1) is indefinite (eigenvalues 1 + 2 cos(kπ/5) include negatives)
    const diag = [1, 1, 1, 1, 1];
    const off = [1, 1, 1, 1];
    expect(() => factorTwistedTridiagonal(diag, off)).toThrow(NotPositiveDefiniteError);
    const neg = [-1, 2, 2];
    try {
      factorTwistedTridiagonal(neg, [0, 0], Int32Array.from([1, 2, 0]));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(NotPositiveDefiniteError);
      expect((e as NotPositiveDefiniteError).row).toBe(1);
    }
  });
});

describe('chainOrdering', () => {
  it('puts the paths of a relabelled union of chains end to end (half-bandwidth 1)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 60, maxLength: 60 }),
        (lengths, keys) => {
          const n = lengths.reduce((s, l) => s + l, 0);
          const diag = new Array<number>(n).fill(3);
          const off = new Array<number>(n - 1).fill(-1);
          // cut the chain into the given pieces
          let at = 0;
          for (const l of lengths.slice(0, -1)) off[(at += l) - 1] = 0;
          const perm = permutationFrom(keys, n);
          const a = csrFromDense(permutedDense(diag, off, perm));
          const order = chainOrdering(a);
          expect(order).toBeDefined();
          expect(Array.from(order!).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
          expect(halfBandwidth(a, order)).toBeLessThanOrEqual(1);
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('refuses a node with three neighbours and a cycle', () => {
    const star = [
      [3, 1, 1, 1],
      [1, 3, 0, 0],
      [1, 0, 3, 0],
      [1, 0, 0, 3],
    ];
    expect(chainOrdering(csrFromDense(star))).toBeUndefined();
    const ring = [
      [3, 1, 0, 1],
      [1, 3, 1, 0],
      [0, 1, 3, 1],
      [1, 0, 1, 3],
    ];
    expect(chainOrdering(csrFromDense(ring))).toBeUndefined();
  });
});
