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
import { CLASS_CODE, CLASS_OF_CODE } from './linear-graph';

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

/**
 * Branch indices sorted by (class, id): the canonical order of the greedy. A counting sort by class of the
 * branches taken in id order (LinearGraph.idOrder), stable, so each class stays in id order: O(B).
 */
export function canonicalOrder(lg: LinearGraph): Int32Array {
  const B = lg.idOrder.length;
  const cls = lg.cls;
  const start = new Int32Array(CLASS_OF_CODE.length + 1);
  for (let k = 0; k < B; k++) start[cls[k] + 1]++;
  for (let c = 0; c < CLASS_OF_CODE.length; c++) start[c + 1] += start[c];
  const order = new Int32Array(B);
  const idOrder = lg.idOrder;
  for (let r = 0; r < B; r++) {
    const k = idOrder[r];
    order[start[cls[k]]++] = k;
  }
  return order;
}

export function greedyTree(lg: LinearGraph, order: Int32Array, placement: PlacementVector, spanningSize: number): GreedyTree {
  const B = lg.ids.length;
  const cls = lg.cls;
  const from = lg.from;
  const to = lg.to;
  const inTree = new Uint8Array(B);
  const uf = new UnionFind(lg.nodeNames.length);
  let treeSize = 0;

  // 1. Across sources (an E closing a loop was rejected before: source-checks.ts).
  // 2. The chosen transformer ports; 3. A-type; 4. the chosen gyrator ports — a chosen port that closes a loop
  //    makes the placement infeasible; 5. D-type, 6. T-type, each if it closes no loop.
  const ports = twoPortTables(lg, placement);
  let infeasibility: GreedyTree['infeasibility'];
  let states = 0;
  let inductorsInTree = 0;
  let capacitorsInTree = 0;
  for (let r = 0; r < B; r++) {
    const k = order[r];
    const c = cls[k];
    if (c === CLASS_CODE.J) continue;
    if (c === CLASS_CODE.TF || c === CLASS_CODE.GY) {
      if (!ports.chosen[k]) continue;
      if (uf.union(from[k], to[k])) {
        inTree[k] = 1;
        treeSize++;
      } else if (!infeasibility) {
        infeasibility = { twoPort: ports.owner[k], reason: 'port-closes-source-loop' };
      }
      continue;
    }
    // Once the forest spans (N − components branches), every further branch closes a loop: no union to try.
    const joined = treeSize < spanningSize && uf.union(from[k], to[k]);
    if (joined) {
      inTree[k] = 1;
      treeSize++;
    }
    // The score: A-type in the tree and T-type in the co-tree are states.
    if (c === CLASS_CODE.A && joined) {
      states++;
      capacitorsInTree++;
    } else if (c === CLASS_CODE.T) {
      if (joined) inductorsInTree++;
      else states++;
    }
  }
  if (!infeasibility && treeSize < spanningSize) {
    // Some excluded port is a bridge of what remains: name the first such two-port.
    let culprit = -1;
    for (let r = 0; r < B && culprit < 0 && lg.twoPorts.length > 0; r++) {
      const k = order[r];
      if (ports.owner[k] >= 0 && !ports.chosen[k] && uf.find(from[k]) !== uf.find(to[k])) culprit = ports.owner[k];
    }
    infeasibility = { twoPort: culprit, reason: 'not-spanning' };
  }
  return { inTree, feasible: !infeasibility, infeasibility, states, inductorsInTree, capacitorsInTree };
}

/** Per branch: whether the placement puts it (a two-port port) in the tree first, and its two-port (or −1). */
function twoPortTables(lg: LinearGraph, placement: PlacementVector): { chosen: Uint8Array; owner: Int32Array } {
  const B = lg.twoPorts.length === 0 ? 0 : lg.ids.length;
  const chosen = new Uint8Array(B);
  const owner = new Int32Array(B).fill(-1);
  lg.twoPorts.forEach((tp, k) => {
    const [p1, p2] = tp.ports;
    if (tp.kind === 'transformer') chosen[placement[k] === 0 ? p2 : p1] = 1;
    else if (placement[k] === 0) chosen[p1] = chosen[p2] = 1;
    owner[p1] = owner[p2] = k;
  });
  return { chosen, owner };
}

/** Section 2 step 4: more states, then fewer T-type in the tree, then more A-type in the tree. */
export function compareScores(a: GreedyTree, b: GreedyTree): number {
  return (
    a.states - b.states || b.inductorsInTree - a.inductorsInTree || a.capacitorsInTree - b.capacitorsInTree
  );
}
