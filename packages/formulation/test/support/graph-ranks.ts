/**
 * Cycle and cut ranks of branch subsets, by union-find on node names (structure only, no values).
 * Cycle rank r(X) = |X| − (#nodes − #components of (all nodes, X)): the dimension of the loops made only of X.
 * Cut rank c(X) = #components(all − X) − #components(all): the dimension of the cutsets made only of X.
 */
export interface Edge {
  from: string;
  to: string;
}

export function componentCount(nodes: readonly string[], edges: readonly Edge[]): number {
  const parent = new Map<string, string>(nodes.map((n) => [n, n]));
  const find = (k: string): string => {
    let r = k;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(k, r);
    return r;
  };
  let components = nodes.length;
  for (const e of edges) {
    const a = find(e.from);
    const b = find(e.to);
    if (a !== b) {
      parent.set(a, b);
      components--;
    }
  }
  return components;
}

export function cycleRank(nodes: readonly string[], edges: readonly Edge[]): number {
  return edges.length - (nodes.length - componentCount(nodes, edges));
}

export function cutRank(nodes: readonly string[], all: readonly Edge[], subset: ReadonlySet<Edge>): number {
  return componentCount(
    nodes,
    all.filter((e) => !subset.has(e)),
  ) - componentCount(nodes, all);
}
