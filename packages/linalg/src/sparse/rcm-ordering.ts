/**
 * rcmOrdering: reverse Cuthill–McKee ordering of the graph of A + Aᵀ, a bandwidth-reducing permutation
 * (Cuthill & McKee, 1969; George & Liu, Computer Solution of Large Sparse Positive Definite Systems, 1981, §4.3,
 * with the pseudo-peripheral start node of George & Liu, ACM TOMS 5(3), 1979).
 *
 * Each connected component: start at a pseudo-peripheral node (repeated breadth-first searches from the
 * minimum-degree node of the last level until the eccentricity stops growing), then a breadth-first search that
 * visits the neighbours of each node in increasing degree (insertion sort; ties: increasing index, so the result is
 * deterministic); the concatenated order is reversed. A chain in any labelling comes out in chain order
 * (half-bandwidth 1). Time O(nnz · s + n log d) for s start-node searches (s is small in practice), memory O(n).
 * A graph of paths (every node with at most two neighbours, no cycle) is ordered by walking them instead
 * (path-rcm-ordering.ts: the same permutation in O(nnz + n)).
 */
import type { CsrMatrix } from './csr-matrix';
import { pathRcmOrdering } from './path-rcm-ordering';
import { symmetricPattern } from './symmetric-pattern';

/** perm[k] = the row/column of A placed at position k. */
export function rcmOrdering(a: CsrMatrix): Int32Array {
  return pathRcmOrdering(a) ?? cuthillMcKeeOrdering(a);
}

/** The breadth-first searches of reverse Cuthill–McKee on any graph (rcmOrdering's general path). */
export function cuthillMcKeeOrdering(a: CsrMatrix): Int32Array {
  const { n, ptr, idx } = symmetricPattern(a);
  const degree = new Int32Array(n);
  for (let i = 0; i < n; i++) degree[i] = ptr[i + 1] - ptr[i];
  const order = new Int32Array(n);
  const placed = new Uint8Array(n);
  const level = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let count = 0;

  /** Breadth-first levels from `root` among unplaced nodes; returns [last node of the last level with min degree, eccentricity]. */
  const levels = (root: number): [number, number] => {
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    level[root] = 0;
    let depth = 0;
    while (head < tail) {
      const i = queue[head++];
      depth = level[i];
      for (let p = ptr[i]; p < ptr[i + 1]; p++) {
        const j = idx[p];
        if (placed[j] || level[j] >= 0) continue;
        level[j] = level[i] + 1;
        queue[tail++] = j;
      }
    }
    let best = queue[tail - 1];
    for (let q = tail - 1; q >= 0 && level[queue[q]] === depth; q--) {
      const j = queue[q];
      if (degree[j] < degree[best] || (degree[j] === degree[best] && j < best)) best = j;
    }
    for (let q = 0; q < tail; q++) level[queue[q]] = -1;
    return [best, depth];
  };

  for (let seed = 0; seed < n; seed++) {
    if (placed[seed]) continue;
    // the minimum-degree node of this component as the first root
    let root = minDegreeOfComponent(seed);
    let [far, ecc] = levels(root);
    for (let tries = 0; tries < 8; tries++) {
      const [next, e] = levels(far);
      if (e <= ecc) break;
      root = far;
      far = next;
      ecc = e;
    }
    // Cuthill–McKee from root
    let head = count;
    order[count++] = root;
    placed[root] = 1;
    while (head < count) {
      const i = order[head++];
      const first = count;
      for (let p = ptr[i]; p < ptr[i + 1]; p++) {
        const j = idx[p];
        if (placed[j]) continue;
        placed[j] = 1;
        // insertion into order[first … count) by (degree, index)
        let q = count++;
        while (q > first && (degree[order[q - 1]] > degree[j] || (degree[order[q - 1]] === degree[j] && order[q - 1] > j))) {
          order[q] = order[q - 1];
          q--;
        }
        order[q] = j;
      }
    }
  }
  order.reverse();
  return order;

  function minDegreeOfComponent(seed: number): number {
    let head = 0;
    let tail = 0;
    queue[tail++] = seed;
    level[seed] = 0;
    let best = seed;
    while (head < tail) {
      const i = queue[head++];
      if (degree[i] < degree[best] || (degree[i] === degree[best] && i < best)) best = i;
      for (let p = ptr[i]; p < ptr[i + 1]; p++) {
        const j = idx[p];
        if (placed[j] || level[j] >= 0) continue;
        level[j] = 0;
        queue[tail++] = j;
      }
    }
    for (let q = 0; q < tail; q++) level[queue[q]] = -1;
    return best;
  }
}
