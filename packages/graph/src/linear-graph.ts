/**
 * LinearGraph: the system graph on integer ids (formulation.md section 1).
 * Each branch k joins node from[k] to node to[k]; across v_k = φ(from) − φ(to); through i_k flows from → to.
 * Two-ports contribute one branch per port (`T.1`, `T.2`). Topology lives in typed arrays so that the
 * stages after it cost O(B); a graphology view is built on demand (see graphology-view.ts).
 */
import type { BranchClass, Domain } from '@sysgraph/core';
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { connectedComponents } from './components';
import { lazyIndex } from './lazy-index';

/**
 * Branch classes as small integers, in the normal tree's order of insertion (tree-greedy.ts):
 * across sources, transformer ports, A-type, gyrator ports, D-type, T-type, through sources.
 */
export const CLASS_CODE: Readonly<Record<BranchClass, number>> = { E: 0, TF: 1, A: 2, GY: 3, D: 4, T: 5, J: 6 };
export const CLASS_OF_CODE: readonly BranchClass[] = ['E', 'TF', 'A', 'GY', 'D', 'T', 'J'];

export interface BranchInfo {
  readonly index: number;
  /** Branch id: the element id, or `<two-port id>.1` / `.2` for a port. */
  readonly id: string;
  /** The element (one-port, source or two-port) the branch belongs to. */
  readonly element: string;
  readonly port?: 1 | 2;
  readonly cls: BranchClass;
  readonly kind: string;
  readonly domain: Domain;
  readonly from: number;
  readonly to: number;
}

export interface LinearGraph {
  readonly nodeNames: readonly string[];
  readonly branches: readonly BranchInfo[];
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
}

/**
 * buildLinearGraph: O(B log B) for the id ranks, O(B + N) for the rest. Branch order: one-ports and sources in
 * input order, then the ports of each two-port. Nothing downstream depends on this order (the tree's
 * tie-breaks use ids). The node index is the description's (parseSystem's) when it has one; the branch index is
 * built on first use.
 */
export function buildLinearGraph(desc: SystemDescription): LinearGraph {
  // The description's own numbering when it has one (parseSystem's), else one built here.
  const nodeIndex = desc.nodeIndex ?? new Map(desc.nodes.map((n, i) => [n, i]));
  const node = (name: string, element: string, field: string): number => {
    const k = nodeIndex.get(name);
    if (k === undefined) {
      throw new SysgraphError('dangling-node', `${element}.${field}: node "${name}" is not declared`, {
        element,
        field,
        expected: 'a node of the system',
      });
    }
    return k;
  };

  const branches: BranchInfo[] = [];
  for (const e of desc.oneports) {
    branches.push({ index: branches.length, id: e.id, element: e.id, port: undefined, cls: e.type, kind: e.kind, domain: e.domain, from: node(e.from, e.id, 'from'), to: node(e.to, e.id, 'to') });
  }
  for (const s of desc.sources) {
    branches.push({ index: branches.length, id: s.id, element: s.id, port: undefined, cls: s.type, kind: s.kind, domain: s.domain, from: node(s.from, s.id, 'from'), to: node(s.to, s.id, 'to') });
  }
  const twoPortsRaw: { id: string; kind: 'transformer' | 'gyrator'; ports: [number, number] }[] = [];
  for (const tp of desc.twoPorts) {
    const cls: BranchClass = tp.kind === 'transformer' ? 'TF' : 'GY';
    const first = branches.length;
    tp.ports.forEach((p, j) => {
      branches.push({
        index: branches.length,
        id: `${tp.id}.${j + 1}`,
        element: tp.id,
        port: (j + 1) as 1 | 2,
        cls,
        kind: tp.kind,
        domain: j === 0 ? tp.domain1 : tp.domain2,
        from: node(p.from, tp.id, `ports[${j}].from`),
        to: node(p.to, tp.id, `ports[${j}].to`),
      });
    });
    twoPortsRaw.push({ id: tp.id, kind: tp.kind, ports: [first, first + 1] });
  }
  twoPortsRaw.sort((a, b) => compareIds(a.id, b.id));

  // Ids in canonical order; a repeated id is then next to its twin.
  const idRank = rankIds(branches);
  // Branch id → index, built on first use (later stages look up a few outputs; see lazy-index.ts).
  const branchIndex = lazyIndex(() => branches.map((b) => b.id));

  const B = branches.length;
  const from = new Int32Array(B);
  const to = new Int32Array(B);
  const cls = new Uint8Array(B);
  for (let k = 0; k < B; k++) {
    const b = branches[k];
    from[k] = b.from;
    to[k] = b.to;
    cls[k] = CLASS_CODE[b.cls];
  }
  const N = desc.nodes.length;
  const { component, count } = connectedComponents(N, from, to);
  const groundOf = new Int32Array(count).fill(-1);
  for (const g of desc.grounds) {
    const k = nodeIndex.get(g);
    if (k !== undefined && groundOf[component[k]] < 0) groundOf[component[k]] = k;
  }
  for (let n = 0; n < N; n++) if (groundOf[component[n]] < 0) groundOf[component[n]] = n;

  return { nodeNames: desc.nodes, branches, from, to, cls, component, componentCount: count, groundOf, twoPorts: twoPortsRaw, branchIndex, nodeIndex, idRank };
}

/**
 * The rank of every branch id in code-point order: one string sort per graph, O(B log B). Throws
 * 'duplicate-id' for a repeated id (two-port ports are named <id>.1 and <id>.2), naming the branch whose second
 * occurrence comes first in branch order.
 */
function rankIds(branches: readonly BranchInfo[]): Int32Array {
  const B = branches.length;
  const rank = new Int32Array(B);
  let sorted = true;
  for (let k = 1; k < B && sorted; k++) if (!(branches[k - 1].id < branches[k].id)) sorted = false;
  if (sorted) {
    for (let k = 0; k < B; k++) rank[k] = k;
    return rank;
  }
  const order = Array.from(branches.keys());
  // Ties (equal ids) keep branch order: the sort is stable.
  order.sort((a, b) => compareIds(branches[a].id, branches[b].id));
  let duplicate = -1;
  for (let r = 1; r < B; r++) {
    const k = order[r];
    if (branches[k].id === branches[order[r - 1]].id && (duplicate < 0 || k < duplicate)) duplicate = k;
  }
  if (duplicate >= 0) {
    const b = branches[duplicate];
    throw new SysgraphError('duplicate-id', `branch id "${b.id}" is used twice`, { element: b.element, field: 'id', expected: 'unique ids (two-port ports are named <id>.1 and <id>.2)' });
  }
  for (let r = 0; r < B; r++) rank[order[r]] = r;
  return rank;
}

/** Canonical order of ids: plain code-point order, independent of locale. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
