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

/** Group index (TREE_GROUPS then LINK_GROUPS) of a branch, by 2·class code + (1 if in the tree). */
const GROUP_INDEX: Uint8Array = (() => {
  const all: readonly Group[] = [...TREE_GROUPS, ...LINK_GROUPS];
  const out: number[] = [];
  for (const [cls, link, tree] of [
    [CLASS_CODE.E, 'E', 'E'], [CLASS_CODE.TF, 'alpha', 'theta'], [CLASS_CODE.A, 'S', 'C'], [CLASS_CODE.GY, 'gammaL', 'gammaT'],
    [CLASS_CODE.D, 'R', 'G'], [CLASS_CODE.T, 'L', 'Gamma'], [CLASS_CODE.J, 'J', 'J'],
  ] as const) {
    out[2 * cls] = all.indexOf(link);
    out[2 * cls + 1] = all.indexOf(tree);
  }
  return Uint8Array.from(out);
})();

/**
 * Orders the tree branches and the links by group: a counting sort by group of the branches taken in id order
 * (LinearGraph.idOrder), so each group is in id order, except the port groups, filled two-port by two-port in
 * canonical two-port order. O(B).
 */
export function orderBranches(tree: NormalTree): { tree: BranchOrder; links: BranchOrder } {
  const lg = tree.graph;
  const cls = lg.cls;
  const inTree = tree.inTree;
  const B = cls.length;
  const T = TREE_GROUPS.length;
  const group = new Uint8Array(B);
  const count = new Int32Array(T + LINK_GROUPS.length);
  for (let k = 0; k < B; k++) {
    const g = GROUP_INDEX[2 * cls[k] + inTree[k]];
    group[k] = g;
    count[g]++;
  }
  // next[g]: where the next branch of group g goes, within the tree order (g < T) or the link order.
  const next = new Int32Array(count.length);
  const treeRanges: Record<string, [number, number]> = {};
  const linkRanges: Record<string, [number, number]> = {};
  let treeCount = 0;
  let linkCount = 0;
  TREE_GROUPS.forEach((name, g) => {
    next[g] = treeCount;
    treeRanges[name] = [treeCount, (treeCount += count[g])];
  });
  LINK_GROUPS.forEach((name, i) => {
    next[T + i] = linkCount;
    linkRanges[name] = [linkCount, (linkCount += count[T + i])];
  });
  const treeBranches = new Int32Array(treeCount);
  const linkBranches = new Int32Array(linkCount);
  const place = (k: number): void => {
    const g = group[k];
    if (g < T) treeBranches[next[g]++] = k;
    else linkBranches[next[g]++] = k;
  };
  const idOrder = lg.idOrder;
  for (let r = 0; r < B; r++) {
    const k = idOrder[r];
    const c = cls[k];
    if (c !== CLASS_CODE.TF && c !== CLASS_CODE.GY) place(k);
  }
  // Two-port ports: in two-port canonical order, port 1 before port 2.
  for (const tp of lg.twoPorts) {
    place(tp.ports[0]);
    place(tp.ports[1]);
  }
  return { tree: { branches: treeBranches, ranges: treeRanges }, links: { branches: linkBranches, ranges: linkRanges } };
}
