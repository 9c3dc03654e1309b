/**
 * Reverse Cuthill–McKee by walking (path-rcm-ordering.ts): on seeded random unions of paths in shuffled labellings
 * (lone nodes, one-sided entries a_ij without a_ji, stored diagonals or not) the walk gives the very permutation of
 * the breadth-first searches (cuthillMcKeeOrdering); cycles and nodes of three neighbours are left to the searches.
 */
import { seededRandom } from '@sysgraph/core';
import { describe, expect, it } from 'vitest';
import { CsrMatrix, chainOrdering, rcmOrdering } from '../src/index';
import { cuthillMcKeeOrdering } from '../src/sparse/rcm-ordering';
import { pathRcmOrdering } from '../src/sparse/path-rcm-ordering';
import { shuffled } from './helpers';

/** The pattern of entries (i, j), values 1, rows sorted. */
function pattern(n: number, entries: [number, number][]): CsrMatrix {
  const rows = Array.from({ length: n }, () => new Set<number>());
  for (const [i, j] of entries) rows[i].add(j);
  const rowPtr = new Int32Array(n + 1);
  const colIdx: number[] = [];
  for (let i = 0; i < n; i++) {
    colIdx.push(...[...rows[i]].sort((x, y) => x - y));
    rowPtr[i + 1] = colIdx.length;
  }
  return new CsrMatrix(n, n, rowPtr, Int32Array.from(colIdx), new Float64Array(colIdx.length).fill(1));
}

/** Paths of random lengths over a shuffled labelling; each edge stored both ways or one way only; `cycle`: close the last path. */
function randomPaths(n: number, random: () => number, cycle = false): CsrMatrix {
  const label = shuffled(n, random);
  const entries: [number, number][] = [];
  let start = 0;
  while (start < n) {
    const length = 1 + Math.floor(random() * Math.min(n - start, random() < 0.3 ? 3 : n));
    for (let k = start; k < start + length; k++) {
      if (random() < 0.7) entries.push([label[k], label[k]]);
      if (k + 1 < start + length) {
        const side = random();
        if (side < 0.8 || side < 0.9) entries.push([label[k], label[k + 1]]);
        if (side < 0.8 || side >= 0.9) entries.push([label[k + 1], label[k]]);
      }
    }
    if (cycle && start + length === n && length >= 3) entries.push([label[n - 1], label[start]]);
    start += length;
  }
  return pattern(n, entries);
}

describe('reverse Cuthill–McKee on paths, by walking', () => {
  it('equals the breadth-first searches on seeded random unions of paths', () => {
    const random = seededRandom(7319);
    for (let trial = 0; trial < 300; trial++) {
      const n = 1 + Math.floor(random() * (trial < 200 ? 40 : 500));
      const a = randomPaths(n, random);
      const walked = pathRcmOrdering(a);
      expect(walked, `trial ${trial}`).toBeDefined();
      expect(Array.from(walked!), `trial ${trial}`).toEqual(Array.from(cuthillMcKeeOrdering(a)));
      expect(Array.from(rcmOrdering(a))).toEqual(Array.from(walked!));
    }
  });

  it('leaves cycles and nodes of three neighbours to the searches', () => {
    const random = seededRandom(11);
    let cycles = 0;
    for (let trial = 0; trial < 100; trial++) {
      const a = randomPaths(3 + Math.floor(random() * 30), random, true);
      if (chainOrdering(a) !== undefined) continue; // the last path was too short to close
      cycles++;
      expect(pathRcmOrdering(a)).toBeUndefined();
      expect(Array.from(rcmOrdering(a))).toEqual(Array.from(cuthillMcKeeOrdering(a)));
    }
    expect(cycles).toBeGreaterThan(20);
    // a star: the centre has three neighbours
    const star = pattern(4, [[0, 1], [0, 2], [0, 3], [1, 0], [2, 0], [3, 0]]);
    expect(pathRcmOrdering(star)).toBeUndefined();
    expect(Array.from(rcmOrdering(star))).toEqual(Array.from(cuthillMcKeeOrdering(star)));
  });

  it('orders components by their smallest index, each from its end of larger index', () => {
    // paths 5 – 0 – 3 and 1 – 2 – 4: the walks 3 0 5 and 1 2 4, concatenated and reversed
    const a = pattern(6, [[5, 0], [0, 3], [1, 2], [2, 4]]);
    expect(Array.from(rcmOrdering(a))).toEqual([4, 2, 1, 5, 0, 3]);
    expect(Array.from(cuthillMcKeeOrdering(a))).toEqual([4, 2, 1, 5, 0, 3]);
  });
});
