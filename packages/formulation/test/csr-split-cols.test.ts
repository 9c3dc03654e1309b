/**
 * csrSplitCols (the sparse backend's one-pass column split) against one selectCols per block, on seeded random
 * CSR matrices with explicit zeros and with empty, zero-width and all-holding blocks.
 */
import { describe, expect, it } from 'vitest';
import { csrFromTriplets, csrToDense } from '@sysgraph/linalg';
import type { CsrMatrix } from '@sysgraph/linalg';
import { seededRandom } from '@sysgraph/core';
import { csrSplitCols } from '../src/algebra/csr-split-cols';
import { sparseAlgebra } from '../src/algebra/sparse-algebra';

const plain = (m: CsrMatrix) => ({ rows: m.rows, cols: m.cols, rowPtr: [...m.rowPtr], colIdx: [...m.colIdx], values: [...m.values] });

describe('csrSplitCols', () => {
  it('gives the blocks of one selectCols each (seeded)', () => {
    const alg = sparseAlgebra();
    const splitBySelect = (a: CsrMatrix, widths: number[]) => {
      let c0 = 0;
      return widths.map((w) => {
        const cols = Int32Array.from({ length: w }, (_, i) => c0 + i);
        c0 += w;
        return alg.selectCols(a, cols);
      });
    };
    const rand = seededRandom(4242);
    for (let trial = 0; trial < 400; trial++) {
      const nb = 1 + Math.floor(rand() * 5);
      const widths = Array.from({ length: nb }, () => (rand() < 0.3 ? 0 : 1 + Math.floor(rand() * 4)));
      const cols = widths.reduce((s, w) => s + w, 0);
      const rows = Math.floor(rand() * 6);
      const ri: number[] = [];
      const ci: number[] = [];
      const v: number[] = [];
      // Entries in all columns, or only in one block (the shared-arrays path).
      const only = rand() < 0.3 ? Math.floor(rand() * nb) : -1;
      const lo = only < 0 ? 0 : widths.slice(0, only).reduce((s, w) => s + w, 0);
      const hi = only < 0 ? cols : lo + widths[only];
      for (let i = 0; i < rows; i++) {
        for (let j = lo; j < hi; j++) {
          if (rand() < 0.4) {
            ri.push(i);
            ci.push(j);
            v.push(rand() < 0.1 ? 0 : Math.round(rand() * 20 - 10));
          }
        }
      }
      const a = csrFromTriplets(rows, cols, ri, ci, v);
      const got = csrSplitCols(a, widths);
      const want = splitBySelect(a, widths);
      expect(got.map(plain)).toEqual(want.map(plain));
      expect(got.map(csrToDense)).toEqual(want.map(csrToDense));
    }
  });

  it('rejects widths that do not add up to the columns', () => {
    const a = csrFromTriplets(2, 3, [0], [1], [1]);
    expect(() => csrSplitCols(a, [1, 1])).toThrow(RangeError);
  });
});
