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

/** perm[k] = the row/column of A placed at position k, or undefined when the graph is not a union of paths. */
export function chainOrdering(a: CsrMatrix): Int32Array | undefined {
  const n = a.rows;
  if (a.cols !== n) return undefined;
  const { rowPtr, colIdx } = a;
  // up to two neighbours per node, −1 when absent; each stored a_ij links i to j and j to i
  const first = new Int32Array(n).fill(-1);
  const second = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const j = colIdx[p];
      if (j === i) continue;
      if (first[i] !== j && second[i] !== j) {
        if (first[i] < 0) first[i] = j;
        else if (second[i] < 0) second[i] = j;
        else return undefined;
      }
      if (first[j] !== i && second[j] !== i) {
        if (first[j] < 0) first[j] = i;
        else if (second[j] < 0) second[j] = i;
        else return undefined;
      }
    }
  }
  const perm = new Int32Array(n);
  const placed = new Uint8Array(n);
  let count = 0;
  for (let start = 0; start < n; start++) {
    // path ends: at most one neighbour
    if (placed[start] || second[start] >= 0) continue;
    let prev = -1;
    let node = start;
    while (node >= 0) {
      placed[node] = 1;
      perm[count++] = node;
      const next = first[node] === prev ? second[node] : first[node];
      prev = node;
      node = next;
    }
  }
  // nodes left over lie on cycles
  return count === n ? perm : undefined;
}
