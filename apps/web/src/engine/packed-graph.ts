/**
 * PackedGraph: the linear graph's drawing data (GraphDrawing) as typed arrays and packed strings, what the worker
 * sends: node names, branch ids, elements and labels packed (packed-strings.ts); each branch's kind, class and
 * domain an index into a table of the distinct ones; from and to as node indices; tree and state as bits. The
 * structured clone of a 10^4-branch graph as objects cost the page ≈ 36 ms of deserialisation (plus its garbage),
 * measured with scripts/answer-clone-cost.ts; packed it is a few strings and buffers, transferred.
 *
 * The page reads it where it is shown: unpackGraph for a small graph (the SVG drawing, the layout, the drawing
 * mode), branch by branch (branchAt, branchTo…) for a large one — no object per branch for a graph of 10^4.
 */
import type { GraphBranch, GraphDrawing, GraphNode, PackedGraph } from './protocol';
import { packedCount, packStrings, sameInts, samePackedStrings, stringAt } from './packed-strings';

/** Bits of PackedGraph.flags. */
export const IN_TREE = 1;
export const STATE = 2;
export const LABELLED = 4;

function table(values: readonly string[]): { names: string[]; index: Uint16Array } {
  const at = new Map<string, number>();
  const index = new Uint16Array(values.length);
  values.forEach((v, k) => {
    let i = at.get(v);
    if (i === undefined) at.set(v, (i = at.size));
    index[k] = i;
  });
  return { names: [...at.keys()], index };
}

export function packGraph(g: GraphDrawing): PackedGraph {
  const nodeIndex = new Map(g.nodes.map((n, i) => [n.name, i]));
  const B = g.branches.length;
  const from = new Int32Array(B);
  const to = new Int32Array(B);
  const flags = new Uint8Array(B);
  g.branches.forEach((b, k) => {
    from[k] = nodeIndex.get(b.from) ?? -1;
    to[k] = nodeIndex.get(b.to) ?? -1;
    flags[k] = (b.inTree ? IN_TREE : 0) | (b.state ? STATE : 0) | (b.label !== undefined ? LABELLED : 0);
  });
  const kinds = table(g.branches.map((b) => b.kind));
  const classes = table(g.branches.map((b) => b.cls));
  const domains = table(g.branches.map((b) => b.domain));
  return {
    nodeNames: packStrings(g.nodes.map((n) => n.name)),
    nodeComponent: Int32Array.from(g.nodes, (n) => n.component),
    nodeGround: Uint8Array.from(g.nodes, (n) => (n.ground ? 1 : 0)),
    ids: packStrings(g.branches.map((b) => b.id)),
    elements: packStrings(g.branches.map((b) => b.element)),
    labels: packStrings(g.branches.map((b) => b.label ?? '')),
    kinds: kinds.names,
    kind: kinds.index,
    classes: classes.names,
    cls: classes.index,
    domains: domains.names,
    domain: domains.index,
    from,
    to,
    flags,
    twoPorts: g.twoPorts,
  };
}

export const nodeCount = (p: PackedGraph): number => packedCount(p.nodeNames);
export const branchCount = (p: PackedGraph): number => p.from.length;
export const nodeName = (p: PackedGraph, i: number): string => stringAt(p.nodeNames, i);
export const branchId = (p: PackedGraph, k: number): string => stringAt(p.ids, k);
export const branchElement = (p: PackedGraph, k: number): string => stringAt(p.elements, k);
export const branchClass = (p: PackedGraph, k: number): string => p.classes[p.cls[k]];
export const branchKind = (p: PackedGraph, k: number): string => p.kinds[p.kind[k]];
export const branchDomain = (p: PackedGraph, k: number): string => p.domains[p.domain[k]];
export const branchInTree = (p: PackedGraph, k: number): boolean => (p.flags[k] & IN_TREE) !== 0;
export const branchState = (p: PackedGraph, k: number): boolean => (p.flags[k] & STATE) !== 0;

export function nodeAt(p: PackedGraph, i: number): GraphNode {
  return { name: nodeName(p, i), component: p.nodeComponent[i], ground: p.nodeGround[i] === 1 };
}

/** Branch k as the object the small drawing reads. */
export function branchAt(p: PackedGraph, k: number): GraphBranch {
  return {
    id: branchId(p, k),
    element: branchElement(p, k),
    kind: branchKind(p, k),
    cls: branchClass(p, k),
    domain: branchDomain(p, k),
    from: nodeName(p, p.from[k]),
    to: nodeName(p, p.to[k]),
    inTree: branchInTree(p, k),
    state: branchState(p, k),
    ...((p.flags[k] & LABELLED) !== 0 ? { label: stringAt(p.labels, k) } : {}),
  };
}

/** The whole graph as objects: for a small graph (O(N + B) objects). */
export function unpackGraph(p: PackedGraph): GraphDrawing {
  return {
    nodes: Array.from({ length: nodeCount(p) }, (_, i) => nodeAt(p, i)),
    branches: Array.from({ length: branchCount(p) }, (_, k) => branchAt(p, k)),
    twoPorts: p.twoPorts,
  };
}

/** The classes present (the legend's swatches). */
export function classesPresent(p: PackedGraph): Set<string> {
  const used = new Set<number>();
  for (let k = 0; k < p.cls.length; k++) used.add(p.cls[k]);
  return new Set([...used].map((i) => p.classes[i]));
}

/** The same graph (exact, O(N + B)): what the page compares to skip redrawing an unchanged graph. */
export function samePackedGraph(a: PackedGraph, b: PackedGraph): boolean {
  const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((v, k) => v === y[k]);
  return (
    samePackedStrings(a.nodeNames, b.nodeNames) &&
    samePackedStrings(a.ids, b.ids) &&
    samePackedStrings(a.elements, b.elements) &&
    samePackedStrings(a.labels, b.labels) &&
    sameInts(a.nodeComponent, b.nodeComponent) &&
    sameInts(a.nodeGround, b.nodeGround) &&
    sameInts(a.from, b.from) &&
    sameInts(a.to, b.to) &&
    sameInts(a.flags, b.flags) &&
    sameInts(a.kind, b.kind) &&
    sameInts(a.cls, b.cls) &&
    sameInts(a.domain, b.domain) &&
    same(a.kinds, b.kinds) &&
    same(a.classes, b.classes) &&
    same(a.domains, b.domains) &&
    JSON.stringify(a.twoPorts) === JSON.stringify(b.twoPorts)
  );
}

/** The buffers of a packed graph, for postMessage's transfer list. */
export function packedGraphBuffers(p: PackedGraph): ArrayBuffer[] {
  return [p.nodeNames.ends, p.ids.ends, p.elements.ends, p.labels.ends, p.nodeComponent, p.nodeGround, p.kind, p.cls, p.domain, p.from, p.to, p.flags].map((a) => a.buffer as ArrayBuffer);
}
