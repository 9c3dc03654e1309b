/**
 * The partition of formulation.md section 3: tree branches grouped E, C, G, θ, γT, Γ and links grouped
 * S, R, α, γL, L, J, each group in canonical order (ids; transformer ports and gyrator ports in two-port order,
 * so θ and α list the transformers in the same order and N12 is diagonal).
 */
import type { NormalTree } from './normal-tree';
import { CLASS_CODE } from './linear-graph';

export const TREE_GROUPS = ['E', 'C', 'G', 'theta', 'gammaT', 'Gamma'] as const;
export const LINK_GROUPS = ['S', 'R', 'alpha', 'gammaL', 'L', 'J'] as const;
export type TreeGroup = (typeof TREE_GROUPS)[number];
export type LinkGroup = (typeof LINK_GROUPS)[number];
export type Group = TreeGroup | LinkGroup;

/** Printable group names in the paper's notation. */
export const GROUP_SYMBOL: Readonly<Record<Group, string>> = {
  E: 'E', C: 'C', G: 'G', theta: 'θ', gammaT: 'γT', Gamma: 'Γ',
  S: 'S', R: 'R', alpha: 'α', gammaL: 'γL', L: 'L', J: 'J',
};

export interface BranchOrder {
  /** Branch indices in group order. */
  readonly branches: Int32Array;
  /** [start, end) of each group within `branches`. */
  readonly ranges: Readonly<Record<string, readonly [number, number]>>;
}

export function groupOf(tree: NormalTree, k: number): Group {
  const c = tree.graph.cls[k];
  const t = tree.inTree[k] === 1;
  switch (c) {
    case CLASS_CODE.E: return 'E';
    case CLASS_CODE.J: return 'J';
    case CLASS_CODE.A: return t ? 'C' : 'S';
    case CLASS_CODE.D: return t ? 'G' : 'R';
    case CLASS_CODE.T: return t ? 'Gamma' : 'L';
    case CLASS_CODE.TF: return t ? 'theta' : 'alpha';
    default: return t ? 'gammaT' : 'gammaL';
  }
}

/** Orders the tree branches and the links by group. O(B log B) for the id sort within groups. */
export function orderBranches(tree: NormalTree): { tree: BranchOrder; links: BranchOrder } {
  const lg = tree.graph;
  const buckets = new Map<Group, number[]>();
  for (const g of [...TREE_GROUPS, ...LINK_GROUPS]) buckets.set(g, []);
  // Two-port ports: in two-port canonical order, port 1 before port 2.
  const portRank = new Int32Array(lg.branches.length).fill(-1);
  lg.twoPorts.forEach((tp, j) => {
    portRank[tp.ports[0]] = 2 * j;
    portRank[tp.ports[1]] = 2 * j + 1;
  });
  // Branches visited in id-rank order fill each bucket already sorted; ports are reordered by two-port.
  const byRank = new Int32Array(lg.branches.length);
  lg.idRank.forEach((r, k) => (byRank[r] = k));
  for (const k of byRank) buckets.get(groupOf(tree, k))!.push(k);
  for (const g of ['theta', 'gammaT', 'alpha', 'gammaL'] as const) buckets.get(g)!.sort((a, b) => portRank[a] - portRank[b]);
  const build = (groups: readonly Group[]): BranchOrder => {
    const all: number[] = [];
    const ranges: Record<string, [number, number]> = {};
    for (const g of groups) {
      const start = all.length;
      for (const k of buckets.get(g)!) all.push(k);
      ranges[g] = [start, all.length];
    }
    return { branches: Int32Array.from(all), ranges };
  };
  return { tree: build(TREE_GROUPS), links: build(LINK_GROUPS) };
}
