/** Connected components of an undirected multigraph given by edge arrays: O(N + B) with union-find. */
import { UnionFind } from './union-find';

export function connectedComponents(
  nodeCount: number,
  from: Int32Array,
  to: Int32Array,
  include?: (branch: number) => boolean,
): { component: Int32Array; count: number } {
  const uf = new UnionFind(nodeCount);
  for (let k = 0; k < from.length; k++) if (!include || include(k)) uf.union(from[k], to[k]);
  const component = new Int32Array(nodeCount).fill(-1);
  const label = new Int32Array(nodeCount).fill(-1);
  let count = 0;
  for (let n = 0; n < nodeCount; n++) {
    const r = uf.find(n);
    if (label[r] < 0) label[r] = count++;
    component[n] = label[r];
  }
  return { component, count };
}
