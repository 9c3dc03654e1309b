/**
 * Test oracle: the normal tree by exhaustive enumeration of the two-port placements, exactly as
 * formulation.md section 2 states it (capacitors before ports, displacement by deleting the capacitor on the
 * port's tree path, 2^k greedy trees scored lexicographically). Exponential: for small graphs only.
 */
import type { LinearGraph } from '../../src/linear-graph';
import { CLASS_CODE } from '../../src/linear-graph';

export interface EnumeratedTree {
  readonly inTree: Uint8Array;
  readonly states: number;
  readonly inductorsInTree: number;
  readonly capacitorsInTree: number;
  readonly placement: number[];
}

export function enumerateNormalTree(lg: LinearGraph): EnumeratedTree | undefined {
  const k = lg.twoPorts.length;
  const ids = lg.branches.map((b) => b.id);
  const byClass = (code: number) => lg.branches.map((b) => b.index).filter((i) => lg.cls[i] === code).sort((a, b) => (ids[a] < ids[b] ? -1 : 1));
  const E = byClass(CLASS_CODE.E);
  const C = byClass(CLASS_CODE.A);
  const R = byClass(CLASS_CODE.D);
  const L = byClass(CLASS_CODE.T);
  const N = lg.nodeNames.length;
  const spanning = N - lg.componentCount;
  let best: EnumeratedTree | undefined;
  for (let mask = 0; mask < 1 << k; mask++) {
    const placement = Array.from({ length: k }, (_, j) => (mask >> (k - 1 - j)) & 1);
    const tree = new Set<number>();
    const path = (a: number, b: number): number[] | undefined => {
      // BFS over the current tree from a to b; returns the branches on the path.
      const via = new Map<number, number>([[a, -1]]);
      const queue = [a];
      while (queue.length) {
        const n = queue.shift()!;
        if (n === b) break;
        for (const t of tree) {
          const m = lg.from[t] === n ? lg.to[t] : lg.to[t] === n ? lg.from[t] : -1;
          if (m >= 0 && !via.has(m)) {
            via.set(m, t);
            queue.push(m);
          }
        }
      }
      if (!via.has(b)) return undefined;
      const out: number[] = [];
      for (let n = b; n !== a; ) {
        const t = via.get(n)!;
        out.push(t);
        n = lg.from[t] === n ? lg.to[t] : lg.from[t];
      }
      return out;
    };
    const tryAdd = (t: number) => {
      if (path(lg.from[t], lg.to[t]) === undefined) {
        tree.add(t);
        return true;
      }
      return false;
    };
    for (const e of E) tryAdd(e);
    for (const c of C) tryAdd(c);
    let feasible = true;
    lg.twoPorts.forEach((tp, j) => {
      if (!feasible) return;
      if (tp.kind === 'transformer') {
        const port = placement[j] === 0 ? tp.ports[1] : tp.ports[0];
        const p = path(lg.from[port], lg.to[port]);
        if (p === undefined) tree.add(port);
        else {
          const caps = p.filter((t) => lg.cls[t] === CLASS_CODE.A);
          if (caps.length === 0) feasible = false;
          else {
            tree.delete(caps[0]);
            tree.add(port);
          }
        }
      } else if (placement[j] === 0) {
        for (const port of tp.ports) if (!tryAdd(port)) feasible = false;
      }
    });
    if (!feasible) continue;
    for (const r of R) tryAdd(r);
    for (const l of L) tryAdd(l);
    if (tree.size !== spanning) continue;
    const inTree = new Uint8Array(lg.branches.length);
    for (const t of tree) inTree[t] = 1;
    const capacitorsInTree = C.filter((c) => tree.has(c)).length;
    const inductorsInTree = L.filter((l) => tree.has(l)).length;
    const states = capacitorsInTree + L.length - inductorsInTree;
    const cand = { inTree, states, inductorsInTree, capacitorsInTree, placement };
    if (!best || states > best.states || (states === best.states && (inductorsInTree < best.inductorsInTree || (inductorsInTree === best.inductorsInTree && capacitorsInTree > best.capacitorsInTree)))) best = cand;
  }
  return best;
}
