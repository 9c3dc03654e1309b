/**
 * FlatRows: the secondary values σ(k) of a list of branches, copied once into one contiguous CSR program
 *   σ_i = Σ_{q ∈ ptr[i] … ptr[i+1]} coef[q] · prim[src[q]]          (KVL −F v_tree for a link, KCL Fᵀ i_link for a tree branch)
 * in the order the caller evaluates them (the batched statics of one law, the state rows), so that an evaluation
 * walks three typed arrays front to back: no method call per branch, no lookup of where a branch's row starts.
 * The terms keep the order of the plan's rows (network-plan.ts) and coef is ±1 held as a double, so every σ is
 * the plan's sec(k) to the last bit. Build O(Σ row lengths), memory the same.
 */
import type { NetworkPlan } from './network-plan';

export interface FlatRows {
  readonly ptr: Int32Array;
  readonly src: Int32Array;
  readonly coef: Float64Array;
}

export function flatRows(plan: NetworkPlan, branches: ArrayLike<number>): FlatRows {
  const { secPtr, secBranch, secCoef } = plan;
  const ptr = new Int32Array(branches.length + 1);
  for (let i = 0; i < branches.length; i++) ptr[i + 1] = ptr[i] + secPtr[branches[i] + 1] - secPtr[branches[i]];
  const src = new Int32Array(ptr[branches.length]);
  const coef = new Float64Array(ptr[branches.length]);
  for (let i = 0; i < branches.length; i++) {
    const k = branches[i];
    for (let q = secPtr[k], at = ptr[i]; q < secPtr[k + 1]; q++, at++) {
      src[at] = secBranch[q];
      coef[at] = secCoef[q];
    }
  }
  return { ptr, src, coef };
}

/** out[i] = σ_i for every row of the program (out at least as long as the rows). */
export function gatherRows(rows: FlatRows, prim: Float64Array, out: Float64Array): void {
  const { ptr, src, coef } = rows;
  const count = ptr.length - 1;
  for (let i = 0; i < count; i++) {
    let s = 0;
    for (let q = ptr[i], end = ptr[i + 1]; q < end; q++) s += coef[q] * prim[src[q]];
    out[i] = s;
  }
}
