/**
 * NetworkEvaluator: the primary values of every branch at (t, x, u) and the state derivatives x' = f(t, x, u),
 * on typed arrays (network-plan.ts gives the equations). The static unknowns p solve r(p; x, u, t) = 0 in the
 * block-triangular order of ∂r/∂p (Tarjan, block-order.ts):
 *   · a block of one residual p − b(σ) whose σ does not read p: p = b(σ), evaluated directly;
 *   · a block of one residual a(p) − σ (a law in the other form than its place needs): the inverse of a scalar
 *     law, solveLaw (Newton, then a bracket grown around the guess and safeguarded Newton);
 *   · any other block (a loop of resistors, two-ports coupled through resistors): damped Newton on the block with
 *     a dense LU of ∂r_b/∂p_b, warm-started from the previous solution (p lives on between evaluations).
 * The explicit blocks that read only states and inputs go first, in batches by law (explicit-batches.ts).
 * Then  f_C = (i_C − Q_t)/Q_v  or  i_C,   f_L = (v_L − Φ_t)/Φ_i  or  v_L   (i_C = sec(C), v_L = sec(L)).
 * The residual is a flat program built once: the inputs and own states copied by index arrays, the batched
 * statics' σ and the state rows' σ as contiguous CSR programs (flat-rows.ts), and the list of the blocks left to
 * the block loop; an evaluation allocates nothing and walks no general structure.
 */
import { SysgraphError } from '@sysgraph/core';
import { solveLaw } from '../nonlinear/solve-law';
import type { LawFunction } from '../nonlinear/solve-law';
import { blockOrder } from './block-order';
import type { BlockOrder } from './block-order';
import { luFactorInPlace as denseFactor, luSolveInPlace as denseSolve } from '@sysgraph/linalg';
import { ExplicitBatches } from './explicit-batches';
import { StoredStateBatches } from './stored-state-batches';
import type { NetworkPlan } from './network-plan';
import { ROLE } from './network-plan';
import type { ScalarLaw } from './scalar-law';
import { TapeLaw } from './law-tape';
import { flatRows } from './flat-rows';
import type { FlatRows } from './flat-rows';
import { int32Column, int32Range, uint8Column } from './typed-columns';

const MAX_NEWTON = 100;
/**
 * A Newton step below SMALL_STEP times the block's largest value, or below ABSOLUTE_STEP times the largest state or
 * input, is the last one (the floor ends the iteration on a block whose solution is 0, where the relative test alone
 * cannot, e.g. when exp(i) − exp(−i) rounds to 0 while its derivative does not).
 */
const SMALL_STEP = 1e-9;
const ABSOLUTE_STEP = 1e-15;
/** The largest state or input taken as at least this (at rest, all zero, the floor is 1e-21, not 0). */
const SCALE_FLOOR = 1e-6;

/** How a block is solved. */
export const BLOCK_KIND = { explicit: 0, inverse: 1, newton: 2 } as const;

export class NetworkEvaluator {
  /** Primary value of every branch (across of tree branches, through of links) at the last load. */
  readonly prim: Float64Array;
  readonly blocks: BlockOrder;
  /** BLOCK_KIND of each block. */
  readonly kind: Uint8Array;
  /** Static dependencies: static j's residual reads static depIdx[depPtr[j] …] (∂r/∂p pattern, diagonal aside). */
  readonly depPtr: Int32Array;
  readonly depIdx: Int32Array;
  /** Position of each static within its block. */
  readonly local: Int32Array;
  /** Stored states' laws in batches; the factor of constant linear own laws. */
  readonly stored: StoredStateBatches;
  /** The explicit blocks that read only states and inputs, evaluated in batches by law before the others. */
  readonly batches: ExplicitBatches;
  t = 0;
  /** Newton iterations on coupled blocks, and scalar inversions of laws, since construction (the model's staticWork). */
  newtonIterations = 0;
  lawInversions = 0;
  /** The largest |state| or |input| of the last load (the floor of the Newton test). */
  scale = 0;
  private readonly inputBranches: Int32Array;
  /** Per block: the static solved first (its only one unless kind is newton), its branch and what it reads. */
  private readonly firstBranch: Int32Array;
  private readonly firstReads: Int32Array;
  /** States: branch and own flag as typed arrays (the loops of f read these, not the records). */
  private readonly stateBranch: Int32Array;
  private readonly stateOwn: Uint8Array;
  /** Own states (prim = x): their indices and branches. */
  private readonly ownState: Int32Array;
  private readonly ownBranch: Int32Array;
  /** σ of every state branch, in state order (i_C, v_L). */
  private readonly stateRows: FlatRows;
  /** The blocks the block loop solves (those not batched), in block order. */
  private readonly pending: Int32Array;
  /** Whether a block is solved by Newton (only then is the scale of the states and inputs needed). */
  private readonly anyNewton: boolean;
  private readonly inverse: (LawFunction | null)[];
  /** The law b of each explicit block (null for the others). */
  private readonly explicitLaw: (ScalarLaw | null)[];
  private readonly scratch = new Map<number, { J: Float64Array; piv: Int32Array; r: Float64Array; p0: Float64Array; dp: Float64Array }>();

  constructor(readonly plan: NetworkPlan) {
    const { B, role, slot, secPtr, secBranch, statics } = plan;
    this.prim = new Float64Array(B);
    const inputs: number[] = [];
    for (let k = 0; k < B; k++) if (role[k] === ROLE.input) inputs.push(k);
    this.inputBranches = Int32Array.from(inputs);
    const np = statics.length;
    const depPtr = new Int32Array(np + 1);
    const dep: number[] = [];
    const self = new Uint8Array(np);
    for (let j = 0; j < np; j++) {
      const m = statics[j].reads;
      for (let q = secPtr[m]; q < secPtr[m + 1]; q++) {
        const b = secBranch[q];
        if (role[b] !== ROLE.static) continue;
        if (slot[b] === j) self[j] = 1;
        dep.push(slot[b]);
      }
      depPtr[j + 1] = dep.length;
    }
    this.depPtr = depPtr;
    this.depIdx = Int32Array.from(dep);
    this.blocks = blockOrder(np, depPtr, this.depIdx);
    const { count, blockPtr, members } = this.blocks;
    this.kind = new Uint8Array(count);
    this.local = new Int32Array(np);
    for (let b = 0; b < count; b++) {
      for (let q = blockPtr[b]; q < blockPtr[b + 1]; q++) this.local[members[q]] = q - blockPtr[b];
      const j = members[blockPtr[b]];
      const single = blockPtr[b + 1] - blockPtr[b] === 1 && self[j] === 0;
      this.kind[b] = !single ? BLOCK_KIND.newton : statics[j].a === null ? BLOCK_KIND.explicit : statics[j].b === null ? BLOCK_KIND.inverse : BLOCK_KIND.newton;
    }
    this.batches = new ExplicitBatches(plan, count, (b) => (this.kind[b] === BLOCK_KIND.explicit ? members[blockPtr[b]] : undefined));
    this.explicitLaw = new Array<ScalarLaw | null>(count);
    for (let b = 0; b < count; b++) this.explicitLaw[b] = this.kind[b] === BLOCK_KIND.explicit ? statics[members[blockPtr[b]]].b : null;
    this.firstBranch = int32Range(count, (b) => statics[members[blockPtr[b]]].branch);
    this.firstReads = int32Range(count, (b) => statics[members[blockPtr[b]]].reads);
    this.stateBranch = int32Column(plan.states, (st) => st.branch);
    this.stateOwn = uint8Column(plan.states, (st) => (st.own ? 1 : 0));
    this.stored = new StoredStateBatches(plan.states);
    const own: number[] = [];
    for (let c = 0; c < plan.states.length; c++) if (plan.states[c].own) own.push(c);
    this.ownState = Int32Array.from(own);
    this.ownBranch = int32Column(own, (c) => plan.states[c].branch);
    this.stateRows = flatRows(plan, this.stateBranch);
    const pending: number[] = [];
    for (let b = 0; b < count; b++) if (this.batches.batched[b] === 0) pending.push(b);
    this.pending = Int32Array.from(pending);
    this.anyNewton = this.kind.some((k) => k === BLOCK_KIND.newton);
    this.inverse = statics.map((st) => {
      const a = st.a;
      if (a === null) return null;
      const law: LawFunction = {
        value: (z: number) => a.valueAt(z, this.t),
        slope: (z: number) => a.slopeAt(z, this.t),
      };
      // a compiled tape leaves its value beside the slope: Newton's value and slope in one pass
      if (a instanceof TapeLaw) {
        law.slopeWithValue = (z: number) => a.slopeAt(z, this.t);
        law.valueOfLastSlope = () => a.valueOfLastSlope();
      }
      return law;
    });
  }

  /** sec(k) = Σ coef · prim[b] over the loop (link) or cutset (tree branch) of k. */
  sec(k: number): number {
    const { secPtr, secBranch, secCoef } = this.plan;
    const prim = this.prim;
    let s = 0;
    for (let q = secPtr[k], end = secPtr[k + 1]; q < end; q++) s += secCoef[q] * prim[secBranch[q]];
    return s;
  }

  /** Fills prim at (t, x, u): inputs, storage, then the static network block by block. */
  load(t: number, x: ArrayLike<number>, u: ArrayLike<number>): void {
    const { prim, plan } = this;
    this.t = t;
    const slot = plan.slot;
    const inputBranches = this.inputBranches;
    for (let q = 0; q < inputBranches.length; q++) {
      const k = inputBranches[q];
      prim[k] = u[slot[k]];
    }
    const { ownState, ownBranch } = this;
    for (let i = 0; i < ownState.length; i++) prim[ownBranch[i]] = x[ownState[i]];
    // the floor of the Newton test: the largest |state| or |input| (only Newton blocks read it)
    if (this.anyNewton) {
      let scale = 0;
      for (let q = 0; q < inputBranches.length; q++) scale = Math.max(scale, Math.abs(prim[inputBranches[q]]));
      for (let c = 0; c < this.stateBranch.length; c++) {
        const xc = x[c];
        if (xc > scale) scale = xc;
        else if (-xc > scale) scale = -xc;
      }
      this.scale = scale;
    }
    this.stored.values(x, t, prim);
    const { blockPtr, members } = this.blocks;
    const statics = plan.statics;
    const kinds = this.kind;
    const firstBranch = this.firstBranch;
    const firstReads = this.firstReads;
    const explicitLaw = this.explicitLaw;
    this.batches.values(prim, t);
    const pending = this.pending;
    for (let q = 0; q < pending.length; q++) {
      const b = pending[q];
      const kind = kinds[b];
      if (kind === BLOCK_KIND.explicit) {
        prim[firstBranch[b]] = explicitLaw[b]!.valueAt(this.sec(firstReads[b]), t);
      } else if (kind === BLOCK_KIND.inverse) {
        const j = members[blockPtr[b]];
        const st = statics[j];
        const target = this.sec(st.reads);
        this.lawInversions++;
        const r = solveLaw(this.inverse[j]!, target, prim[st.branch]);
        if (!r.converged) throw this.failure(b, `no value of the law's variable gives ${target}`);
        prim[st.branch] = r.z;
      } else this.newton(b);
    }
  }

  /**
   * Only the primary values of the given state and input branches at (t, x, u) (the others keep stale values):
   * O(branches), for outputs that read nothing else (NetworkOutputs.primaries).
   */
  loadPrimaries(t: number, x: ArrayLike<number>, u: ArrayLike<number>, branches: Int32Array): void {
    this.t = t;
    primariesAt(this.plan, t, x, u, branches, this.prim);
  }


  /** x' = f at the loaded point. */
  derivatives(dxdt: Float64Array | number[]): void {
    const states = this.plan.states;
    const t = this.t;
    const prim = this.prim;
    const stateBranch = this.stateBranch;
    const stateOwn = this.stateOwn;
    const linearFactor = this.stored.linearFactor;
    const { ptr, src, coef } = this.stateRows;
    for (let c = 0; c < states.length; c++) {
      let drive = 0;
      for (let q = ptr[c], end = ptr[c + 1]; q < end; q++) drive += coef[q] * prim[src[q]];
      const factor = linearFactor[c];
      if (factor === factor) dxdt[c] = drive / factor; // q = c v: c v' = i_C (Q_t = 0)
      else if (stateOwn[c] === 1) {
        // Q_v v' = i_C − Q_t (dually Φ_i i' = v_L − Φ_t)
        const law = states[c].law;
        law.evaluate(prim[stateBranch[c]], t);
        dxdt[c] = (drive - law.dt) / law.dw;
      } else dxdt[c] = drive;
    }
  }

  /** r_b and, when J is given, ∂r_b/∂p_b (dense, row-major) at the current prim. Returns ‖r_b‖². */
  residual(b: number, r: Float64Array, J?: Float64Array): number {
    const { blockPtr, members, blockOf } = this.blocks;
    const { statics, secPtr, secBranch, secCoef, role, slot } = this.plan;
    const n = blockPtr[b + 1] - blockPtr[b];
    const t = this.t;
    if (J) J.fill(0);
    let norm = 0;
    for (let q = 0; q < n; q++) {
      const j = members[blockPtr[b] + q];
      const st = statics[j];
      const p = this.prim[st.branch];
      const sigma = this.sec(st.reads);
      if (!J) {
        r[q] = (st.a ? st.a.valueAt(p, t) : p) - (st.b ? st.b.valueAt(sigma, t) : sigma);
        norm += r[q] * r[q];
        continue;
      }
      let av = p;
      let ad = 1;
      if (st.a) {
        st.a.evaluate(p, t);
        av = st.a.value;
        ad = st.a.dw;
      }
      let bv = sigma;
      let bd = 1;
      if (st.b) {
        st.b.evaluate(sigma, t);
        bv = st.b.value;
        bd = st.b.dw;
      }
      r[q] = av - bv;
      norm += r[q] * r[q];
      // ∂r_j/∂p_j = a'(p_j);  ∂r_j/∂p_m = −b'(σ_j) · coef(m in σ_j)
      J[q * n + q] += ad;
      for (let e = secPtr[st.reads]; e < secPtr[st.reads + 1]; e++) {
        const br = secBranch[e];
        if (role[br] !== ROLE.static || blockOf[slot[br]] !== b) continue;
        J[q * n + this.local[slot[br]]] -= bd * secCoef[e];
      }
    }
    return norm;
  }

  scratchOf(b: number) {
    let s = this.scratch.get(b);
    if (!s) {
      const n = this.blocks.blockPtr[b + 1] - this.blocks.blockPtr[b];
      s = { J: new Float64Array(n * n), piv: new Int32Array(n), r: new Float64Array(n), p0: new Float64Array(n), dp: new Float64Array(n) };
      this.scratch.set(b, s);
    }
    return s;
  }

  /** Damped Newton on block b: p ← p + λ Δ, J Δ = −r, λ halved until ‖r‖ decreases. */
  private newton(b: number): void {
    const { blockPtr, members } = this.blocks;
    const statics = this.plan.statics;
    const n = blockPtr[b + 1] - blockPtr[b];
    const { J, piv, r, p0, dp } = this.scratchOf(b);
    const prim = this.prim;
    const branch = (q: number) => statics[members[blockPtr[b] + q]].branch;
    for (let it = 0; it < MAX_NEWTON; it++) {
      const norm = this.residual(b, r, J);
      if (norm === 0) return;
      if (!Number.isFinite(norm)) throw this.failure(b, 'a residual is not finite');
      if (!denseFactor(J, n, piv)) throw this.failure(b, 'the Jacobian of the block is singular');
      this.newtonIterations++;
      let scale = 0;
      let step = 0;
      for (let q = 0; q < n; q++) {
        dp[q] = -r[q];
        p0[q] = prim[branch(q)];
        scale = Math.max(scale, Math.abs(p0[q]));
      }
      denseSolve(J, n, piv, dp);
      for (let q = 0; q < n; q++) step = Math.max(step, Math.abs(dp[q]));
      if (step <= SMALL_STEP * scale + ABSOLUTE_STEP * Math.max(this.scale, SCALE_FLOOR)) {
        // Near the solution (quadratic convergence): this full step reaches the precision of the arithmetic,
        // whatever the residual's rounding says.
        for (let q = 0; q < n; q++) prim[branch(q)] = p0[q] + dp[q];
        return;
      }
      let lambda = 1;
      for (let half = 0; ; half++) {
        for (let q = 0; q < n; q++) prim[branch(q)] = p0[q] + lambda * dp[q];
        const trial = this.residual(b, r);
        if (Number.isFinite(trial) && trial <= (1 - 1e-4 * lambda) * norm) break;
        if (half === 40) throw this.failure(b, 'the damped Newton iteration does not reduce the residual');
        lambda *= 0.5;
      }
    }
    throw this.failure(b, `no convergence in ${MAX_NEWTON} Newton iterations`);
  }

  /** A 'bad-law' error naming the elements of block b. */
  failure(b: number, why: string): SysgraphError {
    const { blockPtr, members } = this.blocks;
    const elements = [...new Set(Array.from(members.subarray(blockPtr[b], blockPtr[b + 1]), (j) => this.plan.statics[j].element))];
    return new SysgraphError('bad-law', `the static network of ${elements.join(', ')} cannot be solved at t = ${this.t}: ${why}`, {
      element: elements[0],
      elements,
      field: 'law',
      expected: 'laws that can be solved for the variables the normal tree needs at this state and input',
    });
  }
}

/** prim[k] for the given state and input branches at (t, x, u): u, x, or a stored state's law L(x, t). O(branches). */
export function primariesAt(plan: NetworkPlan, t: number, x: ArrayLike<number>, u: ArrayLike<number>, branches: Int32Array, prim: Float64Array): void {
  const { role, slot, states } = plan;
  for (let q = 0; q < branches.length; q++) {
    const k = branches[q];
    const s = slot[k];
    if (role[k] === ROLE.input) prim[k] = u[s];
    else {
      const st = states[s];
      prim[k] = st.own ? x[s] : st.law.valueAt(x[s], t);
    }
  }
}
