/**
 * largeGraphData: the linear graph as a graphology MultiDirectedGraph for the large drawing — the same nodes
 * and branches as the engine's graphology view (@sysgraph/graph toGraphology: nodes by name, edges keyed by
 * branch id with class, kind and tree membership), plus what sigma.js reads: a position, a size and a colour.
 * Tree branches are drawn in their class colour, links thin and grey, state-variable branches (A-type tree
 * branches, T-type links: formulation.md section 2) thick in the state colour; grounds are the large dark nodes.
 * Start positions are a seeded scatter (deterministic) for ForceAtlas2 to untangle. O(N + B).
 */
import { MultiDirectedGraph } from 'graphology';
import type { PackedGraph } from '../engine/protocol';
import { branchClass, branchElement, branchId, branchInTree, branchKind, branchState, nodeCount, nodeName } from '../engine/packed-graph';
import { CLASS_STYLE } from './graph-view';

export const STATE_COLOUR = '#d97706';
export const LINK_COLOUR = '#b8c0cc';
export const NODE_COLOUR = '#5d6778';
export const GROUND_COLOUR = '#1d2430';
export const HIT_COLOUR = '#c026d3';

export interface LargeNode {
  x: number;
  y: number;
  size: number;
  color: string;
  label: string;
  ground: boolean;
}

export interface LargeEdge {
  size: number;
  color: string;
  cls: string;
  kind: string;
  element: string;
  inTree: boolean;
  state: boolean;
}

/** A linear congruential generator (Numerical Recipes' constants): the same scatter every time. */
function scatter(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The seeded start positions of the N nodes, in node order (the same every time). */
export function startPositions(N: number): { x: Float32Array; y: Float32Array } {
  const rnd = scatter(0x5eed);
  const side = Math.sqrt(N) * 10;
  const x = new Float32Array(N);
  const y = new Float32Array(N);
  for (let i = 0; i < N; i++) {
    x[i] = rnd() * side;
    y[i] = rnd() * side;
  }
  return { x, y };
}

/**
 * Nodes from..to−1 (all by default), at their seeded start positions or at the given ones (a layout's result, in
 * node order).
 */
export function addLargeNodes(graph: MultiDirectedGraph<LargeNode, LargeEdge>, g: PackedGraph, at: { x: ArrayLike<number>; y: ArrayLike<number> } = startPositions(nodeCount(g)), from = 0, to = nodeCount(g)): void {
  for (let i = from; i < Math.min(to, nodeCount(g)); i++) {
    const name = nodeName(g, i);
    const ground = g.nodeGround[i] === 1;
    graph.addNode(name, { x: at.x[i], y: at.y[i], size: ground ? 7 : 2.5, color: ground ? GROUND_COLOUR : NODE_COLOUR, label: name, ground });
  }
}

/** Branches from..to−1 of the drawing (in slices, so that a large graph is built over several tasks). */
export function addLargeBranches(graph: MultiDirectedGraph<LargeNode, LargeEdge>, g: PackedGraph, from = 0, to = g.from.length): void {
  for (let k = from; k < Math.min(to, g.from.length); k++) {
    const cls = branchClass(g, k);
    const inTree = branchInTree(g, k);
    const state = branchState(g, k);
    const colour = state ? STATE_COLOUR : inTree ? (CLASS_STYLE[cls] ?? CLASS_STYLE.D).colour : LINK_COLOUR;
    graph.addDirectedEdgeWithKey(branchId(g, k), nodeName(g, g.from[k]), nodeName(g, g.to[k]), { size: state ? 2.5 : inTree ? 1.6 : 0.7, color: colour, cls, kind: branchKind(g, k), element: branchElement(g, k), inTree, state });
  }
}

export function largeGraphData(g: PackedGraph): MultiDirectedGraph<LargeNode, LargeEdge> {
  const graph = new MultiDirectedGraph<LargeNode, LargeEdge>();
  addLargeNodes(graph, g);
  addLargeBranches(graph, g);
  return graph;
}
