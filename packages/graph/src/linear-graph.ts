/**
 * LinearGraph: the system graph on integer ids (formulation.md section 1).
 * Each branch k joins node from[k] to node to[k]; across v_k = φ(from) − φ(to); through i_k flows from → to.
 * Two-ports contribute one branch per port (`T.1`, `T.2`). Topology lives in typed arrays so that the
 * stages after it cost O(B); a graphology view is built on demand (see graphology-view.ts).
 */
import type { BranchClass, Domain } from '@sysgraph/core';
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { branchDomain, branchInfos } from './branch-info';
import type { BranchInfo } from './branch-info';
import { connectedComponents } from './components';
import { rankBranchIds } from './id-ranks';
import { lazyIndex } from './lazy-index';

/**
 * Branch classes as small integers, in the normal tree's order of insertion (tree-greedy.ts):
 * across sources, transformer ports, A-type, gyrator ports, D-type, T-type, through sources.
 */
export const CLASS_CODE: Readonly<Record<BranchClass, number>> = { E: 0, TF: 1, A: 2, GY: 3, D: 4, T: 5, J: 6 };
export const CLASS_OF_CODE: readonly BranchClass[] = ['E', 'TF', 'A', 'GY', 'D', 'T', 'J'];

/** CLASS_CODE[c] by comparisons (a keyed lookup per branch costs more at 10^5 branches). */
export function classCode(c: BranchClass): number {
  return c === 'A' ? 2 : c === 'D' ? 4 : c === 'T' ? 5 : c === 'E' ? 0 : c === 'J' ? 6 : c === 'TF' ? 1 : 3;
}

export type { BranchInfo };

export interface LinearGraph {
  readonly nodeNames: readonly string[];
  /** The record of each branch (branch-info.ts), made on first use: the stages read the arrays below. */
  readonly branches: readonly BranchInfo[];
  /** ids[k]: the id of branch k. */
  readonly ids: readonly string[];
  /** The domain of branch k, read from the description (no records made). */
  domainOf(k: number): Domain;
  /** from[k], to[k]: node indices of branch k. */
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** CLASS_CODE of each branch. */
  readonly cls: Uint8Array;
  /** Component index of every node; components are numbered in order of their first node. */
  readonly component: Int32Array;
  readonly componentCount: number;
  /** The ground (reference) node of each component. */
  readonly groundOf: Int32Array;
  /** Two-ports in canonical (id) order with their two branch indices. */
  readonly twoPorts: readonly { readonly id: string; readonly kind: 'transformer' | 'gyrator'; readonly ports: readonly [number, number] }[];
  readonly branchIndex: ReadonlyMap<string, number>;
  readonly nodeIndex: ReadonlyMap<string, number>;
  /** Rank of each branch's id in canonical (code-point) order: every tie-break sorts on this integer. */
  readonly idRank: Int32Array;
  /** The branches in canonical id order (the inverse permutation of idRank). */
  readonly idOrder: Int32Array;
}

/**
 * buildLinearGraph: O(B + N) with the description's BranchNumbering (parseSystem's), else O(L + B + N) for the
 * id sort (L the total length of the ids, radix sort) and one hash lookup per terminal. Branch order: one-ports
 * and sources in input order, then the ports of each two-port. Nothing downstream depends on this order (the
 * tree's tie-breaks use ids). The node index is the description's (parseSystem's) when it has one; the branch
 * index is built on first use.
 */
export function buildLinearGraph(desc: SystemDescription): LinearGraph {
  const nodeNames = desc.nodes;
  // The description's own numbering when it has one (parseSystem's), else one built here.
  const nodeIndex = desc.nodeIndex ?? new Map(nodeNames.map((n, i) => [n, i]));
  const numbering = desc.branchNumbering;
  const B = desc.oneports.length + desc.sources.length + 2 * desc.twoPorts.length;
  const nodes: NodeLookup = {
    names: nodeNames,
    index: nodeIndex,
    hinted: numbering !== undefined && numbering.terminals.length === 2 * B ? numbering.terminals : undefined,
    misses: 0,
  };

  // One pass per element list, filling the typed arrays (the branch records are made on first use).
  const ids: string[] = new Array(B);
  const from = new Int32Array(B);
  const to = new Int32Array(B);
  const cls = new Uint8Array(B);
  let k = 0;
  // one-ports, then sources (indexed loops: a cold for…of makes an iterator result per element)
  for (const list of [desc.oneports, desc.sources]) {
    for (let q = 0; q < list.length; q++, k++) {
      const e = list[q];
      from[k] = nodeOf(nodes, 2 * k, e.from, e.id, 'from');
      to[k] = nodeOf(nodes, 2 * k + 1, e.to, e.id, 'to');
      ids[k] = e.id;
      cls[k] = classCode(e.type);
    }
  }
  const twoPortsRaw: { id: string; kind: 'transformer' | 'gyrator'; ports: [number, number] }[] = [];
  for (const tp of desc.twoPorts) {
    const branchClass: BranchClass = tp.kind === 'transformer' ? 'TF' : 'GY';
    const first = k;
    for (let j = 0; j < 2; j++) {
      const p = tp.ports[j];
      const f = nodeOf(nodes, 2 * k, p.from, tp.id, `ports[${j}].from`);
      const t = nodeOf(nodes, 2 * k + 1, p.to, tp.id, `ports[${j}].to`);
      ids[k] = `${tp.id}.${j + 1}`;
      from[k] = f;
      to[k] = t;
      cls[k] = classCode(branchClass);
      k++;
    }
    twoPortsRaw.push({ id: tp.id, kind: tp.kind, ports: [first, first + 1] });
  }
  twoPortsRaw.sort((x, y) => compareIds(x.id, y.id));

  // Ids in canonical order (a repeated id is a duplicate-id error).
  const elementOf = (k: number): string => (k < B - 2 * desc.twoPorts.length ? ids[k] : desc.twoPorts[(k - (B - 2 * desc.twoPorts.length)) >> 1].id);
  const { idOrder, idRank } = rankBranchIds(ids, elementOf, numbering?.idOrder);
  // Branch id → index, built on first use (later stages look up a few outputs; see lazy-index.ts).
  const branchIndex = lazyIndex(() => ids);

  const N = nodeNames.length;
  // The reader's components when they were found over these very terminals (every one as hinted), else one
  // union–find pass here.
  const known = nodes.hinted !== undefined && nodes.misses === 0 ? numbering?.components : undefined;
  const { component, count } = known !== undefined && known.component.length === N ? known : connectedComponents(N, from, to);
  const groundOf = new Int32Array(count).fill(-1);
  for (const g of desc.grounds) {
    const n = nodeIndex.get(g);
    if (n !== undefined && groundOf[component[n]] < 0) groundOf[component[n]] = n;
  }
  for (let n = 0; n < N; n++) if (groundOf[component[n]] < 0) groundOf[component[n]] = n;

  return new Graph(desc, { nodeNames, ids, from, to, cls, component, componentCount: count, groundOf, twoPorts: twoPortsRaw, branchIndex, nodeIndex, idRank, idOrder });
}

type GraphArrays = Omit<LinearGraph, 'branches' | 'domainOf'>;

/**
 * The LinearGraph with its branch records made on first use. A class, so that every graph shares one hidden
 * class (an object literal with a getter is kept as a dictionary, which slows every field read in the stages).
 */
class Graph implements LinearGraph {
  readonly nodeNames: readonly string[];
  readonly ids: readonly string[];
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly cls: Uint8Array;
  readonly component: Int32Array;
  readonly componentCount: number;
  readonly groundOf: Int32Array;
  readonly twoPorts: LinearGraph['twoPorts'];
  readonly branchIndex: ReadonlyMap<string, number>;
  readonly nodeIndex: ReadonlyMap<string, number>;
  readonly idRank: Int32Array;
  readonly idOrder: Int32Array;
  private readonly description: SystemDescription;
  private records: readonly BranchInfo[] | undefined;

  constructor(desc: SystemDescription, a: GraphArrays) {
    this.nodeNames = a.nodeNames;
    this.ids = a.ids;
    this.from = a.from;
    this.to = a.to;
    this.cls = a.cls;
    this.component = a.component;
    this.componentCount = a.componentCount;
    this.groundOf = a.groundOf;
    this.twoPorts = a.twoPorts;
    this.branchIndex = a.branchIndex;
    this.nodeIndex = a.nodeIndex;
    this.idRank = a.idRank;
    this.idOrder = a.idOrder;
    this.description = desc;
    this.records = undefined;
  }

  get branches(): readonly BranchInfo[] {
    return (this.records ??= branchInfos(this.description, this.ids, this.from, this.to));
  }

  domainOf(k: number): Domain {
    return branchDomain(this.description, k);
  }
}

interface NodeLookup {
  readonly names: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** The description's node numbers of the terminals (BranchNumbering.terminals), when their count fits. */
  readonly hinted: Int32Array | undefined;
  /** Terminals whose hinted number did not name their node (looked up by name instead). */
  misses: number;
}

/**
 * The number of the node `name` at terminal t (2k: from, 2k + 1: to of branch k): the description's number when
 * it names the same node (one string comparison, usually of the same string object), else a hash lookup.
 */
function nodeOf(nodes: NodeLookup, t: number, name: string, element: string, field: string): number {
  if (nodes.hinted !== undefined) {
    const k = nodes.hinted[t];
    if (nodes.names[k] === name) return k;
    nodes.misses++;
  }
  const k = nodes.index.get(name);
  if (k === undefined) {
    throw new SysgraphError('dangling-node', `${element}.${field}: node "${name}" is not declared`, {
      element,
      field,
      expected: 'a node of the system',
    });
  }
  return k;
}

/** Canonical order of ids: plain code-point order, independent of locale. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
