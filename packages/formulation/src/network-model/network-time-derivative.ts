/**
 * NetworkTimeDerivative: ∂f/∂t at fixed x — what a Rosenbrock method adds to each stage (h d_i ∂f/∂t) — from the
 * inputs' time derivatives u' and the laws' own t-derivatives (each law differentiated in t once, when compiled, as
 * in its variable: law-tape.ts), by forward propagation through the static network, instead of a difference of f
 * (docs/nonlinear.md, "∂f/∂t from the inputs and the laws"). At fixed x the primary values of the own states are
 * fixed (prim = x); a stored state's moves only through its law (prim = L(x, t): dprim = L_t); so only the inputs,
 * the stored states of laws in t and the statics downstream of either, or whose own law is in t, move:
 *   dprim(E, J) = u',   explicit p = b(σ, t): dp = b_σ dσ + b_t,   inverse a(p, t) = σ: dp = (dσ − a_t) / a_p,
 *   dσ = Σ coef dprim,
 *   coupled block (r = a(p, t) − b(σ, t)):  J_bb dP_b = b_σ · dσ_ext + b_t − a_t   (J_bb = ∂r_b/∂p_b),
 * in the block-triangular order, and the state rows: stored f = σ_C: ∂f/∂t = dσ_C; own f = (σ_C − Q_t)/Q_v at fixed v:
 *   ∂f/∂t = (dσ_C − Q_tt − f Q_vt) / Q_v        (dσ_C / c for a constant linear law q = c v).
 * The program — the statics that move, each with its flat row (flat-rows.ts), and the state rows that read a moving
 * branch or have a law in t — is built once: an evaluation costs O(n) (clearing the result) plus the size of the part
 * of the network that moves (a ladder driven at one end with laws free of t: one resistor and one state row).
 * At evaluation a slope that is not finite, zero where it divides, or a singular block returns false (the caller
 * then differences f).
 */
import { luFactorInPlace as denseFactor, luSolveInPlace as denseSolve } from '@sysgraph/linalg';
import { BLOCK_KIND } from './network-evaluator';
import type { NetworkEvaluator } from './network-evaluator';
import { flatRows } from './flat-rows';
import type { FlatRows } from './flat-rows';
import { ROLE } from './network-plan';
import type { ScalarLaw } from './scalar-law';
import { int32Column } from './typed-columns';

export class NetworkTimeDerivative {
  /** Always true since the laws' t-derivatives are compiled (kept for callers that test it). */
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
  /** Stored states whose law depends on t: their state and branch (dprim = L_t(x, t)). */
  private readonly timeStored: Int32Array;
  /** State rows that read a moving branch or whose own law depends on t: the state, its σ rows. */
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
    this.inputSlot = int32Column(inputs, (k) => slot[k]);
    const readsMoving = (k: number) => {
      for (let q = secPtr[k]; q < secPtr[k + 1]; q++) if (moving[secBranch[q]] === 1) return true;
      return false;
    };
    const timeStored: number[] = [];
    states.forEach((st, c) => {
      if (!st.own && st.law.dependsOnTime) {
        moving[st.branch] = 1;
        timeStored.push(c);
      }
    });
    this.timeStored = Int32Array.from(timeStored);
    const inTime = (law: ScalarLaw | null) => law !== null && law.dependsOnTime;
    const reached: number[] = [];
    const opens: number[] = [];
    const { count, blockPtr, members } = ev.blocks;
    for (let b = 0; b < count; b++) {
      let moves = false;
      for (let q = blockPtr[b]; q < blockPtr[b + 1]; q++) {
        const st = statics[members[q]];
        if (readsMoving(st.reads) || inTime(st.a) || inTime(st.b)) moves = true;
      }
      if (!moves) continue;
      const coupled = ev.kind[b] === BLOCK_KIND.newton;
      for (let q = blockPtr[b]; q < blockPtr[b + 1]; q++) {
        moving[statics[members[q]].branch] = 1;
        reached.push(members[q]);
        opens.push(coupled ? (q === blockPtr[b] ? b : -2) : -1);
      }
    }
    this.reachedBlock = Int32Array.from(opens);
    this.available = true;
    this.dprim = new Float64Array(B);
    this.reachedBranch = int32Column(reached, (j) => statics[j].branch);
    this.reachedReads = int32Column(reached, (j) => statics[j].reads);
    this.reachedRows = flatRows(plan, this.reachedReads);
    this.reachedA = reached.map((j) => statics[j].a);
    this.reachedB = reached.map((j) => statics[j].b);
    const rows: number[] = [];
    states.forEach((st, c) => {
      if (readsMoving(st.branch) || (st.own && st.law.dependsOnTime)) rows.push(c);
    });
    this.rowState = Int32Array.from(rows);
    this.rowRows = flatRows(plan, int32Column(rows, (c) => states[c].branch));
  }

  /**
   * out = ∂f/∂t at the point loaded in the evaluator (ev.load(t, x, u) first, with this x), with du = u'(t). Returns
   * false (out unspecified) where the propagation does not apply: a slope not finite, or zero where divided.
   */
  evaluate(x: ArrayLike<number>, du: ArrayLike<number>, out: Float64Array): boolean {
    const { ev, dprim, inputBranch, inputSlot } = this;
    const t = ev.t;
    const prim = ev.prim;
    const states = ev.plan.states;
    for (let i = 0; i < inputBranch.length; i++) dprim[inputBranch[i]] = du[inputSlot[i]];
    const timeStored = this.timeStored;
    for (let i = 0; i < timeStored.length; i++) {
      const st = states[timeStored[i]];
      st.law.evaluate(x[timeStored[i]], t);
      if (!Number.isFinite(st.law.dt)) return false;
      dprim[st.branch] = st.law.dt;
    }
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
      // dp = b_σ dσ + b_t, then (· − a_t) / a_p for a law in the other form
      let dp = ds;
      if (b !== null) {
        const sigma = ev.sec(reachedReads[i]);
        if (b.dependsOnTime) {
          b.evaluate(sigma, t);
          dp = b.dw * ds + b.dt;
        } else dp = b.slopeAt(sigma, t) * ds;
      }
      if (a !== null) {
        if (a.dependsOnTime) {
          a.evaluate(prim[reachedBranch[i]], t);
          dp = (dp - a.dt) / a.dw;
        } else dp /= a.slopeAt(prim[reachedBranch[i]], t);
      }
      if (!Number.isFinite(dp)) return false;
      dprim[reachedBranch[i]] = dp;
    }
    out.fill(0);
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
      else if (st.own) {
        const law = st.law;
        if (law.dependsOnTime) {
          // f = (σ − Q_t)/Q_v:  ∂f/∂t = (dσ − Q_tt − f Q_vt)/Q_v
          law.evaluate(prim[st.branch], t);
          const f = (ev.sec(st.branch) - law.dt) / law.dw;
          d = (ds - law.dtt - f * law.dwt) / law.dw;
        } else d = ds / law.slopeAt(prim[st.branch], t);
      }
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
      // J_bb dP_b = b_σ · dσ_ext + b_t − a_t
      let rhs = ext;
      if (st.b !== null) {
        if (st.b.dependsOnTime) {
          st.b.evaluate(ev.sec(st.reads), ev.t);
          rhs = st.b.dw * ext + st.b.dt;
        } else rhs = st.b.slopeAt(ev.sec(st.reads), ev.t) * ext;
      }
      if (st.a !== null && st.a.dependsOnTime) {
        st.a.evaluate(ev.prim[st.branch], ev.t);
        rhs -= st.a.dt;
      }
      s.dp[q] = rhs;
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
