import { seededRandom } from '@sysgraph/core';
import { describe, expect, it } from 'vitest';
import { offsetStencils, rowSumProgram, runRowSumProgram } from '../src';

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

  it('runs by column offset: the same bits as the CSR loop on seeded random programs of runs and scattered rows', () => {
    const next = seededRandom(20261128);
    const special = [0, -0, Infinity, -Infinity, Number.NaN, 1e-300, -1e300];
    const pick = () => (next() < 0.1 ? special[Math.floor(next() * special.length)] : next() * 4 - 2);
    let constantRuns = 0, perRowRuns = 0, runRowsSeen = 0;
    for (let trial = 0; trial < 60; trial++) {
      // rows built piece by piece: a run (1–40 rows of one width 0–6 and one set of offsets, its coefficients
      // equal on every row, equal in stretches, or drawn per row) or a scattered row of random columns
      const rowSrc: number[][] = [];
      const rowCoef: number[][] = [];
      const pieces = 1 + Math.floor(next() * 12);
      const reach = 1 + Math.floor(next() * 60);
      for (let piece = 0; piece < pieces; piece++) {
        const w = Math.floor(next() * 7);
        if (next() < 0.3) {
          rowSrc.push(Array.from({ length: w }, () => Math.floor(next() * reach)));
          rowCoef.push(Array.from({ length: w }, pick));
          continue;
        }
        const length = next() < 0.5 ? 1 + Math.floor(next() * 10) : 10 + Math.floor(next() * 31);
        // offsets negative, zero and beyond the rows (z is longer than the program)
        const offsets = Array.from({ length: w }, () => Math.floor(next() * 2 * reach) - reach);
        const mode = Math.floor(next() * 3);
        let shared = Array.from({ length: w }, pick);
        for (let k = 0; k < length; k++) {
          const r = rowSrc.length;
          if (mode === 1 && next() < 0.1) shared = Array.from({ length: w }, pick);
          rowSrc.push(offsets.map((o) => r + o));
          rowCoef.push(mode === 2 ? Array.from({ length: w }, pick) : [...shared]);
        }
      }
      const rows = rowSrc.length;
      // columns shifted so that every one is ≥ 0: the offsets stay those of the run
      const shift = reach;
      const ptr = new Int32Array(rows + 1);
      for (let r = 0; r < rows; r++) ptr[r + 1] = ptr[r] + rowSrc[r].length;
      const src = Int32Array.from(rowSrc.flat(), (c) => c + shift);
      const coef = Float64Array.from(rowCoef.flat());
      const cols = rows + 2 * reach + 1;
      const z = Float64Array.from({ length: cols }, () => (next() < 0.15 ? special[Math.floor(next() * special.length)] : next() * 2e3 - 1e3));
      const from = next() < 0.5 ? 0 : Math.floor(next() * rows);
      const to = next() < 0.5 ? rows : from + Math.floor(next() * (rows - from + 1));
      const expected = new Float64Array(rows).fill(5);
      const actual = new Float64Array(rows).fill(5);
      plainRowSums(ptr, src, coef, z, expected, from, to);
      const program = rowSumProgram(ptr, src, coef, from, to, { stencils: true });
      runRowSumProgram(program, z, actual);
      // without the search: no stencils, the same bits
      const plain = rowSumProgram(ptr, src, coef, from, to);
      expect(plain.stencils.length).toBe(0);
      const actualPlain = new Float64Array(rows).fill(5);
      runRowSumProgram(plain, z, actualPlain);
      for (let r = 0; r < rows; r++) expect(Object.is(actualPlain[r], expected[r]), `trial ${trial}, row ${r} (no stencils)`).toBe(true);
      for (let r = 0; r < rows; r++) expect(Object.is(actual[r], expected[r]), `trial ${trial}, row ${r}`).toBe(true);
      for (const stencil of program.stencils) {
        for (let s = 0; s < stencil.first.length; s++) {
          expect(stencil.first[s]).toBeGreaterThanOrEqual(from);
          expect(stencil.last[s]).toBeLessThan(to);
          runRowsSeen += stencil.last[s] - stencil.first[s] + 1;
        }
        if (stencil.constant) constantRuns += stencil.first.length;
        else perRowRuns += stencil.first.length;
      }
    }
    // the programs above did take both kinds of run, over many rows
    expect(constantRuns).toBeGreaterThan(20);
    expect(perRowRuns).toBeGreaterThan(10);
    expect(runRowsSeen).toBeGreaterThan(1000);
  });

  it('offsetStencils by hand: runs gathered by offsets and coefficients, the rest scattered', () => {
    // rows 0 … 19 of width 3 reading z at r − 1, r, r + 40 with (1, −2, 1) (row 0 reads 0, 0, 40: a run of its own);
    // rows 20 … 29 at r − 2, r, r + 40 with coefficients of their own; row 30 of width 1 reads z at 3 (offset −27);
    // rows 31 … 34 at r − 1, r, r + 40 with (1, −2, 1) again: the first stencil's second segment
    const ptr: number[] = [0];
    const src: number[] = [];
    const coef: number[] = [];
    const row = (s: number[], c: number[]) => {
      src.push(...s);
      coef.push(...c);
      ptr.push(src.length);
    };
    for (let r = 0; r < 20; r++) row(r === 0 ? [0, 0, 40] : [r - 1, r, r + 40], [1, -2, 1]);
    for (let r = 20; r < 30; r++) row([r - 2, r, r + 40], [r, -r, 0.5]);
    row([3], [7]);
    for (let r = 31; r < 35; r++) row([r - 1, r, r + 40], [1, -2, 1]);
    const program = [Int32Array.from(ptr), Int32Array.from(src), Float64Array.from(coef)] as const;
    const all = offsetStencils(...program, 0, 35, 1, 4, 1);
    expect(all.map((t) => [Array.from(t.first), Array.from(t.last), Array.from(t.offsets), t.constant])).toEqual([
      [[0], [0], [0, 0, 40], true],
      [[1, 31], [19, 34], [-1, 0, 40], true],
      [[20], [29], [-2, 0, 40], false],
      [[30], [30], [-27], true],
    ]);
    expect(Array.from(all[1].coef)).toEqual([1, -2, 1]);
    expect(Array.from(all[2].coef.subarray(0, 6))).toEqual([20, -20, 0.5, 21, -21, 0.5]);
    // at least 8 rows: the stencils of one row are dropped (their rows are the caller's scattered rows)
    expect(offsetStencils(...program, 0, 35, 1, 4, 8).map((t) => Array.from(t.first))).toEqual([[1, 31], [20]]);
    // −0 is not 0: with coefficients (0, −2, 1) on rows 1 … 19 and 31 … 34 but (−0, −2, 1) on row 10, rows 1 … 19 take
    // per-row coefficients, and the constants keep rows 31 … 34 only
    const signed = Float64Array.from(coef);
    for (let r = 1; r < 35; r++) if (r < 20 || r > 30) signed[ptr[r]] = r === 10 ? -0 : 0;
    const split = offsetStencils(program[0], program[1], signed, 0, 35, 1, 4, 1);
    const segments = (constant: boolean) => split.filter((t) => t.constant === constant && t.offsets[0] === -1).map((t) => [Array.from(t.first), Array.from(t.last)]);
    expect(segments(true)).toEqual([[[31], [34]]]);
    expect(segments(false)).toEqual([[[1], [19]]]);
  });
});
