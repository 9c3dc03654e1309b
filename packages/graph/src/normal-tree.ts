/**
 * selectNormalTree: the normal tree of formulation.md section 2, with a polynomial search over the
 * two-port placements in place of the spec's 2^k enumeration.
 *
 *  1. D0 and D0' are rejected first (source-checks.ts).
 *  2. Start from placement 0 (transformer port 2 in the tree, gyrators in the tree): the spec's preferred
 *     choice vector. Repair infeasibility by flipping the two-port the greedy names (a port that closes a loop
 *     of sources and ports, or an excluded port that the tree needs to span).
 *  3. Local search: accept a flip of one two-port, then of a pair, when it gives a better score (section 2
 *     step 4: states, then fewer T-type in the tree, then more A-type in the tree), or the same score with a
 *     lexicographically smaller placement vector (step 4.4). When no such move exists, a Kernighan–Lin chain
 *     flips every two-port once, each time the one giving the best next placement (feasible first), and keeps
 *     the best placement met on the way: this moves several two-ports together when only that improves.
 *     Each evaluation is one greedy tree, O(B α(N)), so a round costs O(k² · B) with k two-ports; pair moves
 *     are tried only for k ≤ 16, and the search stops at a budget of 1.5·10^7 branch visits (`search.complete`).
 *
 * The result is deterministic and independent of input order (canonical id order in every tie).
 * Its state count is checked against the spec's exhaustive enumeration on seeded random graphs in the tests.
 */
import { SysgraphError } from '@sysgraph/core';
import type { LinearGraph } from './linear-graph';
import { CLASS_CODE } from './linear-graph';
import { canonicalOrder, compareScores, greedyTree } from './tree-greedy';
import type { GreedyTree } from './tree-greedy';
import { checkAcrossSourceLoops, checkThroughSourceCutsets } from './source-checks';

export interface NormalTree {
  readonly graph: LinearGraph;
  /** 1 for tree branches, 0 for links. */
  readonly inTree: Uint8Array;
  /** Per two-port (canonical order): transformer 0 = port 2 in the tree, 1 = port 1; gyrator 0 = in, 1 = out. */
  readonly placement: Uint8Array;
  /** n_x = #A-type in the tree + #T-type in the co-tree. */
  readonly stateCount: number;
  readonly search: { readonly evaluations: number; readonly complete: boolean };
}

const WORK_BUDGET = 1.5e7;

export function selectNormalTree(lg: LinearGraph): NormalTree {
  const order = canonicalOrder(lg);
  checkAcrossSourceLoops(lg, order);
  checkThroughSourceCutsets(lg);
  const spanningSize = lg.nodeNames.length - lg.componentCount;
  const k = lg.twoPorts.length;
  const B = Math.max(1, lg.ids.length);
  let evaluations = 0;
  const evaluate = (p: Uint8Array): GreedyTree => {
    evaluations++;
    return greedyTree(lg, order, p, spanningSize);
  };

  // 2. Feasible start.
  let placement: Uint8Array = new Uint8Array(k);
  let best = evaluate(placement);
  const seen = new Set<string>([key(placement)]);
  for (let attempt = 0; !best.feasible && attempt <= 2 * k + 1; attempt++) {
    const culprit = best.infeasibility!.twoPort;
    let next: { p: Uint8Array; t: GreedyTree } | undefined;
    const candidates = culprit >= 0 ? [culprit, ...range(k).filter((j) => j !== culprit)] : range(k);
    for (const j of candidates) {
      const p = flipped(placement, [j]);
      if (seen.has(key(p))) continue;
      seen.add(key(p));
      const t = evaluate(p);
      next = { p, t };
      if (t.feasible || j === culprit) break;
    }
    if (!next) break;
    placement = next.p;
    best = next.t;
  }
  if (!best.feasible) throw noAdmissibleTree(lg, best);

  // 3. Local search: single and pair flips, then Kernighan–Lin chains that may pass through worse or
  //    infeasible placements to escape local optima that need several two-ports to move together.
  let complete = true;
  const overBudget = () => evaluations * B > WORK_BUDGET;
  const better = (t: GreedyTree, p: Uint8Array, than: GreedyTree, q: Uint8Array) => {
    const c = compareScores(t, than);
    return c > 0 || (c === 0 && lexLess(p, q));
  };
  for (let improved = true; improved && complete; ) {
    improved = false;
    const moves: number[][] = range(k).map((j) => [j]);
    if (k <= 16) for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) moves.push([a, b]);
    for (const move of moves) {
      if (overBudget()) {
        complete = false;
        break;
      }
      const p = flipped(placement, move);
      const t = evaluate(p);
      if (t.feasible && better(t, p, best, placement)) {
        placement = p;
        best = t;
        improved = true;
      }
    }
    if (improved || !complete || k < 3) continue;
    // Kernighan–Lin chain: flip, one two-port at a time, the one giving the best next placement.
    let cur = placement;
    const used = new Uint8Array(k);
    for (let step = 0; step < k && complete; step++) {
      let pick = -1;
      let pickTree: GreedyTree | undefined;
      let pickP: Uint8Array | undefined;
      for (let j = 0; j < k; j++) {
        if (used[j]) continue;
        if (overBudget()) {
          complete = false;
          break;
        }
        const p = flipped(cur, [j]);
        const t = evaluate(p);
        if (!pickTree || rank(t, pickTree) > 0) {
          pick = j;
          pickTree = t;
          pickP = p;
        }
      }
      if (pick < 0 || !pickTree || !pickP) break;
      used[pick] = 1;
      cur = pickP;
      if (pickTree.feasible && better(pickTree, cur, best, placement)) {
        placement = cur;
        best = pickTree;
        improved = true;
      }
    }
  }
  return { graph: lg, inTree: best.inTree, placement, stateCount: best.states, search: { evaluations, complete } };
}

function noAdmissibleTree(lg: LinearGraph, t: GreedyTree): SysgraphError {
  const j = t.infeasibility?.twoPort ?? -1;
  const tp = j >= 0 ? lg.twoPorts[j] : undefined;
  const what = tp
    ? `${tp.kind} ${tp.id} is constrained on both sides: each placement of its ports closes a loop of across sources and two-port ports or leaves the graph unspanned`
    : 'no placement of the two-ports gives a spanning tree';
  return new SysgraphError('no-admissible-tree', `no admissible normal tree: ${what}. Its across values are over-determined; remove a source or add an element in series with a port.`, {
    element: tp?.id,
    elements: tp ? tp.ports.map((b) => lg.ids[b]) : [],
    expected: 'a two-port with at least one port free of across-source loops',
  });
}

/** Feasible placements first, then the section 2 score. */
function rank(a: GreedyTree, b: GreedyTree): number {
  return Number(a.feasible) - Number(b.feasible) || compareScores(a, b);
}

function key(p: Uint8Array): string {
  return p.join('');
}

function flipped(p: Uint8Array, js: readonly number[]): Uint8Array {
  // (a copy with the placement of the two-ports js reversed)
  const q = p.slice();
  for (const j of js) q[j] ^= 1;
  return q;
}

function lexLess(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** True when branch k is an A-type or T-type element that is a state (tree A-type, co-tree T-type). */
export function isStateBranch(tree: NormalTree, k: number): boolean {
  const c = tree.graph.cls[k];
  return (c === CLASS_CODE.A && tree.inTree[k] === 1) || (c === CLASS_CODE.T && tree.inTree[k] === 0);
}
