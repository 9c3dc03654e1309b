/**
 * analyzeStructure: the topology stages in one reading —
 *   SystemDescription ─► buildLinearGraph ─► selectNormalTree ─► buildLoopMatrix ─► partitionLoopMatrix
 * Cost O(L + B + N + nnz(F)) (L the total length of the ids, sorted by radix in parseSystem or buildLinearGraph)
 * plus the two-port placement search (normal-tree.ts).
 */
import type { SystemDescription } from '@sysgraph/description';
import { buildLinearGraph } from './linear-graph';
import type { LinearGraph } from './linear-graph';
import { selectNormalTree } from './normal-tree';
import type { NormalTree } from './normal-tree';
import { buildLoopMatrix } from './loop-matrix';
import type { LoopMatrix } from './loop-matrix';
import { partitionLoopMatrix } from './partitioned-graph';
import type { Partition } from './partitioned-graph';
import { deriveEquations } from './derivation';
import type { Derivation } from './derivation';
import { signedNnz } from './signed-matrix';
import type { SignedMatrix } from './signed-matrix';
import { JsonRows } from './json-rows';
import { GROUP_SYMBOL, LINK_GROUPS, TREE_GROUPS } from './partition';

export interface Structure {
  readonly description: SystemDescription;
  readonly graph: LinearGraph;
  readonly tree: NormalTree;
  readonly loop: LoopMatrix;
  readonly partition: Partition;
}

export function analyzeStructure(description: SystemDescription): Structure {
  const graph = buildLinearGraph(description);
  const tree = selectNormalTree(graph);
  const loop = buildLoopMatrix(tree);
  const partition = partitionLoopMatrix(loop, description);
  return { description, graph, tree, loop, partition };
}

/**
 * The JSON of `sysgraph structure --format json`. The two long lists, the branches and F's nonzeros, are JsonRows:
 * their records are made a slice at a time as they are written (JSON.stringify gets the whole array from toJSON).
 */
export function structureToJson(s: Structure, derivation?: Derivation): Record<string, unknown> {
  const lg = s.graph;
  const F = s.loop.F;
  // the tree and link ids, made once: the JSON lists each twice (tree / links, and F's columns / rows)
  const treeIds = idsOf(lg.ids, s.loop.treeOrder.branches);
  const linkIds = idsOf(lg.ids, s.loop.linkOrder.branches);
  const groups: Record<string, string[]> = {};
  for (const g of [...TREE_GROUPS, ...LINK_GROUPS]) groups[GROUP_SYMBOL[g]] = idsOf(lg.ids, s.partition.groups[g]);
  return {
    name: s.description.name,
    nodes: lg.nodeNames,
    branches: new JsonRows(lg.ids.length, (from, to) => branchRecords(s, from, to)),
    tree: treeIds,
    links: linkIds,
    groups,
    states: s.partition.states.map((x) => x.name),
    inputs: s.partition.inputs.map((u) => u.name),
    placement: Object.fromEntries(lg.twoPorts.map((tp, j) => [tp.id, tp.kind === 'transformer' ? `port ${s.tree.placement[j] === 0 ? 2 : 1} in the tree` : s.tree.placement[j] === 0 ? 'both ports in the tree' : 'both ports in the co-tree'])),
    F: { rows: linkIds, columns: treeIds, nnz: signedNnz(F), nonzeros: new JsonRows(F.rowPtr[F.rows], (from, to) => triplets(F, from, to)) },
    diagnostics: s.partition.diagnostics,
    ...(derivation ? { derivation } : {}),
  };
}

/** The ids of the listed branches, in their order (a plain loop: Array.from's callback is a call per branch). */
function idsOf(ids: readonly string[], branches: ArrayLike<number>): string[] {
  const out: string[] = [];
  for (let k = 0; k < branches.length; k++) out.push(ids[branches[k]]);
  return out;
}

/**
 * The branches from..to−1 of the JSON, { id, element, kind, type, domain, from, to } in branch order, read from
 * the description's lists and the graph's arrays as branchInfos reads them (one-ports, sources, then the two
 * ports of each two-port), without making the BranchInfo records first.
 */
function branchRecords(s: Structure, from: number, to: number): Record<string, string>[] {
  const lg = s.graph;
  const { oneports, sources, twoPorts } = s.description;
  const names = lg.nodeNames;
  const out: Record<string, string>[] = new Array(to - from);
  const ports = oneports.length + sources.length;
  let k = from;
  for (; k < to && k < oneports.length; k++) {
    const e = oneports[k];
    out[k - from] = { id: lg.ids[k], element: e.id, kind: e.kind, type: e.type, domain: e.domain, from: names[lg.from[k]], to: names[lg.to[k]] };
  }
  for (; k < to && k < ports; k++) {
    const e = sources[k - oneports.length];
    out[k - from] = { id: lg.ids[k], element: e.id, kind: e.kind, type: e.type, domain: e.domain, from: names[lg.from[k]], to: names[lg.to[k]] };
  }
  // two-port j has the branches ports + 2j (port 1) and ports + 2j + 1 (port 2)
  for (; k < to; k++) {
    const tp = twoPorts[(k - ports) >> 1];
    const port1 = ((k - ports) & 1) === 0;
    out[k - from] = { id: lg.ids[k], element: tp.id, kind: tp.kind, type: tp.kind === 'transformer' ? 'TF' : 'GY', domain: port1 ? tp.domain1 : tp.domain2, from: names[lg.from[k]], to: names[lg.to[k]] };
  }
  return out;
}

/** The nonzeros p = from..to−1 of F (CSR, row by row) as [row, column, value]. */
function triplets(F: SignedMatrix, from: number, to: number): [number, number, number][] {
  const out: [number, number, number][] = new Array(to - from);
  // the row holding nonzero `from`: the last r with rowPtr[r] ≤ from (rows may be empty)
  let lo = 0;
  let hi = F.rows;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (F.rowPtr[mid] <= from) lo = mid;
    else hi = mid;
  }
  for (let r = lo, p = from; p < to; p++) {
    while (F.rowPtr[r + 1] <= p) r++;
    out[p - from] = [r, F.colIdx[p], F.values[p]];
  }
  return out;
}

export { deriveEquations };
