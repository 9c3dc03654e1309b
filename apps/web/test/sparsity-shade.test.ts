/**
 * The sparsity pictures' shades (sparsity-picture.ts): 16 steps of the log scale of |a_ij| between the smallest
 * and largest nonzero magnitude. Oracles: the scale's ends, and magnitudes at known fractions of the log range
 * (min · (max/min)^(k/15) is shade k by the definition round(15 · ln(a/min) / ln(max/min))).
 */
import { describe, expect, it } from 'vitest';
import { SHADES, shadeOf } from '../src/ui/sparsity-picture';

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
});
