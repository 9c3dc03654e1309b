/**
 * eliminationOrder: a symmetric permutation P of sI − A that keeps fraction-free elimination free of fill-in
 * where the network allows it. Bareiss pivots down the diagonal in the given order; on a ladder whose states
 * are listed out of section order (C1, C10, C11, …, C2 in string order) that order fills the band and the
 * intermediate minors swell. det(P M Pᵀ) = det(M) and (P M Pᵀ)(P X) = P B, so Δ and X are unchanged.
 * Orderings (on the integer pattern of M + Mᵀ only, never on the symbols):
 *  - 'amd': approximate minimum degree (Amestoy, Davis & Duff 1996; packages/linalg amdOrdering);
 *  - 'rcm': reverse Cuthill–McKee (George & Liu 1981, §4.3), starting from a pseudo-peripheral node;
 *  - 'none': the state order.
 * Diagonal and triangular matrices keep their order (the structured solver substitutes directly).
 */
import { CsrMatrix, amdOrdering } from '@sysgraph/linalg';
import { detectStructure } from '@sysgraph/symbolic';
import type { FieldMatrix } from '@sysgraph/symbolic';

export type EliminationOrdering = 'amd' | 'rcm' | 'none';

/** Neighbour lists of the symmetric pattern, ascending. */
function adjacency<T>(m: FieldMatrix<T>): number[][] {
  const n = m.rows;
  const sets = Array.from({ length: n }, () => new Set<number>());
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (i !== j && !m.field.isZero(m.get(i, j))) {
        sets[i].add(j);
        sets[j].add(i);
      }
    }
  }
  return sets.map((s) => [...s].sort((a, b) => a - b));
}

/** Breadth-first levels from `root` (component only): the order visited, neighbours by degree then index. */
function cuthillMcKee(adj: readonly number[][], root: number, seen: Uint8Array): number[] {
  const order = [root];
  seen[root] = 1;
  for (let head = 0; head < order.length; head++) {
    const next = adj[order[head]].filter((j) => !seen[j]).sort((a, b) => adj[a].length - adj[b].length || a - b);
    for (const j of next) {
      seen[j] = 1;
      order.push(j);
    }
  }
  return order;
}

/** The last node of the deepest BFS level, iterated while the eccentricity grows (George–Liu). */
function pseudoPeripheral(adj: readonly number[][], start: number): number {
  let root = start;
  let depth = -1;
  for (;;) {
    const level = new Int32Array(adj.length).fill(-1);
    level[root] = 0;
    const queue = [root];
    for (let h = 0; h < queue.length; h++) for (const j of adj[queue[h]]) if (level[j] < 0) { level[j] = level[queue[h]] + 1; queue.push(j); }
    const far = Math.max(...queue.map((q) => level[q]));
    if (far <= depth) return root;
    depth = far;
    // Among the farthest nodes, the one of least degree (ties: lowest index).
    root = queue.filter((q) => level[q] === far).sort((a, b) => adj[a].length - adj[b].length || a - b)[0];
  }
}

function reverseCuthillMcKee(adj: readonly number[][]): number[] {
  const n = adj.length;
  const seen = new Uint8Array(n);
  const order: number[] = [];
  for (;;) {
    // Next component: from its node of least degree (ties: lowest index).
    let start = -1;
    for (let i = 0; i < n; i++) if (!seen[i] && (start < 0 || adj[i].length < adj[start].length)) start = i;
    if (start < 0) break;
    order.push(...cuthillMcKee(adj, pseudoPeripheral(adj, start), seen));
  }
  return order.reverse();
}

function minimumDegree(adj: readonly number[][]): number[] {
  const n = adj.length;
  const rowPtr = new Int32Array(n + 1);
  adj.forEach((r, i) => (rowPtr[i + 1] = rowPtr[i] + r.length));
  const colIdx = Int32Array.from(adj.flat());
  return [...amdOrdering(new CsrMatrix(n, n, rowPtr, colIdx, new Float64Array(colIdx.length).fill(1)))];
}

/** The elimination order (order[k] = the state eliminated k-th), or null to keep the state order. */
export function eliminationOrder<T>(m: FieldMatrix<T>, ordering: EliminationOrdering = 'rcm'): number[] | null {
  if (ordering === 'none' || m.rows < 3) return null;
  const kind = detectStructure(m).kind;
  if (kind === 'diagonal' || kind === 'upper-triangular' || kind === 'lower-triangular') return null;
  const adj = adjacency(m);
  const order = ordering === 'amd' ? minimumDegree(adj) : reverseCuthillMcKee(adj);
  return order.every((v, k) => v === k) ? null : order;
}
