/**
 * The structured paths of csrMul (zero operand, diagonal pattern on either side, scaled selection on the right)
 * and of csrAdd (an empty operand), against the dense product and sum. Each entry of such a product is one
 * product a_ik b_kj, so the results must equal the dense reference exactly.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkCsr, csrAdd, csrBlocks, csrFromTriplets, csrIdentity, csrMul, csrToDense, csrZeros } from '../src/index';
import type { CsrMatrix } from '../src/index';
import { SEED, arbTriplets, denseMul, tripletsToCsr, tripletsToDense, zeros } from './helpers';

const RUNS = { seed: SEED, numRuns: 150 };

/** Dense form with −0 read as 0 (a stored −0 and an absent entry are the same number). */
function dense(a: CsrMatrix): number[][] {
  return unsigned(csrToDense(a));
}

function unsigned(m: number[][]): number[][] {
  return m.map((row) => row.map((x) => (x === 0 ? 0 : x)));
}

/** A diagonal-pattern n×n matrix: row i stores (i, d_i) when keep(i), else nothing. */
function diagonalPattern(n: number, keep: (i: number) => boolean, d: (i: number) => number): CsrMatrix {
  const ri: number[] = [];
  const v: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!keep(i)) continue;
    ri.push(i);
    v.push(d(i));
  }
  return csrFromTriplets(n, n, ri, ri, v);
}

/** An n×m scaled selection: row k stores (perm[k], s_k) for the rows kept. perm must be injective. */
function selection(n: number, m: number, perm: number[], keep: (k: number) => boolean, s: (k: number) => number): CsrMatrix {
  const ri: number[] = [];
  const ci: number[] = [];
  const v: number[] = [];
  for (let k = 0; k < n; k++) {
    if (!keep(k)) continue;
    ri.push(k);
    ci.push(perm[k]);
    v.push(s(k));
  }
  return csrFromTriplets(n, m, ri, ci, v);
}

/** A seeded permutation of 0..m−1 (Fisher–Yates on a linear congruential sequence). */
function permutation(m: number, salt: number): number[] {
  const p = Array.from({ length: m }, (_, i) => i);
  let x = salt + 1;
  for (let i = m - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [p[i], p[j]] = [p[j], p[i]];
  }
  return p;
}

describe('csrMul: structured operands', () => {
  it('a diagonal-pattern left or right factor (rows may be empty) gives the dense product exactly', () => {
    fc.assert(
      fc.property(arbTriplets(10, 10, 3), fc.nat(1000), (t, salt) => {
        const a = tripletsToCsr(t);
        const left = diagonalPattern(t.rows, (i) => (i + salt) % 3 !== 0, (i) => ((i * 7 + salt) % 11) - 5.5);
        const right = diagonalPattern(t.cols, (j) => (j + salt) % 4 !== 1, (j) => ((j * 5 + salt) % 7) - 3.25);
        const dl = csrMul(left, a);
        const dr = csrMul(a, right);
        expect(() => checkCsr(dl)).not.toThrow();
        expect(() => checkCsr(dr)).not.toThrow();
        expect(dense(dl)).toEqual(unsigned(denseMul(dense(left), tripletsToDense(t))));
        expect(dense(dr)).toEqual(unsigned(denseMul(tripletsToDense(t), dense(right))));
      }),
      RUNS,
    );
  });

  it('a scaled selection on the right (empty rows, any column order) gives the dense product exactly', () => {
    fc.assert(
      fc.property(arbTriplets(10, 10, 4), fc.integer({ min: 0, max: 5 }), fc.nat(1000), (t, extra, salt) => {
        const a = tripletsToCsr(t);
        const m = t.cols + extra;
        const perm = permutation(m, salt);
        const s = selection(t.cols, m, perm, (k) => (k + salt) % 5 !== 2, (k) => ((k * 3 + salt) % 9) - 4.5);
        const c = csrMul(a, s);
        expect(() => checkCsr(c)).not.toThrow();
        expect(dense(c)).toEqual(unsigned(denseMul(tripletsToDense(t), dense(s))));
      }),
      RUNS,
    );
  });

  it('long rows through a reversing selection (past the insertion-sort length) stay sorted and exact', () => {
    const n = 80;
    const ri: number[] = [];
    const ci: number[] = [];
    const v: number[] = [];
    for (let i = 0; i < 3; i++) for (let j = 0; j < n; j++) if ((i + j) % 2 === 0 || i === 2) (ri.push(i), ci.push(j), v.push(j + 1 + i / 8));
    const a = csrFromTriplets(3, n, ri, ci, v);
    const reverse = selection(n, n, Array.from({ length: n }, (_, k) => n - 1 - k), () => true, (k) => (k % 2 === 0 ? 2 : -0.5));
    const c = csrMul(a, reverse);
    expect(() => checkCsr(c)).not.toThrow();
    expect(dense(c)).toEqual(unsigned(denseMul(dense(a), dense(reverse))));
  });

  it('a selection that reuses a column is a general product (duplicates summed)', () => {
    const a = csrFromTriplets(2, 3, [0, 0, 0, 1], [0, 1, 2, 1], [1, 2, 4, 8]);
    const b = csrFromTriplets(3, 2, [0, 1, 2], [1, 1, 0], [1, 1, 1]);
    expect(dense(csrMul(a, b))).toEqual([
      [4, 3],
      [0, 8],
    ]);
  });

  it('a zero operand gives an empty product of the right shape', () => {
    const a = csrIdentity(3);
    const z = csrZeros(3, 4);
    const p = csrMul(a, z);
    expect([p.rows, p.cols, p.nnz]).toEqual([3, 4, 0]);
    const q = csrMul(csrZeros(2, 3), a);
    expect([q.rows, q.cols, q.nnz]).toEqual([2, 3, 0]);
  });
});

describe('csrAdd and csrBlocks: empty operands and blocks', () => {
  it('α A + β 0 = α A and α 0 + β B = β B', () => {
    fc.assert(
      fc.property(arbTriplets(8, 8), fc.double({ min: -3, max: 3, noNaN: true }), (t, alpha) => {
        const a = tripletsToCsr(t);
        const z = csrZeros(t.rows, t.cols);
        const ref = unsigned(tripletsToDense(t).map((row) => row.map((x) => alpha * x)));
        expect(dense(csrAdd(alpha, a, 2, z))).toEqual(ref);
        expect(dense(csrAdd(2, z, alpha, a))).toEqual(ref);
        expect(dense(csrAdd(1, a, -1, z))).toEqual(unsigned(tripletsToDense(t)));
      }),
      RUNS,
    );
  });

  it('blocks with no entries pad the result with zeros', () => {
    const a = csrFromTriplets(2, 2, [0, 1, 1], [1, 0, 1], [1, 2, 3]);
    const m = csrBlocks([
      [csrZeros(2, 1), a, csrZeros(2, 2)],
      [csrZeros(1, 1), csrZeros(1, 2), csrZeros(1, 2)],
    ]);
    expect(() => checkCsr(m)).not.toThrow();
    const ref = zeros(3, 5);
    ref[0][2] = 1;
    ref[1][1] = 2;
    ref[1][2] = 3;
    expect(dense(m)).toEqual(ref);
  });
});
