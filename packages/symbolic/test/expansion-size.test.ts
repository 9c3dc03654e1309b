/**
 * Expansion sizes (cost/expansion-size.ts) are upper bounds of what the exact arithmetic produces: on seeded
 * random matrices of rational functions the estimated numerator and denominator terms and degrees of sums,
 * products and inverses are at least those of the computed results (the oracle: the exact product and
 * inverse); a diagonal inverse is estimated exactly; the weight threshold separates the 2-section ladder's entries
 * (small) from a dense inverse of a 6×6 loop-resistance matrix (not small).
 */
import { seededRandom } from '@sysgraph/core';
import { all, create } from 'mathjs';
import { describe, expect, it } from 'vitest';
import {
  FieldMatrix, RationalFunction, VariableSet, addSize, entrySize, entryWeight, inverse, inverseSizes, isSmallExpansion, mulSize, parseRational,
  productSizes, rationalFunctionField, sizeMatrix,
} from '../src/index';
import type { EntrySize } from '../src/index';

const math = create(all);
const vars = VariableSet.of(['a', 'b', 'c', 'd', 'e']);
const rf = rationalFunctionField(vars);
const p = (s: string) => parseRational(s, vars, math);

const POOL = ['0', '0', '1', '-1', 'a', 'b + c', '1/a', '1/(b + d)', 'a*e', '2*c - d', '(a + b)/c', 'e'];
function randomMatrix(r: number, c: number, next: () => number): RationalFunction[][] {
  return Array.from({ length: r }, () => Array.from({ length: c }, () => p(POOL[Math.floor(next() * POOL.length)])));
}

const bounds = (estimate: EntrySize, actual: RationalFunction) => {
  if (actual.isZero()) return;
  expect(estimate.n).toBeGreaterThanOrEqual(actual.num.size);
  expect(estimate.d).toBeGreaterThanOrEqual(actual.den.size);
  expect(estimate.g).toBeGreaterThanOrEqual(Math.max(actual.num.degree(), actual.den.degree()));
};

describe('expansion sizes', () => {
  it('sums and products: the estimate bounds the exact result', () => {
    const next = seededRandom(7);
    for (let trial = 0; trial < 40; trial++) {
      const x = randomMatrix(3, 4, next);
      const y = randomMatrix(4, 3, next);
      const exact = FieldMatrix.fromRows(rf, x).mul(FieldMatrix.fromRows(rf, y));
      const est = productSizes(sizeMatrix(x), sizeMatrix(y), 4);
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) bounds(est[i][j], exact.get(i, j));
      const s = rf.add(x[0][0], y[0][0]);
      bounds(addSize(entrySize(x[0][0]), entrySize(y[0][0])), s);
      bounds(mulSize(entrySize(x[1][1]), entrySize(y[1][1])), rf.mul(x[1][1], y[1][1]));
    }
  });

  it('inverses: diagonal exactly, dense as an upper bound', () => {
    const diag = [[p('a + b'), p('0')], [p('0'), p('1/(c*d)')]];
    const est = inverseSizes(sizeMatrix(diag));
    const exact = inverse(FieldMatrix.fromRows(rf, diag));
    expect([est[0][0].n, est[0][0].d]).toEqual([exact.get(0, 0).num.size, exact.get(0, 0).den.size]);
    expect([est[1][1].n, est[1][1].d]).toEqual([exact.get(1, 1).num.size, exact.get(1, 1).den.size]);
    const next = seededRandom(11);
    for (let trial = 0; trial < 20; trial++) {
      const x = randomMatrix(3, 3, next).map((row, i) => row.map((v, j) => (i === j ? rf.add(v, p('a + 3')) : v)));
      let exactInv: FieldMatrix<RationalFunction>;
      try {
        exactInv = inverse(FieldMatrix.fromRows(rf, x));
      } catch {
        continue;
      }
      const e = inverseSizes(sizeMatrix(x));
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) bounds(e[i][j], exactInv.get(i, j));
    }
  });

  it('small: the 2-section ladder’s inverse entries; not small: a dense 6×6 loop-resistance inverse', () => {
    const v = VariableSet.of(['Ra1', 'Ra2', 'Rb1', 'Rb2', 'Ra3', 'Ra4', 'Ra5', 'Ra6', 'Rb3', 'Rb4', 'Rb5', 'Rb6']);
    const f = rationalFunctionField(v);
    const q = (s: string) => parseRational(s, v, math);
    const R2 = [[q('Ra1 + Rb1'), q('Ra1')], [q('Ra1'), q('Ra1 + Ra2 + Rb2')]];
    expect(isSmallExpansion(inverseSizes(sizeMatrix(R2)))).toBe(true);
    const sumTo = (k: number) => Array.from({ length: k }, (_, l) => `Ra${l + 1}`).join(' + ');
    const R6 = Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => q(i === j ? `${sumTo(i + 1)} + Rb${i + 1}` : sumTo(Math.min(i, j) + 1))));
    expect(isSmallExpansion(inverseSizes(sizeMatrix(R6)))).toBe(false);
    expect(entryWeight(entrySize(f.zero))).toBe(0);
  });
});
