/**
 * networkOutputs: the description's outputs as sums over primary and secondary branch values (formulation.md
 * section 6): across of a tree branch and through of a link are primary; across of a link (KVL) and through of a
 * tree branch (KCL) are secondary; a node potential φ(n) − φ(ref) is the sum of tree across values along the
 * tree paths to the ground, ±v_k as the path runs along or against branch k.
 * The values come from whoever holds the branches' primary values at the point (the general evaluator, or, on the
 * split path, only the primaries the outputs read: network-model.ts), so the outputs are built from the plan alone.
 */
import type { Structure } from '@sysgraph/graph';
import type { NetworkPlan } from './network-plan';
import { ROLE } from './network-plan';

/** Primary values of the branches at a point and the secondary value of a branch there (NetworkEvaluator is one). */
export interface BranchValues {
  readonly prim: Float64Array;
  sec(k: number): number;
}

export interface NetworkOutputs {
  /** y = g from the branch values of one point. */
  fill(y: Float64Array | number[], values: BranchValues): void;
  /**
   * The branches whose primary values are all the outputs read, when each is a state or an input branch (no
   * static value, no secondary value): then y needs only those primaries (NetworkEvaluator.loadPrimaries), not
   * the solve of the static network. Undefined otherwise.
   */
  readonly primaries: Int32Array | undefined;
}

export function networkOutputs(s: Structure, plan: NetworkPlan): NetworkOutputs {
  const lg = s.graph;
  const inTree = s.tree.inTree;
  const forest = s.loop.forest;
  // Each output: terms (branch, coefficient, secondary?).
  const ptr: number[] = [0];
  const branch: number[] = [];
  const coef: number[] = [];
  const secondary: number[] = [];
  const add = (k: number, c: number, sec: boolean) => {
    branch.push(k);
    coef.push(c);
    secondary.push(sec ? 1 : 0);
  };
  const potential = (node: number, sign: number) => {
    for (let n = node; forest.parentBranch[n] >= 0; n = forest.parent[n]) {
      const k = forest.parentBranch[n];
      add(k, lg.from[k] === n ? sign : -sign, false);
    }
  };
  for (const o of s.description.outputs) {
    if (o.kind === 'node') {
      potential(lg.nodeIndex.get(o.node)!, 1);
      potential(lg.nodeIndex.get(o.reference)!, -1);
    } else {
      const k = lg.branchIndex.get(o.port === undefined ? o.element : `${o.element}.${o.port}`)!;
      const tree = inTree[k] === 1;
      add(k, 1, o.variable === 'across' ? !tree : tree);
    }
    ptr.push(branch.length);
  }
  const role = plan.role;
  const direct = secondary.every((x) => x === 0) && branch.every((k) => role[k] === ROLE.state || role[k] === ROLE.input);
  return {
    primaries: direct ? Int32Array.from(new Set(branch)) : undefined,
    fill(y, values) {
      const prim = values.prim;
      for (let i = 0; i + 1 < ptr.length; i++) {
        let v = 0;
        for (let q = ptr[i]; q < ptr[i + 1]; q++) v += coef[q] * (secondary[q] === 1 ? values.sec(branch[q]) : prim[branch[q]]);
        y[i] = v;
      }
    },
  };
}
