/**
 * Chain factors (chain-factors.ts): a tridiagonal matrix in a scrambled numbering, ordered along its chain, has
 * bidiagonal factors; the chain kernels' solves and in-place refactorisations equal the general kernels' bit for bit
 * (the same factorisation with `chain: false`), and solve A x = b (residual against A itself).
 */
import { seededRandom } from '@sysgraph/core';
import { describe, expect, it } from 'vitest';
import { csrResidual, sameBits, scrambledTridiagonal, shuffled } from './helpers';
import { CsrMatrix, factorSparseLU, rcmOrdering, refactorSparseLU } from '../src/index';
import { SparseLUFactors } from '../src/sparse/sparse-lu';
import type { RefactorPath } from '../src/index';

function general(lu: SparseLUFactors): SparseLUFactors {
  const d = lu.data;
  return new SparseLUFactors({ ...d, lVal: Float64Array.from(d.lVal), uVal: Float64Array.from(d.uVal), uDiag: Float64Array.from(d.uDiag) }, { chain: false });
}


describe('chain factors', () => {
  const random = seededRandom(4242);
  for (const n of [2, 3, 17, 400]) {
    it(`n = ${n}: chain kernels equal the general ones bit for bit, through refactorisations in place`, () => {
      const perm = shuffled(n, random);
      // off-diagonals with zeros among them (the skipped updates), diagonals dominant
      const off = () => (random() < 0.2 ? 0 : random() - 0.5);
      const a0 = scrambledTridiagonal(n, perm, () => 2 + random(), off);
      const lu = factorSparseLU(a0, { ordering: rcmOrdering(a0) }) as SparseLUFactors;
      expect(lu.chain).toBe(true);
      const plain = general(lu);
      expect(plain.chain).toBe(false);
      const bs = [
        Float64Array.from({ length: n }, (_, i) => Math.cos(i)),
        Float64Array.from({ length: n }, (_, i) => (i === perm[n >> 1] ? 1 : 0)),
        Float64Array.from({ length: n }, (_, i) => (i % 3 === 0 ? -0 : 0)),
      ];
      for (const b of bs) {
        const x1 = lu.solve(b);
        sameBits(x1, plain.solve(b), 'x');
        expect(csrResidual(a0, x1, b)).toBeLessThan(1e-12);
      }
      // new values on the same pattern (an explicit 0 on an off-diagonal among them), both refactorised in place
      for (let round = 0; round < 4; round++) {
        const a = new CsrMatrix(n, n, a0.rowPtr, a0.colIdx, Float64Array.from(a0.values, (v, p) => (v === 0 ? 0 : v * (0.5 + random()))));
        const o1 = { path: 'pattern' as RefactorPath };
        const o2 = { path: 'pattern' as RefactorPath };
        const r1 = refactorSparseLU(lu, a, o1, { inPlace: true }) as SparseLUFactors;
        const r2 = refactorSparseLU(plain, a, o2, { inPlace: true }) as SparseLUFactors;
        expect(o1.path).toBe(o2.path);
        expect(r1.chain).toBe(o1.path === 'numeric' ? true : r1.chain);
        sameBits(r1.data.lVal, r2.data.lVal, 'lVal');
        sameBits(r1.data.uVal, r2.data.uVal, 'uVal');
        sameBits(r1.data.uDiag, r2.data.uDiag, 'uDiag');
        for (const b of bs) {
          const x = r1.solve(b);
          sameBits(x, r2.solve(b), 'x after refactorisation');
          expect(csrResidual(a, x, b)).toBeLessThan(1e-12);
        }
        // the out argument may be b itself
        const b = Float64Array.from(bs[0]);
        const expected = r2.solve(bs[0]);
        sameBits(r1.solve(b, b), expected, 'x in place');
      }
    });
  }

  it('a kept pivot that fails the threshold test: both refactorisations fall back alike and still solve', () => {
    const n = 12;
    const perm = shuffled(n, random);
    const a0 = scrambledTridiagonal(n, perm, () => 4, () => 1);
    const lu = factorSparseLU(a0, { ordering: rcmOrdering(a0) }) as SparseLUFactors;
    const plain = general(lu);
    // tiny diagonals: the first kept pivot is below 0.1 of the entry under it
    const tiny = scrambledTridiagonal(n, perm, () => 1e-6, () => 1);
    const o1 = { path: 'numeric' as RefactorPath };
    const o2 = { path: 'numeric' as RefactorPath };
    const r1 = refactorSparseLU(lu, tiny, o1, { inPlace: true });
    const r2 = refactorSparseLU(plain, tiny, o2, { inPlace: true });
    expect(o1.path).toBe('pivots');
    expect(o2.path).toBe('pivots');
    const b = Float64Array.from({ length: n }, (_, i) => i + 1);
    sameBits(r1.solve(b), r2.solve(b), 'x');
    expect(csrResidual(tiny, r1.solve(b), b)).toBeLessThan(1e-9);
  });

  it('factors with fill or a wider column are not chains', () => {
    // a 4-cycle (a corner entry): its factors fill in whatever the order
    const rowPtr = Int32Array.from([0, 3, 6, 9, 12]);
    const colIdx = Int32Array.from([0, 1, 3, 0, 1, 2, 1, 2, 3, 0, 2, 3]);
    const cyc = new CsrMatrix(4, 4, rowPtr, colIdx, Float64Array.from({ length: 12 }, (_, p) => ([0, 4, 7, 11].includes(p) ? 4 : -1)));
    const lu = factorSparseLU(cyc, { ordering: rcmOrdering(cyc) }) as SparseLUFactors;
    expect(lu.chain).toBe(false);
  });
});
