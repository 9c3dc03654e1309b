import { seededRandom } from '@sysgraph/core';
import { describe, expect, it } from 'vitest';
import { rowSumProgram, runRowSumProgram } from '../src';

/** The definition: y_r = Σ coef·z[src] over row r, the terms in order from s = 0. */
function plainRowSums(ptr: Int32Array, src: Int32Array, coef: Float64Array, z: Float64Array, out: Float64Array, from: number, to: number): void {
  for (let r = from; r < to; r++) {
    let s = 0;
    for (let q = ptr[r]; q < ptr[r + 1]; q++) s += coef[q] * z[src[q]];
    out[r] = s;
  }
}

describe('rowSumProgram', () => {
  it('a small program by hand: widths 0, 1, 2, 4 and 6', () => {
    // rows: [] ; 2·z0 ; z1 − z2 ; z0 + z1 + z2 + z3 ; 1·z0 … 1·z5
    const ptr = Int32Array.of(0, 0, 1, 3, 7, 13);
    const src = Int32Array.of(0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5);
    const coef = Float64Array.of(2, 1, -1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    const z = Float64Array.of(1, 2, 3, 4, 5, 6);
    const out = new Float64Array(5).fill(99);
    runRowSumProgram(rowSumProgram(ptr, src, coef, 0, 5), z, out);
    expect(Array.from(out)).toEqual([0, 2, -1, 10, 21]);
  });

  it('rows outside [from, to) are left as they are', () => {
    const ptr = Int32Array.of(0, 1, 2, 3);
    const src = Int32Array.of(0, 1, 2);
    const coef = Float64Array.of(1, 1, 1);
    const out = Float64Array.of(7, 7, 7);
    runRowSumProgram(rowSumProgram(ptr, src, coef, 1, 2), Float64Array.of(1, 2, 3), out);
    expect(Array.from(out)).toEqual([7, 2, 7]);
  });

  it('equals the plain CSR loop bit for bit on seeded random programs (widths 0–9, signed zeros, infinities, NaN)', () => {
    const next = seededRandom(20261127);
    const special = [0, -0, Infinity, -Infinity, Number.NaN, 1e-300, -1e300];
    for (let trial = 0; trial < 40; trial++) {
      const rows = 1 + Math.floor(next() * 60);
      const cols = 1 + Math.floor(next() * 30);
      const ptr = new Int32Array(rows + 1);
      for (let r = 0; r < rows; r++) ptr[r + 1] = ptr[r] + Math.floor(next() * 10);
      const nnz = ptr[rows];
      const src = Int32Array.from({ length: nnz }, () => Math.floor(next() * cols));
      const coef = Float64Array.from({ length: nnz }, () => (next() < 0.1 ? special[Math.floor(next() * special.length)] : next() * 4 - 2));
      const z = Float64Array.from({ length: cols }, () => (next() < 0.15 ? special[Math.floor(next() * special.length)] : next() * 2e3 - 1e3));
      const from = Math.floor(next() * rows);
      const to = from + Math.floor(next() * (rows - from + 1));
      const expected = new Float64Array(rows).fill(5);
      const actual = new Float64Array(rows).fill(5);
      plainRowSums(ptr, src, coef, z, expected, from, to);
      runRowSumProgram(rowSumProgram(ptr, src, coef, from, to), z, actual);
      for (let r = 0; r < rows; r++) expect(Object.is(actual[r], expected[r]), `trial ${trial}, row ${r}`).toBe(true);
    }
  });
});
