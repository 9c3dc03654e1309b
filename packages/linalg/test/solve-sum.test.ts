/**
 * SparseLU.solveSum: x = A⁻¹ b with b = s·(f + d·g + c) formed inside the solve (chain-factors.ts's stageSum) equals,
 * bit for bit (Object.is), the plain solve of b formed by a pass of its own — on chain factors (scrambled tridiagonal
 * matrices in their RCM order) and on the same factors through the general kernels, and on general sparse matrices
 * (seeded fast-check cases with row pivoting), for every form (g and c present or absent), with zeros and −0 (the
 * skipped updates of both passes, the sign of a zero). Wrong lengths are typed errors.
 */
import { SysgraphError, seededRandom } from '@sysgraph/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csrFromTriplets, factorSparseLU, rcmOrdering } from '../src/index';
import type { SparseLU } from '../src/index';
import { SparseLUFactors } from '../src/sparse/sparse-lu';
import { SEED, arbNonsingular, nonsingularTriplets, sameBits, scrambledTridiagonal, shuffled } from './helpers';

/** b = s·(f + d·g + c) by a pass of its own, term by term left to right, the absent terms left out. */
function formed(s: number, f: Float64Array, d: number, g: Float64Array | null, c: Float64Array | null): Float64Array {
  return Float64Array.from(f, (fi, i) => {
    let sum = fi;
    if (g) sum = sum + d * g[i];
    if (c) sum = sum + c[i];
    return s * sum;
  });
}

/** Vectors with zeros, −0 and a run of zeros (the skipped updates of both passes), and large and tiny entries. */
function vector(n: number, random: () => number, zeros: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => {
    const u = random();
    if (u < zeros / 2) return 0;
    if (u < zeros) return -0;
    if (i % 11 === 5) return (random() - 0.5) * 1e12;
    return random() - 0.5;
  });
}

/** solveSum against the plain solve of the formed b, for the four forms and s, d of either sign. */
function checkForms(lu: SparseLU, n: number, random: () => number, label: string): void {
  for (const zeros of [0, 0.5, 1]) {
    const f = vector(n, random, zeros);
    const g = vector(n, random, zeros);
    const c = vector(n, random, zeros);
    for (const [s, d] of [
      [0.25e-3, -0.1043e-3],
      [-3, 0],
      [1, 1e-300],
    ]) {
      for (const [gi, ci] of [
        [g, c],
        [g, null],
        [null, c],
        [null, null],
      ] as const) {
        const x = lu.solveSum(s, f, d, gi, ci, new Float64Array(n));
        const expected = lu.solve(formed(s, f, d, gi, ci), new Float64Array(n));
        sameBits(x, expected, `${label}, zeros ${zeros}, s ${s}, d ${d}, g ${gi ? 'yes' : 'no'}, c ${ci ? 'yes' : 'no'}`);
      }
    }
    // the out argument is written whole, whatever it held
    const out = Float64Array.from(f, () => NaN);
    sameBits(lu.solveSum(0.5, f, 2, g, c, out), lu.solve(formed(0.5, f, 2, g, c), new Float64Array(n)), `${label}: out reused`);
  }
}

describe('solveSum', () => {
  const random = seededRandom(1313);
  for (const n of [2, 3, 40, 500]) {
    it(`chain factors, n = ${n}: bit for bit the plain solve of the formed b, by the chain and by the general kernels`, () => {
      const perm = shuffled(n, random);
      const off = () => (random() < 0.2 ? 0 : random() - 0.5);
      const a = scrambledTridiagonal(n, perm, () => 2 + random(), off);
      const lu = factorSparseLU(a, { ordering: rcmOrdering(a) }) as SparseLUFactors;
      expect(lu.chain).toBe(true);
      checkForms(lu, n, random, 'chain');
      const d = lu.data;
      const plain = new SparseLUFactors(d, { chain: false });
      expect(plain.chain).toBe(false);
      checkForms(plain, n, random, 'general kernels');
    });
  }

  it('general sparse matrices (row pivoting, AMD): bit for bit the plain solve of the formed b', () => {
    let checked = 0;
    fc.assert(
      fc.property(arbNonsingular(40, { permuteRows: true }), (c) => {
        const { ri, ci, v } = nonsingularTriplets(c);
        const lu = factorSparseLU(csrFromTriplets(c.n, c.n, ri, ci, v), { ordering: 'amd' });
        checkForms(lu, c.n, seededRandom(c.n + checked++), 'general');
      }),
      { seed: SEED, numRuns: 60 },
    );
    expect(checked).toBe(60);
  });

  it('wrong lengths are typed errors', () => {
    const a = scrambledTridiagonal(5, shuffled(5, random), () => 3, () => 1);
    const lu = factorSparseLU(a, { ordering: rcmOrdering(a) });
    const ok = new Float64Array(5);
    const short = new Float64Array(4);
    for (const call of [
      () => lu.solveSum(1, short, 1, ok, ok, ok),
      () => lu.solveSum(1, ok, 1, short, ok, ok),
      () => lu.solveSum(1, ok, 1, ok, short, ok),
      () => lu.solveSum(1, ok, 1, ok, ok, short),
    ]) {
      expect(call).toThrow(SysgraphError);
      try {
        call();
      } catch (e) {
        expect((e as SysgraphError).code).toBe('bad-value');
      }
    }
  });
});
