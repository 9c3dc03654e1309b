/**
 * pathNeighbours: the neighbours of each node in the graph of A + Aᵀ when no node has more than two — the graph
 * is then a union of paths and cycles (chains: ladders, lines, in any labelling), which chainOrdering and
 * reverse Cuthill–McKee order by walking instead of searching.
 *
 *   node i's neighbours = { j ≠ i : a_ij or a_ji stored },  |neighbours| ≤ 2  ⇒  first[i], second[i] (−1: absent)
 *
 * Time O(nnz + n), memory 2n integers; undefined as soon as a node has a third neighbour. walkPath lists a path
 * from one of its ends.
 */
import type { CsrMatrix } from './csr-matrix';

/** The (at most two) neighbours of each node; −1 where absent. */
export interface PathNeighbours {
  readonly first: Int32Array;
  readonly second: Int32Array;
}

/** The neighbours of every node of the graph of a square A + Aᵀ, or undefined when a node has three or more. */
export function pathNeighbours(a: CsrMatrix): PathNeighbours | undefined {
  const n = a.rows;
  if (a.cols !== n) return undefined;
  const { rowPtr, colIdx } = a;
  const first = new Int32Array(n).fill(-1);
  const second = new Int32Array(n).fill(-1);
  // each stored a_ij links i to j and j to i
  for (let i = 0; i < n; i++) {
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const j = colIdx[p];
      if (j === i) continue;
      if (!link(first, second, i, j) || !link(first, second, j, i)) return undefined;
    }
  }
  return { first, second };
}

/** Records j as a neighbour of i (nothing when it is one already); false when i has two others already. */
function link(first: Int32Array, second: Int32Array, i: number, j: number): boolean {
  if (first[i] === j || second[i] === j) return true;
  if (first[i] < 0) first[i] = j;
  else if (second[i] < 0) second[i] = j;
  else return false;
  return true;
}

/** Places the path from its end `start` into order[count …] (marking placed); returns the new count. */
export function walkPath(neighbours: PathNeighbours, start: number, placed: Uint8Array, order: Int32Array, count: number): number {
  const { first, second } = neighbours;
  let prev = -1;
  let node = start;
  while (node >= 0) {
    placed[node] = 1;
    order[count++] = node;
    const next = first[node] === prev ? second[node] : first[node];
    prev = node;
    node = next;
  }
  return count;
}
