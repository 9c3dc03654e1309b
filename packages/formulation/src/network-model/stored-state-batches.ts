/**
 * StoredStateBatches: the states whose law gives the branch's primary value from the state (x = q_C with
 * v = V(q, t), x = λ_L with i = I(λ, t): the springs of a chain), grouped by law and evaluated as batches
 * (law-batch.ts), prim = L(x) and dprim/dx = L'(x); and the own states of constant linear laws (q = C v, λ = L i),
 * whose rate is σ / c with no law to evaluate. Values are those of the laws' valueAt and slopeAt to the last bit.
 */
import { CoefficientLaw } from './scalar-law';
import type { ScalarLaw } from './scalar-law';
import { lawBatch } from './law-batch';
import type { LawBatch } from './law-batch';
import type { PlanState } from './network-plan';
import { int32Column } from './typed-columns';

interface Group {
  readonly batch: LawBatch;
  readonly states: Int32Array;
  readonly branch: Int32Array;
}

export class StoredStateBatches {
  /** Per state: c of a constant linear own law (rate = σ / c), NaN otherwise. */
  readonly linearFactor: Float64Array;
  private readonly groups: Group[] = [];
  private readonly arg: Float64Array;
  private readonly out: Float64Array;

  constructor(states: readonly PlanState[]) {
    this.linearFactor = linearFactors(states);
    const byLaw = new Map<ScalarLaw, number[]>();
    let largest = 0;
    states.forEach((st, c) => {
      if (st.own) return;
      const list = byLaw.get(st.law) ?? [];
      list.push(c);
      byLaw.set(st.law, list);
    });
    for (const [law, list] of byLaw) {
      this.groups.push({ batch: lawBatch(law), states: Int32Array.from(list), branch: int32Column(list, (c) => states[c].branch) });
      largest = Math.max(largest, list.length);
    }
    this.arg = new Float64Array(largest);
    this.out = new Float64Array(largest);
  }

  /** prim[branch] = L(x) for every stored state. */
  values(x: ArrayLike<number>, t: number, prim: Float64Array): void {
    const { arg, out } = this;
    for (let k = 0; k < this.groups.length; k++) {
      const g = this.groups[k];
      const count = g.states.length;
      for (let i = 0; i < count; i++) arg[i] = x[g.states[i]];
      g.batch.valuesAt(arg, count, t, out);
      for (let i = 0; i < count; i++) prim[g.branch[i]] = out[i];
    }
  }

  /** slope[c] = L'(x_c) for every stored state (may be non-finite: the caller checks). */
  slopes(x: ArrayLike<number>, t: number, slope: Float64Array): void {
    const { arg, out } = this;
    for (let k = 0; k < this.groups.length; k++) {
      const g = this.groups[k];
      const count = g.states.length;
      for (let i = 0; i < count; i++) arg[i] = x[g.states[i]];
      g.batch.slopesAt(arg, count, t, out);
      for (let i = 0; i < count; i++) slope[g.states[i]] = out[i];
    }
  }
}

/** Per state: c of a constant linear own law q = c·v (λ = c·i), NaN for any other law. O(n). */
export function linearFactors(states: readonly PlanState[]): Float64Array {
  const factor = new Float64Array(states.length).fill(Number.NaN);
  for (let c = 0; c < states.length; c++) {
    const st = states[c];
    if (!st.own || !(st.law instanceof CoefficientLaw)) continue;
    const k = st.law.constantFactor();
    if (k !== undefined && !k.invert) factor[c] = k.c;
  }
  return factor;
}
