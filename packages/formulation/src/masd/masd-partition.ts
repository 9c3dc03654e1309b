/**
 * The partition in MASD's groups (formulation.md sections 3 and 6.1): gyrators absorbed, tree gyrator ports
 * into the tree resistors G, link gyrator ports into the link resistors R. Rows and columns index F.
 *
 *   tree:   E, C, G = [G; γT], θ, Γ          links:  S, R = [R; γL], α, L, J
 *
 * Topology only (integer ids); the F blocks in a backend's matrices come from `masdBlocks`.
 */
import type { Partition } from '@sysgraph/graph';
import type { MatrixAlgebra } from '../algebra/matrix-algebra';

export const MASD_TREE_GROUPS = ['E', 'C', 'G', 'theta', 'Gamma'] as const;
export const MASD_LINK_GROUPS = ['S', 'R', 'alpha', 'L', 'J'] as const;
export type MasdTreeGroup = (typeof MASD_TREE_GROUPS)[number];
export type MasdLinkGroup = (typeof MASD_LINK_GROUPS)[number];
export type MasdGroup = MasdTreeGroup | MasdLinkGroup;

/** Printable names in the paper's notation. */
export const MASD_GROUP_SYMBOL: Readonly<Record<MasdGroup, string>> = {
  E: 'E', C: 'C', G: 'G', theta: 'θ', Gamma: 'Γ', S: 'S', R: 'R', alpha: 'α', L: 'L', J: 'J',
};

export interface MasdPartition {
  /** Branch indices of each MASD group, in partition order (G = [G; γT], R = [R; γL]). */
  readonly branches: Readonly<Record<MasdGroup, Int32Array>>;
  /** Branch ids of each group, for labels and messages. */
  readonly ids: Readonly<Record<MasdGroup, readonly string[]>>;
  /** Columns of F of each tree group, rows of F of each link group. */
  readonly index: Readonly<Record<MasdGroup, Int32Array>>;
  /** The tree gyrator ports and link gyrator ports (a subset of G and R), for precondition messages. */
  readonly gyratorTree: Int32Array;
  readonly gyratorLink: Int32Array;
}

export function masdPartition(p: Partition): MasdPartition {
  const lg = p.loop.tree.graph;
  const pos = p.loop.position;
  const g = p.groups;
  const branches: Record<MasdGroup, Int32Array> = {
    E: g.E, C: g.C, G: Int32Array.from([...g.G, ...g.gammaT]), theta: g.theta, Gamma: g.Gamma,
    S: g.S, R: Int32Array.from([...g.R, ...g.gammaL]), alpha: g.alpha, L: g.L, J: g.J,
  };
  const ids = {} as Record<MasdGroup, string[]>;
  const index = {} as Record<MasdGroup, Int32Array>;
  for (const k of [...MASD_TREE_GROUPS, ...MASD_LINK_GROUPS]) {
    ids[k] = Array.from(branches[k], (b) => lg.ids[b]);
    index[k] = Int32Array.from(branches[k], (b) => pos[b]);
  }
  return { branches, ids, index, gyratorTree: g.gammaT, gyratorLink: g.gammaL };
}

/** F_XY in the backend's matrices: rows in link group X, columns in tree group Y. */
export type MasdBlock<M> = (x: MasdLinkGroup, y: MasdTreeGroup) => M;

export function masdBlocks<M, T>(p: Partition, mp: MasdPartition, alg: MatrixAlgebra<M, T>): MasdBlock<M> {
  const F = alg.fromSigned(p.loop.F);
  const cache = new Map<string, M>();
  return (x, y) => {
    const key = `${x}|${y}`;
    let b = cache.get(key);
    if (b === undefined) {
      b = alg.selectCols(alg.selectRows(F, mp.index[x]), mp.index[y]);
      cache.set(key, b);
    }
    return b;
  };
}
