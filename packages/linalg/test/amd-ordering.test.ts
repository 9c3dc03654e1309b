import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amdOrdering, csrFromTriplets, factorSparseLU } from '../src/index';
import type { CsrMatrix } from '../src/index';
import { SEED, arbTriplets, gridLaplacian, tripletsToCsr } from './helpers';

function isPermutation(p: Int32Array, n: number): boolean {
  if (p.length !== n) return false;
  const seen = new Uint8Array(n);
  for (const i of p) {
    if (i < 0 || i >= n || seen[i]) return false;
    seen[i] = 1;
  }
  return true;
}

/**
 * nnz of the Cholesky factor L (diagonal included) of a symmetric pattern eliminated in the order perm,
 * by explicit symbolic elimination on sets: an algorithm independent of the package.
 */
function choleskyFill(a: CsrMatrix, perm: ArrayLike<number>): number {
  const n = a.rows;
  const pos = new Array<number>(n);
  for (let k = 0; k < n; k++) pos[perm[k]] = k;
  const adj: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  for (let i = 0; i < n; i++) {
    for (let p = a.rowPtr[i]; p < a.rowPtr[i + 1]; p++) {
      const j = a.colIdx[p];
      if (i === j) continue;
      adj[pos[i]].add(pos[j]);
      adj[pos[j]].add(pos[i]);
    }
  }
  let nnz = 0;
  for (let k = 0; k < n; k++) {
    const later = [...adj[k]].filter((j) => j > k);
    nnz += 1 + later.length;
    for (const i of later) for (const j of later) if (i !== j) adj[i].add(j);
  }
  return nnz;
}

const natural = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('amdOrdering', () => {
  it('returns a permutation on random patterns (unsymmetric, with empty rows and columns)', () => {
    fc.assert(
      fc.property(arbTriplets(60, 60, 4), (t) => {
        const n = Math.max(t.rows, t.cols);
        const a = tripletsToCsr({ rows: n, cols: n, entries: t.entries });
        const p = amdOrdering(a);
        expect(isPermutation(p, n)).toBe(true);
        // Deterministic: same pattern, same order; values do not matter.
        const scaled = tripletsToCsr({ rows: n, cols: n, entries: t.entries.map(([i, j, v]) => [i, j, 2 * v + 1]) });
        expect(Array.from(amdOrdering(scaled))).toEqual(Array.from(p));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('gives no more fill than the natural order on 2-D grid Laplacians', () => {
    for (let kx = 1; kx <= 10; kx++) {
      for (let ky = kx; ky <= 16; ky += 3) {
        const a = gridLaplacian(kx, ky);
        const fillAmd = choleskyFill(a, amdOrdering(a));
        const fillNatural = choleskyFill(a, natural(a.rows));
        expect(fillAmd, `${kx}×${ky}`).toBeLessThanOrEqual(fillNatural);
      }
    }
  });

  it('gives clearly less fill than the natural order on a 30×30 grid, in the LU as well', () => {
    const a = gridLaplacian(30, 30);
    const fillAmd = choleskyFill(a, amdOrdering(a));
    const fillNatural = choleskyFill(a, natural(a.rows));
    // Natural (banded) order: about n·k = 27 000 entries; minimum degree: O(n log n).
    expect(fillAmd).toBeLessThan(0.5 * fillNatural);
    const luAmd = factorSparseLU(a);
    const luNatural = factorSparseLU(a, { ordering: 'natural' });
    expect(luAmd.nnzL + luAmd.nnzU).toBeLessThan(0.5 * (luNatural.nnzL + luNatural.nnzU));
    // The LU keeps the symmetric pivots, so its L has exactly the Cholesky fill of the order.
    expect(luAmd.nnzL).toBe(fillAmd);
  });

  it('orders no-fill patterns without fill: trees, paths, arrowheads (dense row last)', () => {
    const n = 400;
    // Arrowhead: node 0 is adjacent to everyone (a dense row, ordered last), plus a path.
    const ri: number[] = [];
    const ci: number[] = [];
    for (let i = 0; i < n; i++) {
      ri.push(i);
      ci.push(i);
      if (i > 0) {
        ri.push(0, i);
        ci.push(i, 0);
      }
      if (i > 1) {
        ri.push(i - 1, i);
        ci.push(i, i - 1);
      }
    }
    const arrow = csrFromTriplets(n, n, ri, ci, ri.map(() => 1));
    const p = amdOrdering(arrow);
    expect(p[n - 1]).toBe(0);
    // Eliminating the path first and the hub last: L has n + 2(n − 1) − 1 entries (path edges + hub column).
    expect(choleskyFill(arrow, p)).toBe(n + (n - 2) + (n - 1));
    // Random tree (each node attached to an earlier one): a perfect elimination order exists, AMD finds one.
    const tr: number[] = [];
    const tc: number[] = [];
    let s = 12345;
    for (let i = 1; i < 300; i++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      const parent = s % i;
      tr.push(i, parent);
      tc.push(parent, i);
    }
    const tree = csrFromTriplets(300, 300, tr, tc, tr.map(() => 1));
    expect(choleskyFill(tree, amdOrdering(tree))).toBe(300 + 299);
  });

  it('rejects a non-square matrix', () => {
    expect(() => amdOrdering(csrFromTriplets(2, 3, [], [], []))).toThrowError(expect.objectContaining({ code: 'bad-value' }));
  });
});
