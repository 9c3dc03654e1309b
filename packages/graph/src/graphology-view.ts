/**
 * toGraphology: the linear graph as a graphology MultiDirectedGraph (nodes by name, edges keyed by branch id
 * with their class, kind and tree membership). Built on demand for drawing, walks and interactive use;
 * the engine's hot paths work on the typed arrays of LinearGraph instead (docs/design-choices.md:
 * building a graphology graph costs about 5 µs per edge, more than all the topology stages together).
 */
import { MultiDirectedGraph } from 'graphology';
import { bfsFromNode } from 'graphology-traversal';
import type { LinearGraph } from './linear-graph';
import type { NormalTree } from './normal-tree';

export interface BranchAttributes {
  readonly index: number;
  readonly cls: string;
  readonly kind: string;
  readonly element: string;
  readonly inTree?: boolean;
}

export function toGraphology(lg: LinearGraph, tree?: NormalTree): MultiDirectedGraph {
  const g = new MultiDirectedGraph();
  lg.nodeNames.forEach((n, i) => g.addNode(n, { index: i, component: lg.component[i], ground: lg.groundOf[lg.component[i]] === i }));
  for (const b of lg.branches) {
    const attrs: BranchAttributes = { index: b.index, cls: b.cls, kind: b.kind, element: b.element, inTree: tree ? tree.inTree[b.index] === 1 : undefined };
    g.addDirectedEdgeWithKey(b.id, lg.nodeNames[b.from], lg.nodeNames[b.to], attrs);
  }
  return g;
}

/** Nodes in breadth-first order from a node (graphology-traversal), following edges both ways. */
export function nodesReachableFrom(g: MultiDirectedGraph, start: string): string[] {
  const seen: string[] = [];
  bfsFromNode(g, start, (node) => {
    seen.push(node);
  }, { mode: 'undirected' } as never);
  return seen;
}
