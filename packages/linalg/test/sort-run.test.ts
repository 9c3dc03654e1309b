/**
 * sortRun sorts idx[start..end) in place and leaves the rest alone, for runs below and above SHORT_ROW (insertion
 * sort, then the typed array's sort), checked against Array.prototype.sort with a numeric comparator.
 */
import { seededRandom } from '@sysgraph/core';
import { describe, expect, it } from 'vitest';
import { sortRun } from '../src/index';

describe('sortRun', () => {
  it('sorts the run alone, short and long, with repeats', () => {
    const random = seededRandom(17);
    for (const length of [0, 1, 2, 5, 31, 32, 33, 200]) {
      const before = 3;
      const after = 4;
      const idx = Int32Array.from({ length: before + length + after }, () => Math.floor(random() * 50) - 10);
      const expected = Array.from(idx);
      const run = expected.slice(before, before + length).sort((a, b) => a - b);
      expected.splice(before, length, ...run);
      sortRun(idx, before, before + length);
      expect(Array.from(idx)).toEqual(expected);
    }
  });
});
