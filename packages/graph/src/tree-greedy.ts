/**
 * The normal tree for one fixed placement of the two-ports (formulation.md section 2, step 3),
 * as a greedy spanning forest by class: across sources E, the chosen transformer ports, A-type, the chosen
 * gyrator ports, D-type, T-type.
 *
 * Transformer ports go in before the capacitors. This is the spec's "capacitor displacement" without
 * deleting edges from the forest: a capacitor that closes a loop with transformer ports becomes a co-tree
 * capacitor S, the capacitor the spec displaces (same tree size, same state count), and union-find suffices.
 * Gyrator ports go in after the capacitors and never displace one: a gyrator port that closes a loop makes the
 * placement infeasible, as in the spec.
 * Within a class, branches are taken in canonical id order, so the tree does not depend on input order.
 * Cost: O(B α(N)) after the canonical order, which is computed once per graph.
 */
import { UnionFind } from './union-find';
import type { LinearGraph } from './linear-graph';
import { CLASS_CODE } from './linear-graph';

/** Two-port placement: transformer 0 = port 2 in the tree, 1 = port 1; gyrator 0 = both in, 1 = both out. */
export type PlacementVector = Uint8Array;

export interface GreedyTree {
  readonly inTree: Uint8Array;
  readonly feasible: boolean;
  /** Why the placement is infeasible, naming the two-port at fault. */
  readonly infeasibility?: { readonly twoPort: number; readonly reason: 'port-closes-source-loop' | 'not-spanning' };
  /** Score for comparing placements (section 2 step 4). */
  readonly states: number;
  readonly inductorsInTree: number;
  readonly capacitorsInTree: number;
}

/** Branch indices sorted by (class, id): the canonical order of the greedy. O(B log B). */
export function canonicalOrder(lg: LinearGraph): Int32Array {
  const order = Int32Array.from(lg.branches.keys());
  const rank = lg.idRank;
  order.sort((a, b) => lg.cls[a] - lg.cls[b] || rank[a] - rank[b]);
  return order;
}

export function greedyTree(lg: LinearGraph, order: Int32Array, placement: PlacementVector, spanningSize: number): GreedyTree {
  const B = lg.branches.length;
  const inTree = new Uint8Array(B);
  const uf = new UnionFind(lg.nodeNames.length);
  let treeSize = 0;

  // 1. Across sources (an E closing a loop was rejected before: source-checks.ts).
  // 2. The chosen transformer ports; 3. A-type; 4. the chosen gyrator ports — a chosen port that closes a loop
  //    makes the placement infeasible; 5. D-type, 6. T-type, each if it closes no loop.
  const chosen = new Uint8Array(B);
  lg.twoPorts.forEach((tp, k) => {
    const [p1, p2] = tp.ports;
    if (tp.kind === 'transformer') chosen[placement[k] === 0 ? p2 : p1] = 1;
    else if (placement[k] === 0) chosen[p1] = chosen[p2] = 1;
  });
  const portOwner = new Int32Array(B).fill(-1);
  lg.twoPorts.forEach((tp, k) => {
    portOwner[tp.ports[0]] = k;
    portOwner[tp.ports[1]] = k;
  });

  let infeasibility: GreedyTree['infeasibility'];
  for (let r = 0; r < B; r++) {
    const k = order[r];
    const c = lg.cls[k];
    if (c === CLASS_CODE.J) continue;
    if (c === CLASS_CODE.TF || c === CLASS_CODE.GY) {
      if (!chosen[k]) continue;
      if (uf.union(lg.from[k], lg.to[k])) {
        inTree[k] = 1;
        treeSize++;
      } else if (!infeasibility) {
        infeasibility = { twoPort: portOwner[k], reason: 'port-closes-source-loop' };
      }
      continue;
    }
    if (uf.union(lg.from[k], lg.to[k])) {
      inTree[k] = 1;
      treeSize++;
    }
  }
  if (!infeasibility && treeSize < spanningSize) {
    // Some excluded port is a bridge of what remains: name the first such two-port.
    let culprit = -1;
    for (let r = 0; r < B && culprit < 0; r++) {
      const k = order[r];
      if (portOwner[k] >= 0 && !chosen[k] && uf.find(lg.from[k]) !== uf.find(lg.to[k])) culprit = portOwner[k];
    }
    infeasibility = { twoPort: culprit, reason: 'not-spanning' };
  }

  let states = 0;
  let inductorsInTree = 0;
  let capacitorsInTree = 0;
  for (let k = 0; k < B; k++) {
    const c = lg.cls[k];
    if (c === CLASS_CODE.A && inTree[k]) {
      states++;
      capacitorsInTree++;
    } else if (c === CLASS_CODE.T) {
      if (inTree[k]) inductorsInTree++;
      else states++;
    }
  }
  return { inTree, feasible: !infeasibility, infeasibility, states, inductorsInTree, capacitorsInTree };
}

/** Section 2 step 4: more states, then fewer T-type in the tree, then more A-type in the tree. */
export function compareScores(a: GreedyTree, b: GreedyTree): number {
  return (
    a.states - b.states || b.inductorsInTree - a.inductorsInTree || a.capacitorsInTree - b.capacitorsInTree
  );
}
