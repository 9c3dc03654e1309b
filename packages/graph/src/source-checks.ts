/**
 * Topological errors that no tree can mend (formulation.md section 8):
 *  D0   an across source closes a loop of across sources (contradictory across values);
 *  D0'  a cutset made only of through sources (contradictory through values).
 * O(B α(N)); the loop or cutset named in the error costs O(N + B) once.
 */
import { SysgraphError } from '@sysgraph/core';
import type { LinearGraph } from './linear-graph';
import { CLASS_CODE } from './linear-graph';
import { UnionFind } from './union-find';
import { connectedComponents } from './components';
import { treePath } from './tree-path';

/** `order`: the canonical order (class, then id; tree-greedy.ts). */
export function checkAcrossSourceLoops(lg: LinearGraph, order: Int32Array): void {
  const uf = new UnionFind(lg.nodeNames.length);
  const accepted: number[] = [];
  // The canonical order lists the across sources first (class E), so the walk stops at the first other branch.
  for (const k of order) {
    if (lg.cls[k] !== CLASS_CODE.E) break;
    if (uf.union(lg.from[k], lg.to[k])) {
      accepted.push(k);
      continue;
    }
    const path = treePath(lg, accepted, lg.to[k], lg.from[k]);
    const loop = [lg.ids[k], ...path.map((b) => lg.ids[b])];
    throw new SysgraphError(
      'across-source-loop',
      `across sources form a loop: ${loop.join(', ')}; their values would contradict each other (Kirchhoff's voltage law). Remove one or put an element in series.`,
      { element: lg.branches[k].element, field: 'value', elements: loop, expected: 'no loop made only of across sources' },
    );
  }
}

export function checkThroughSourceCutsets(lg: LinearGraph): void {
  const N = lg.nodeNames.length;
  if (!lg.cls.includes(CLASS_CODE.J)) return; // no through source, no cutset of them
  const without = connectedComponents(N, lg.from, lg.to, (k) => lg.cls[k] !== CLASS_CODE.J);
  if (without.count === lg.componentCount) return;
  // The first piece of G − J that is separated from the rest of its component: its boundary is a J-cutset.
  for (let n = 0; n < N; n++) {
    const piece = without.component[n];
    const boundary: string[] = [];
    for (let k = 0; k < lg.from.length; k++) {
      if (lg.cls[k] !== CLASS_CODE.J) continue;
      const a = without.component[lg.from[k]] === piece;
      const b = without.component[lg.to[k]] === piece;
      if (a !== b) boundary.push(lg.ids[k]);
    }
    if (boundary.length > 0) {
      boundary.sort();
      throw new SysgraphError(
        'through-source-cutset',
        `through sources form a cutset: ${boundary.join(', ')}; their values would contradict each other (Kirchhoff's current law). Put an element in parallel.`,
        { element: lg.branches[lg.branchIndex.get(boundary[0])!].element, field: 'value', elements: boundary, expected: 'no cutset made only of through sources' },
      );
    }
  }
}
