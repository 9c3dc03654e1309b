/**
 * The sparsity pictures' shades (sparsity-picture.ts): 16 steps of the log scale of |a_ij| between the smallest
 * and largest nonzero magnitude. Oracles: the scale's ends, and magnitudes at known fractions of the log range
 * (min · (max/min)^(k/15) is shade k by the definition round(15 · ln(a/min) / ln(max/min))).
 */
import { describe, expect, it } from 'vitest';
import { pixelShades, SHADES, shadeOf, SIZE } from '../src/ui/sparsity-picture';
import type { SparseMatrixView } from '../src/engine/protocol';

describe('sparsity shades', () => {
  it('maps the smallest magnitude to the lightest shade and the largest to the darkest', () => {
    expect(SHADES).toBe(16);
    expect(shadeOf(1e-9, 1e-9, 1e3)).toBe(0);
    expect(shadeOf(1e3, 1e-9, 1e3)).toBe(15);
  });

  it('puts min · (max/min)^(k/15) in shade k, whatever the span', () => {
    for (const [min, max] of [[1e-9, 1e3], [0.5, 2], [2e-10, 5e3]] as const) {
      for (let k = 0; k < 16; k++) expect(shadeOf(min * (max / min) ** (k / 15), min, max)).toBe(k);
    }
    // the geometric mean is half way on the log scale: 7.5 rounds up
    expect(shadeOf(1, 1e-3, 1e3)).toBe(8);
  });

  it('is the darkest when all magnitudes are equal, and clamps what lies outside the range', () => {
    expect(shadeOf(4, 4, 4)).toBe(15);
    expect(shadeOf(1e-20, 1e-9, 1)).toBe(0);
    expect(shadeOf(1e20, 1e-9, 1)).toBe(15);
    expect(shadeOf(0, 1e-9, 1)).toBe(0);
  });

  it('bins the entries of a matrix larger than the canvas per pixel, each pixel in the darkest shade of its entries, per sign', () => {
    // 2·SIZE rows: a cell is half a pixel, so entries (2i, 2j) … (2i+1, 2j+1) share pixel (i, j)
    const n = 2 * SIZE;
    const entries: [number, number, number][] = [
      [0, 0, 1],
      [1, 1, 100], // same pixel (0, 0), larger: its shade wins
      [0, 1, -1], // pixel (0, 0), the negative cells
      [n - 1, n - 1, 10], // pixel (SIZE − 1, SIZE − 1)
      [2, 5, 1], // row 2 → pixel row 1, column 5 → pixel column 2
    ];
    const m: SparseMatrixView = { rows: n, cols: n, rowIdx: Int32Array.from(entries, (e) => e[0]), colIdx: Int32Array.from(entries, (e) => e[1]), values: Float64Array.from(entries, (e) => e[2]) };
    const shade = (a: number) => shadeOf(a, 1, 100);
    const d = pixelShades(m, SIZE / n, 0, 0, shade);
    expect(d.length).toBe(2 * SIZE * SIZE);
    expect(d[0]).toBe(1 + 15); // 100 is the darkest of [1, 100]
    expect(d[SIZE * SIZE]).toBe(1 + 0); // −1: the lightest, negative
    expect(d[(SIZE - 1) * SIZE + SIZE - 1]).toBe(1 + shadeOf(10, 1, 100));
    expect(d[1 * SIZE + 2]).toBe(1);
    // nothing else drawn
    expect([...d].filter((x) => x > 0).length).toBe(4);
    // an offset (zoomed view): entries left of or above it fall outside
    const shifted = pixelShades(m, SIZE / n, 2, 2, shade);
    expect([...shifted].filter((x) => x > 0).length).toBe(2);
    // (2, 5) → pixel row (2 − 2)/2 = 0, column ⌊(5 − 2)/2⌋ = 1; (n − 1, n − 1) → ⌊(n − 3)/2⌋ = SIZE − 2
    expect(shifted[1]).toBe(1);
    expect(shifted[(SIZE - 2) * SIZE + SIZE - 2]).toBe(1 + shadeOf(10, 1, 100));
  });
});
