/**
 * ExplicitBatches: the explicit static blocks p_j = b_j(σ_j) whose σ_j reads only states and inputs (in a
 * ladder or a chain, every resistor, diode and damper), evaluated together before the block-triangular solve:
 * they depend on nothing it computes, and everything that reads them comes later in the block order anyway.
 * They are grouped by law — the linear ones (p = c·σ or σ/c, c constant) in one group with a factor per element,
 * the others by compiled law, shared by equal elements (element-law.ts) — and each group runs as one batch
 * (law-batch.ts): gather σ, evaluate the law over the batch, scatter p. O(Σ size of σ + size of the law × batch).
 * The σ of each group are one flat program built once (flat-rows.ts): three typed arrays walked front to back.
 */
import { CoefficientLaw } from './scalar-law';
import type { ScalarLaw } from './scalar-law';
import { lawBatch } from './law-batch';
import type { LawBatch } from './law-batch';
import type { NetworkPlan } from './network-plan';
import { ROLE } from './network-plan';
import { flatRows, gatherRows } from './flat-rows';
import type { FlatRows } from './flat-rows';
import { float64Column, int32Column, uint8Column } from './typed-columns';

interface Group {
  readonly batch: LawBatch;
  /** Statics of the group, their branches and the branches whose σ they read. */
  readonly statics: Int32Array;
  readonly branch: Int32Array;
  /** σ of each static of the group, in the group's order. */
  readonly rows: FlatRows;
}

export class ExplicitBatches {
  /** Per block: 1 when evaluated here (the block loop skips it). */
  readonly batched: Uint8Array;
  private readonly groups: Group[] = [];
  /** Linear group: p = c·σ (invert 0) or σ/c (invert 1). */
  private readonly linStatic: Int32Array;
  private readonly linBranch: Int32Array;
  private readonly linRows: FlatRows;
  private readonly linC: Float64Array;
  private readonly linInvert: Uint8Array;
  private sigma = new Float64Array(0);
  private out = new Float64Array(0);

  constructor(plan: NetworkPlan, blockCount: number, explicit: (b: number) => number | undefined) {
    const { role, secPtr, secBranch, statics } = plan;
    this.batched = new Uint8Array(blockCount);
    const byLaw = new Map<ScalarLaw, number[]>();
    const linear: number[] = [];
    let largest = 0;
    for (let b = 0; b < blockCount; b++) {
      const j = explicit(b);
      if (j === undefined) continue;
      const st = statics[j];
      let free = true;
      for (let q = secPtr[st.reads]; q < secPtr[st.reads + 1]; q++) if (role[secBranch[q]] === ROLE.static) free = false;
      if (!free || st.b === null) continue;
      this.batched[b] = 1;
      const law = st.b;
      if (law instanceof CoefficientLaw && law.constantFactor() !== undefined) linear.push(j);
      else {
        const list = byLaw.get(law) ?? [];
        list.push(j);
        byLaw.set(law, list);
      }
    }
    for (const [law, list] of byLaw) {
      this.groups.push({
        batch: lawBatch(law),
        statics: Int32Array.from(list),
        branch: int32Column(list, (j) => statics[j].branch),
        rows: flatRows(plan, int32Column(list, (j) => statics[j].reads)),
      });
      largest = Math.max(largest, list.length);
    }
    this.linStatic = Int32Array.from(linear);
    this.linBranch = int32Column(linear, (j) => statics[j].branch);
    this.linRows = flatRows(plan, int32Column(linear, (j) => statics[j].reads));
    this.linC = float64Column(linear, (j) => (statics[j].b as CoefficientLaw).constantFactor()!.c);
    this.linInvert = uint8Column(linear, (j) => ((statics[j].b as CoefficientLaw).constantFactor()!.invert ? 1 : 0));
    this.sigma = new Float64Array(largest);
    this.out = new Float64Array(largest);
  }

  /** prim[branch] = b(σ) for every batched static. */
  values(prim: Float64Array, t: number): void {
    const { linBranch, linC, linInvert, sigma, out } = this;
    const { ptr, src, coef } = this.linRows;
    for (let i = 0; i < linBranch.length; i++) {
      let s = 0;
      for (let q = ptr[i], end = ptr[i + 1]; q < end; q++) s += coef[q] * prim[src[q]];
      prim[linBranch[i]] = linInvert[i] === 1 ? s / linC[i] : linC[i] * s;
    }
    for (let k = 0; k < this.groups.length; k++) {
      const g = this.groups[k];
      const count = g.branch.length;
      gatherRows(g.rows, prim, sigma);
      g.batch.valuesAt(sigma, count, t, out);
      for (let i = 0; i < count; i++) prim[g.branch[i]] = out[i];
    }
  }

  /** slope[j] = b_j'(σ_j) for every batched static j (may be non-finite: the caller checks). */
  slopes(prim: Float64Array, t: number, slope: Float64Array): void {
    const { linStatic, linC, linInvert, sigma, out } = this;
    for (let i = 0; i < linStatic.length; i++) slope[linStatic[i]] = linInvert[i] === 1 ? 1 / linC[i] : linC[i];
    for (let k = 0; k < this.groups.length; k++) {
      const g = this.groups[k];
      const count = g.branch.length;
      gatherRows(g.rows, prim, sigma);
      g.batch.slopesAt(sigma, count, t, out);
      for (let i = 0; i < count; i++) slope[g.statics[i]] = out[i];
    }
  }
}
