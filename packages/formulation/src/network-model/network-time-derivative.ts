/**
 * NetworkTimeDerivative: ∂f/∂t at fixed x — what a Rosenbrock method adds to each stage (h d_i ∂f/∂t) — from the
 * inputs' time derivatives u', by forward propagation through the static network, instead of a difference of f
 * (docs/nonlinear.md, "∂f/∂t from the inputs"). When no law depends on t, f depends on t only through u, so
 *   ∂f/∂t = ∂f/∂u · u'.
 * At fixed x the primary values of the states are fixed (own states: prim = x; stored states: prim = L(x)), so
 * only the inputs and the statics downstream of them move:
 *   dprim(E, J) = u',   explicit p = b(σ): dp = b'(σ) dσ,   inverse a(p) = σ: dp = dσ / a'(p),   dσ = Σ coef dprim,
 *   coupled block:  J_bb dP_b = b'(σ) · dσ_ext   (J_bb = ∂r_b/∂p_b, dσ_ext the terms from outside the block),
 * in the block-triangular order, and the state rows f_C = σ_C / Q_v (own) or σ_C (stored): ∂f_C/∂t = dσ_C / Q_v or
 * dσ_C. The program — the statics reached from the inputs and the state rows that read them, each with its flat
 * row (flat-rows.ts) — is built once: an evaluation costs O(n) (clearing the result) plus the size of the part of
 * the network the inputs reach (a ladder driven at one end: one resistor and one state row).
 * Not available (the caller falls back to a difference of f): a law or coefficient that depends on t (∂f/∂t would
 * need ∂²Q/∂t² and the laws' ∂/∂t along the network), and at evaluation a slope that is not finite, zero where it
 * divides, or a singular block.
 */
import { luFactorInPlace as denseFactor, luSolveInPlace as denseSolve } from '@sysgraph/linalg';
import { BLOCK_KIND } from './network-evaluator';
import type { NetworkEvaluator } from './network-evaluator';
import { flatRows } from './flat-rows';
import type { FlatRows } from './flat-rows';
import { ROLE } from './network-plan';
import type { ScalarLaw } from './scalar-law';

export class NetworkTimeDerivative {
  /** False when the network's f depends on t otherwise than through u, or the inputs reach a Newton block. */
  readonly available: boolean;
  /** dprim per branch: zero except at the inputs and the reached statics (which every evaluation overwrites). */
  private readonly dprim: Float64Array;
  private readonly inputBranch: Int32Array;
  private readonly inputSlot: Int32Array;
  /** Reached statics in block order: their branch, their σ's branch, the rows of σ, and their laws. */
  private readonly reachedBranch: Int32Array;
  private readonly reachedReads: Int32Array;
  private readonly reachedRows: FlatRows;
  private readonly reachedA: (ScalarLaw | null)[];
  private readonly reachedB: (ScalarLaw | null)[];
  /** Per reached static: −1, or the coupled (Newton) block it opens (its first member; the others are skipped). */
  private readonly reachedBlock: Int32Array;
  /** State rows that read a moving branch: the state, its σ rows. */
  private readonly rowState: Int32Array;
  private readonly rowRows: FlatRows;

  constructor(private readonly ev: NetworkEvaluator) {
    const plan = ev.plan;
    const { B, role, slot, secPtr, secBranch, statics, states } = plan;
    const moving = new Uint8Array(B);
    const inputs: number[] = [];
    for (let k = 0; k < B; k++) {
      if (role[k] === ROLE.input) {
        moving[k] = 1;
        inputs.push(k);
      }
    }
    this.inputBranch = Int32Array.from(inputs);
    this.inputSlot = Int32Array.from(inputs, (k) => slot[k]);
    const readsMoving = (k: number) => {
      for (let q = secPtr[k]; q < secPtr[k + 1]; q++) if (moving[secBranch[q]] === 1) return true;
      return false;
    };
    let available = !statics.some((st) => st.a?.dependsOnTime || st.b?.dependsOnTime) && !states.some((st) => st.law.dependsOnTime);
    const reached: number[] = [];
    const opens: number[] = [];
    const { count, blockPtr, members } = ev.blocks;
    for (let b = 0; b < count && available; b++) {
      let reads = false;
      for (let q = blockPtr[b]; q < blockPtr[b + 1]; q++) if (readsMoving(statics[members[q]].reads)) reads = true;
      if (!reads) continue;
      const coupled = ev.kind[b] === BLOCK_KIND.newton;
      for (let q = blockPtr[b]; q < blockPtr[b + 1]; q++) {
        moving[statics[members[q]].branch] = 1;
        reached.push(members[q]);
        opens.push(coupled ? (q === blockPtr[b] ? b : -2) : -1);
      }
    }
    this.reachedBlock = Int32Array.from(opens);
    this.available = available;
    this.dprim = new Float64Array(B);
    this.reachedBranch = Int32Array.from(reached, (j) => statics[j].branch);
    this.reachedReads = Int32Array.from(reached, (j) => statics[j].reads);
    this.reachedRows = flatRows(plan, this.reachedReads);
    this.reachedA = reached.map((j) => statics[j].a);
    this.reachedB = reached.map((j) => statics[j].b);
    const rows: number[] = [];
    states.forEach((st, c) => {
      if (readsMoving(st.branch)) rows.push(c);
    });
    this.rowState = Int32Array.from(rows);
    this.rowRows = flatRows(plan, Int32Array.from(rows, (c) => states[c].branch));
  }

  /**
   * out = ∂f/∂t at the point loaded in the evaluator (ev.load(t, x, u) first), with du = u'(t). Returns false (out
   * unspecified) where the propagation does not apply: not available, or a slope not finite, or zero where divided.
   */
  evaluate(du: ArrayLike<number>, out: Float64Array): boolean {
    if (!this.available) return false;
    const { ev, dprim, inputBranch, inputSlot } = this;
    const t = ev.t;
    const prim = ev.prim;
    for (let i = 0; i < inputBranch.length; i++) dprim[inputBranch[i]] = du[inputSlot[i]];
    const { reachedBranch, reachedReads, reachedA, reachedB } = this;
    const { ptr, src, coef } = this.reachedRows;
    const reachedBlock = this.reachedBlock;
    for (let i = 0; i < reachedBranch.length; i++) {
      const block = reachedBlock[i];
      if (block === -2) continue; // solved with the first member of its block
      if (block >= 0) {
        if (!this.coupled(block)) return false;
        continue;
      }
      let ds = 0;
      for (let q = ptr[i], end = ptr[i + 1]; q < end; q++) ds += coef[q] * dprim[src[q]];
      const b = reachedB[i];
      const a = reachedA[i];
      let dp = b === null ? ds : b.slopeAt(ev.sec(reachedReads[i]), t) * ds;
      if (a !== null) dp /= a.slopeAt(prim[reachedBranch[i]], t);
      if (!Number.isFinite(dp)) return false;
      dprim[reachedBranch[i]] = dp;
    }
    out.fill(0);
    const states = ev.plan.states;
    const linearFactor = ev.stored.linearFactor;
    const rowState = this.rowState;
    const rows = this.rowRows;
    for (let r = 0; r < rowState.length; r++) {
      const c = rowState[r];
      let ds = 0;
      for (let q = rows.ptr[r], end = rows.ptr[r + 1]; q < end; q++) ds += rows.coef[q] * dprim[rows.src[q]];
      const st = states[c];
      const factor = linearFactor[c];
      let d = ds;
      if (factor === factor) d = ds / factor;
      else if (st.own) d = ds / st.law.slopeAt(prim[st.branch], t);
      if (!Number.isFinite(d)) return false;
      out[c] = d;
    }
    return true;
  }

  /** dP_b of a coupled block: J_bb dP_b = b'(σ) · (terms of dσ from outside the block). False if singular or not finite. */
  private coupled(b: number): boolean {
    const ev = this.ev;
    const { blockPtr, members, blockOf } = ev.blocks;
    const { statics, secPtr, secBranch, secCoef, role, slot } = ev.plan;
    const dprim = this.dprim;
    const size = blockPtr[b + 1] - blockPtr[b];
    const s = ev.scratchOf(b);
    ev.residual(b, s.r, s.J);
    for (let q = 0; q < size; q++) {
      const st = statics[members[blockPtr[b] + q]];
      let ext = 0;
      for (let e = secPtr[st.reads]; e < secPtr[st.reads + 1]; e++) {
        const br = secBranch[e];
        if (role[br] === ROLE.static && blockOf[slot[br]] === b) continue;
        ext += secCoef[e] * dprim[br];
      }
      s.dp[q] = st.b === null ? ext : st.b.slopeAt(ev.sec(st.reads), ev.t) * ext;
    }
    for (let q = 0; q < size * size; q++) if (!Number.isFinite(s.J[q])) return false;
    if (!denseFactor(s.J, size, s.piv)) return false;
    denseSolve(s.J, size, s.piv, s.dp);
    for (let q = 0; q < size; q++) {
      if (!Number.isFinite(s.dp[q])) return false;
      dprim[statics[members[blockPtr[b] + q]].branch] = s.dp[q];
    }
    return true;
  }
}
