/**
 * pathRcmOrdering: reverse Cuthill–McKee (rcm-ordering.ts) of a graph whose components are paths, found by
 * walking them: the very permutation the breadth-first searches give, without them.
 *
 * On a path the general steps reduce to walks. Components are taken in the order of their smallest index (the
 * seed loop); the first root is the component's node of least degree, ties to the smaller index: the end of the
 * path with the smaller index (degree 1 against 2 inside; a lone node is its own root). The level structure from
 * an end has one node per level and the other end alone in the last, whose search is no deeper, so the
 * pseudo-peripheral search keeps that root; Cuthill–McKee from an end visits the path in order; the concatenation
 * is reversed:
 *
 *   order = reverse( walk(min end of C₁) · walk(min end of C₂) · … ),   C₁, C₂, … by increasing smallest index
 *
 * Undefined when a node has three or more neighbours or a component is a cycle (the general search orders those).
 * Time O(nnz + n): one pass to collect the neighbours (pathNeighbours), at most three walks over each path.
 */
import type { CsrMatrix } from './csr-matrix';
import { pathNeighbours, walkPath } from './path-neighbours';

/** perm[k] = the row/column of A placed at position k (rcmOrdering's), or undefined unless G(A + Aᵀ) is a union of paths. */
export function pathRcmOrdering(a: CsrMatrix): Int32Array | undefined {
  const neighbours = pathNeighbours(a);
  if (!neighbours) return undefined;
  const { first, second } = neighbours;
  const n = a.rows;
  const order = new Int32Array(n);
  const placed = new Uint8Array(n);
  let count = 0;
  for (let seed = 0; seed < n; seed++) {
    if (placed[seed]) continue;
    const end1 = pathEnd(first, second, seed, first[seed]);
    const end2 = pathEnd(first, second, seed, second[seed]);
    if (end1 < 0 || end2 < 0) return undefined;
    // Cuthill–McKee from the end of smaller index: the path in order
    count = walkPath(neighbours, end1 < end2 ? end1 : end2, placed, order, count);
  }
  order.reverse();
  return order;
}

/** The end of the path reached from `seed` through its neighbour `towards` (seed itself when −1); −1 on a cycle. */
function pathEnd(first: Int32Array, second: Int32Array, seed: number, towards: number): number {
  if (towards < 0) return seed;
  let prev = seed;
  let node = towards;
  for (;;) {
    const next = first[node] === prev ? second[node] : first[node];
    if (next < 0) return node;
    if (next === seed) return -1;
    prev = node;
    node = next;
  }
}
