/**
 * chainOrdering: the order of a matrix whose graph is a union of paths (chains: ladders, lines, in any
 * labelling), found by walking each path from one of its ends:
 *
 *   every node has at most two neighbours j ≠ i (stored a_ij or a_ji);  perm = the nodes path by path, end to end
 *
 * so that P A Pᵀ is tridiagonal (half-bandwidth ≤ 1: every stored entry joins a node to itself or to a neighbour,
 * which the walk places next to it). Undefined when a node has three or more neighbours or a
 * component is a cycle (callers fall back to reverse Cuthill–McKee). Time O(nnz + n), memory 3n integers: one
 * pass to collect the neighbours, one walk; no breadth-first searches.
 */
import type { CsrMatrix } from './csr-matrix';
import { pathNeighbours, walkPath } from './path-neighbours';

/** perm[k] = the row/column of A placed at position k, or undefined when the graph is not a union of paths. */
export function chainOrdering(a: CsrMatrix): Int32Array | undefined {
  const n = a.rows;
  const neighbours = pathNeighbours(a);
  if (!neighbours) return undefined;
  const perm = new Int32Array(n);
  const placed = new Uint8Array(n);
  let count = 0;
  for (let start = 0; start < n; start++) {
    // path ends: at most one neighbour
    if (placed[start] || neighbours.second[start] >= 0) continue;
    count = walkPath(neighbours, start, placed, perm, count);
  }
  // nodes left over lie on cycles
  return count === n ? perm : undefined;
}
