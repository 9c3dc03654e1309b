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

/** The JSON of `sysgraph structure --format json`. */
export function structureToJson(s: Structure, derivation?: Derivation): Record<string, unknown> {
  const lg = s.graph;
  const id = (k: number) => lg.ids[k];
  const F = s.loop.F;
  const nonzeros: [number, number, number][] = new Array(F.rowPtr[F.rows]);
  for (let r = 0; r < F.rows; r++) for (let p = F.rowPtr[r]; p < F.rowPtr[r + 1]; p++) nonzeros[p] = [r, F.colIdx[p], F.values[p]];
  // the tree and link ids, made once: the JSON lists each twice (tree / links, and F's columns / rows)
  const treeIds = Array.from(s.loop.treeOrder.branches, id);
  const linkIds = Array.from(s.loop.linkOrder.branches, id);
  const groups: Record<string, string[]> = {};
  for (const g of [...TREE_GROUPS, ...LINK_GROUPS]) groups[GROUP_SYMBOL[g]] = Array.from(s.partition.groups[g], id);
  return {
    name: s.description.name,
    nodes: lg.nodeNames,
    branches: branchRecords(s),
    tree: treeIds,
    links: linkIds,
    groups,
    states: s.partition.states.map((x) => x.name),
    inputs: s.partition.inputs.map((u) => u.name),
    placement: Object.fromEntries(lg.twoPorts.map((tp, j) => [tp.id, tp.kind === 'transformer' ? `port ${s.tree.placement[j] === 0 ? 2 : 1} in the tree` : s.tree.placement[j] === 0 ? 'both ports in the tree' : 'both ports in the co-tree'])),
    F: { rows: linkIds, columns: treeIds, nnz: signedNnz(F), nonzeros },
    diagnostics: s.partition.diagnostics,
    ...(derivation ? { derivation } : {}),
  };
}

/**
 * The branches of the JSON, { id, element, kind, type, domain, from, to } in branch order, read from the
 * description's lists and the graph's arrays as branchInfos reads them (one-ports, sources, then the two ports
 * of each two-port), without making the BranchInfo records first: at 10^5 branches that is 10^5 objects fewer.
 */
function branchRecords(s: Structure): Record<string, string>[] {
  const lg = s.graph;
  const desc = s.description;
  const names = lg.nodeNames;
  const out: Record<string, string>[] = new Array(lg.ids.length);
  let k = 0;
  for (const list of [desc.oneports, desc.sources]) {
    for (const e of list) {
      out[k] = { id: lg.ids[k], element: e.id, kind: e.kind, type: e.type, domain: e.domain, from: names[lg.from[k]], to: names[lg.to[k]] };
      k++;
    }
  }
  for (const tp of desc.twoPorts) {
    const type = tp.kind === 'transformer' ? 'TF' : 'GY';
    for (let j = 0; j < 2; j++, k++) {
      out[k] = { id: lg.ids[k], element: tp.id, kind: tp.kind, type, domain: j === 0 ? tp.domain1 : tp.domain2, from: names[lg.from[k]], to: names[lg.to[k]] };
    }
  }
  return out;
}

export { deriveEquations };
