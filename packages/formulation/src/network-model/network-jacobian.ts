/**
 * NetworkJacobian: the sparse ∂f/∂x (CSR) of the network model, stamped element by element on a pattern computed
 * once from F and the block order (docs/nonlinear.md, "The network model").
 *
 * Static sensitivities by the implicit function theorem, block by block in the solve order: for r_j = a(p_j) − b(σ_j),
 *   a'(p_j) dp_j − b'(σ_j) Σ_{m ∈ σ_j} coef_m dprim_m = 0,
 * with dprim of a state branch = 1 (own state) or L'(x) (stored state), and dprim of a static branch = dp_m/dx;
 * terms of the block itself form J_bb = ∂r_b/∂p_b, the others the right-hand side:
 *   J_bb dP_b/dx = b' · (Σ_states coef dprim + Σ_{earlier blocks} coef dP_m/dx)      (−(∂r/∂p)⁻¹ ∂r/∂x, triangular)
 * The pattern of dP_b/dx is the union of the state columns of the block's σ and the patterns of the earlier blocks it
 * reads: a coupled block makes its rows share one pattern (fill-in), and a chain of blocks each reading the previous
 * accumulates the union along the chain (dense rows in the worst case: a static variable that depends on every state).
 * State rows: f_C = (σ_C − Q_t)/Q_v (own) or σ_C (stored):
 *   ∂f_C/∂x = (1/Q_v) ∂σ_C/∂x  − e_C (Q_vt + f_C Q_vv)/Q_v       (own state; the last term on the diagonal)
 *   ∂f_C/∂x = ∂σ_C/∂x                                             (stored state)
 * A law derivative that is not finite is a 'bad-law' error naming the element (or, with secantWidth, its central
 * secant of that width: a regularisation of the Jacobian only).
 */
import { SysgraphError } from '@sysgraph/core';
import { CsrMatrix, sortRun } from '@sysgraph/linalg';
import { luFactorInPlace as denseFactor, luSolveInPlace as denseSolve } from '@sysgraph/linalg';
import { BLOCK_KIND } from './network-evaluator';
import type { NetworkEvaluator } from './network-evaluator';
import { ROLE } from './network-plan';
import type { ScalarLaw } from './scalar-law';
import { fastStamps } from './fast-stamps';
import type { FastStamps } from './fast-stamps';
import { StampList } from './stamp-list';

export class NetworkJacobian {
  /** Pattern of dP_b/dx per block: columns pIdx[pPtr[b] …]. */
  readonly pPtr: Int32Array;
  readonly pIdx: Int32Array;
  /** dP_b/dx values, row-major (rows: the block's statics in local order), from dOff[b]. */
  private readonly dOff: Int32Array;
  /** [dprim (n) | dP (Σ block rows × widths)]: the sources and targets of the stamp program. */
  private readonly work: Float64Array;
  private readonly dP: Float64Array;
  /** The Jacobian: pattern fixed, values refilled per evaluation. */
  readonly matrix: CsrMatrix;
  /** The secant width where a law's derivative is not finite (undefined: 'bad-law' there); set by the model. */
  secant: number | undefined;
  /**
   * The stamps, resolved once: static members[q] (block order) adds bd · coef · work[src] to work[dst] for its
   * instructions mPtr[q] …; state row c adds scale · coef · work[src] to values[dst] for sPtr[c] …, and its
   * diagonal term at values[diagPos[c]]. No search and no column map at evaluation time.
   */
  private readonly mPtr: Int32Array;
  private readonly mDst: Int32Array;
  private readonly mSrc: Int32Array;
  private readonly mCoef: Float64Array;
  private readonly sPtr: Int32Array;
  private readonly sDst: Int32Array;
  private readonly sSrc: Int32Array;
  private readonly sCoef: Float64Array;
  private readonly diagPos: Int32Array;

  constructor(
    private readonly ev: NetworkEvaluator,
    secantWidth?: number,
  ) {
    this.secant = secantWidth;
    const plan = ev.plan;
    const { secPtr, secBranch, role, slot, states } = plan;
    const n = states.length;
    const { count, blockPtr, members, blockOf } = ev.blocks;
    const mark = new Int32Array(n).fill(-1);
    const pPtr = new Int32Array(count + 1);
    const cols: number[] = [];
    const dOff = new Int32Array(count + 1);
    let total = 0;
    // Appends the columns of σ(k) to `out` from `from` on: states directly, statics through their blocks' patterns.
    const gather = (k: number, stamp: number, out: number[], own: number) => {
      for (let q = secPtr[k]; q < secPtr[k + 1]; q++) {
        const br = secBranch[q];
        if (role[br] === ROLE.state) {
          const c = slot[br];
          if (mark[c] !== stamp) {
            mark[c] = stamp;
            out.push(c);
          }
        } else if (role[br] === ROLE.static) {
          const ob = blockOf[slot[br]];
          if (ob === own) continue;
          for (let e = pPtr[ob]; e < pPtr[ob + 1]; e++) {
            const c = cols[e];
            if (mark[c] !== stamp) {
              mark[c] = stamp;
              out.push(c);
            }
          }
        }
      }
    };
    let stamp = 0;
    for (let b = 0; b < count; b++) {
      stamp++;
      const start = cols.length;
      for (let q = blockPtr[b]; q < blockPtr[b + 1]; q++) gather(plan.statics[members[q]].reads, stamp, cols, b);
      pPtr[b + 1] = cols.length;
      total += (cols.length - start) * (blockPtr[b + 1] - blockPtr[b]);
      dOff[b + 1] = total;
    }
    this.pPtr = pPtr;
    // each block's columns ascending (gather reads the other blocks' columns as sets: their order does not matter)
    this.pIdx = sortedRuns(Int32Array.from(cols), pPtr, count);
    this.dOff = dOff;
    this.work = new Float64Array(n + total);
    this.dP = this.work.subarray(n);
    // Rows of ∂f/∂x.
    const rowPtr = new Int32Array(n + 1);
    const colIdx: number[] = [];
    for (let c = 0; c < n; c++) {
      stamp++;
      colIdx.push(c);
      mark[c] = stamp;
      gather(states[c].branch, stamp, colIdx, -1);
      rowPtr[c + 1] = colIdx.length;
    }
    this.matrix = new CsrMatrix(n, n, rowPtr, sortedRuns(Int32Array.from(colIdx), rowPtr, n), new Float64Array(colIdx.length));
    this.batchSlope = new Float64Array(plan.statics.length);
    // The stamp program: where each term of σ lands, in work (dP rows) or in the matrix's values.
    const where = new Int32Array(n);
    const stamps = new StampList(4 * n + 64);
    // The terms of σ(k) for a row whose columns `where` maps, at `base`: states directly (work[c] = dprim_c),
    // statics of other blocks through their dP rows.
    const emit = (k: number, base: number, ownBlock: number) => {
      for (let e = secPtr[k]; e < secPtr[k + 1]; e++) {
        const br = secBranch[e];
        const cf = plan.secCoef[e];
        if (role[br] === ROLE.state) {
          stamps.push(base + where[slot[br]], slot[br], cf);
        } else if (role[br] === ROLE.static) {
          const jj = slot[br];
          const ob = blockOf[jj];
          if (ob === ownBlock) continue;
          const w2 = pPtr[ob + 1] - pPtr[ob];
          const from = n + dOff[ob] + ev.local[jj] * w2;
          for (let e2 = 0; e2 < w2; e2++) stamps.push(base + where[this.pIdx[pPtr[ob] + e2]], from + e2, cf);
        }
      }
    };
    const mPtr = new Int32Array(members.length + 1);
    for (let b = 0; b < count; b++) {
      const width = pPtr[b + 1] - pPtr[b];
      for (let e = 0; e < width; e++) where[this.pIdx[pPtr[b] + e]] = e;
      for (let q = blockPtr[b]; q < blockPtr[b + 1]; q++) {
        emit(plan.statics[members[q]].reads, n + dOff[b] + (q - blockPtr[b]) * width, b);
        mPtr[q + 1] = stamps.length;
      }
    }
    this.mPtr = mPtr;
    const blockStamps = stamps.take();
    this.mDst = blockStamps.dst;
    this.mSrc = blockStamps.src;
    this.mCoef = blockStamps.coef;
    const sPtr = new Int32Array(n + 1);
    const diagPos = new Int32Array(n);
    const m = this.matrix;
    for (let c = 0; c < n; c++) {
      const r0 = m.rowPtr[c];
      for (let q = r0; q < m.rowPtr[c + 1]; q++) where[m.colIdx[q]] = q - r0;
      diagPos[c] = r0 + where[c];
      emit(states[c].branch, r0, -1);
      sPtr[c + 1] = stamps.length;
    }
    this.sPtr = sPtr;
    const rowStamps = stamps.take();
    this.sDst = rowStamps.dst;
    this.sSrc = rowStamps.src;
    this.sCoef = rowStamps.coef;
    this.diagPos = diagPos;
    this.fast = fastStamps(ev, mPtr, this.mDst, this.mSrc, this.mCoef, sPtr, this.sDst, this.sSrc, this.sCoef);
    for (let c = 0; c < n; c++) if (states[c].own) this.work[c] = 1;
  }

  /** The stamp program regrouped for the common case (fast-stamps.ts). */
  private readonly fast: FastStamps;

  /** b_j'(σ_j) of the batched explicit statics (explicit-batches.ts), per static. */
  private readonly batchSlope: Float64Array;

  /** ∂L/∂w at w (evaluated), checked: a secant with the option, else 'bad-law'. */
  private slope(law: ScalarLaw, w: number, t: number, element: string): number {
    const d = law.slopeAt(w, t);
    if (Number.isFinite(d)) return d;
    return this.secantSlope(law, w, t, element, d);
  }

  /** Where ∂L/∂w = d is not finite: the central secant of the option's width, else 'bad-law'. */
  private secantSlope(law: ScalarLaw, w: number, t: number, element: string, d: number): number {
    return secantSlope(this, law, w, t, element, d);
  }

  /** What the first secant replaced ("the law of X is not differentiable … at w a derivative is d"); undefined: none yet. */
  firstSecant: string | undefined;

  /**
   * ∂f/∂x at the point loaded in the evaluator (call ev.load first). Three passes over flat programs, then the
   * blocks that need more than a stamp:
   *   dprim_c = L'(x_c) for stored states (own states keep dprim = 1, written once);
   *   dP_j = b_j'(σ_j) · Σ coef · dprim   for every batched explicit static, one loop over all their stamps;
   *   the other blocks in block order (explicit, inverse: ÷ a'(p), Newton: the block's dense LU);
   *   ∂f_C/∂x = Σ (coef / c_C) · (dprim | dP)   for states of constant linear laws, one loop; the others row by row.
   */
  fill(): CsrMatrix {
    const ev = this.ev;
    const plan = ev.plan;
    const { states, statics } = plan;
    const prim = ev.prim;
    const t = ev.t;
    const { blockPtr, members } = ev.blocks;
    const { work, dP, dOff, pPtr, mPtr, mDst, mSrc, mCoef, fast } = this;
    // stored: prim = L(x), so dprim/dx = L'(x) (batched by law; a slope that is not finite goes through slope():
    // the secant of the option, else 'bad-law'); own: dprim = 1, set once in the constructor
    const stored = fast.storedStates;
    if (stored.length > 0) {
      ev.stored.slopes(this.x, t, work);
      for (let i = 0; i < stored.length; i++) {
        const c = stored[i];
        const d = work[c];
        if (d - d !== 0) work[c] = this.slope(states[c].law, this.stateValue(c), t, states[c].element);
      }
    }
    // batched explicit statics: slopes by law, checked, then one stamp loop with the slope gathered by static
    const batchSlope = this.batchSlope;
    ev.batches.slopes(prim, t, batchSlope);
    const batchedStatics = fast.batchedStatics;
    for (let i = 0; i < batchedStatics.length; i++) {
      const j = batchedStatics[i];
      const d = batchSlope[j];
      if (d - d !== 0) {
        const st = statics[j];
        batchSlope[j] = this.slope(st.b!, ev.sec(st.reads), t, st.element);
      }
    }
    dP.fill(0);
    const { bDst, bSrc, bCoef, bStatic } = fast;
    for (let i = 0; i < bDst.length; i++) work[bDst[i]] += batchSlope[bStatic[i]] * bCoef[i] * work[bSrc[i]];
    // the other blocks, in block order (they may read the dP of any earlier block)
    const rest = fast.restBlocks;
    for (let r = 0; r < rest.length; r++) {
      const b = rest[r];
      const size = blockPtr[b + 1] - blockPtr[b];
      const width = pPtr[b + 1] - pPtr[b];
      const base0 = dOff[b];
      for (let q = blockPtr[b]; q < blockPtr[b + 1]; q++) {
        const st = statics[members[q]];
        const bd = st.b ? this.slope(st.b, ev.sec(st.reads), t, st.element) : 1;
        for (let i = mPtr[q], end = mPtr[q + 1]; i < end; i++) work[mDst[i]] += bd * mCoef[i] * work[mSrc[i]];
      }
      if (ev.kind[b] === BLOCK_KIND.explicit) continue; // a = id: dp = rhs
      if (ev.kind[b] === BLOCK_KIND.inverse) {
        const st = statics[members[blockPtr[b]]];
        const ad = this.slope(st.a!, prim[st.branch], t, st.element);
        if (ad === 0) throw notDifferentiable(st.element, prim[st.branch], 0);
        for (let e = 0; e < width; e++) dP[base0 + e] /= ad;
        continue;
      }
      const s = ev.scratchOf(b);
      ev.residual(b, s.r, s.J);
      for (let q = 0; q < size * size; q++) {
        if (!Number.isFinite(s.J[q])) {
          const st = statics[members[blockPtr[b] + Math.floor(q / size)]];
          throw notDifferentiable(st.element, prim[st.branch], s.J[q]);
        }
      }
      if (!denseFactor(s.J, size, s.piv)) throw ev.failure(b, 'the Jacobian of the block is singular');
      for (let e = 0; e < width; e++) denseSolve(s.J, size, s.piv, dP, base0 + e, width);
    }
    // State rows: those of constant linear laws in one loop (coef / c precomputed), the others row by row.
    const m = this.matrix;
    const values = m.values;
    const { sPtr, sDst, sSrc, sCoef, diagPos } = this;
    values.fill(0);
    const { lDst, lSrc, lScaled } = fast;
    for (let i = 0; i < lDst.length; i++) values[lDst[i]] += lScaled[i] * work[lSrc[i]];
    const linearFactor = ev.stored.linearFactor;
    const otherStates = fast.otherStates;
    for (let r = 0; r < otherStates.length; r++) {
      const c = otherStates[r];
      const st = states[c];
      let scale = 1;
      const factor = linearFactor[c];
      if (factor === factor) {
        // q = c v, c constant: Q_v = c, Q_vv = Q_vt = 0 (no law to evaluate); here 1/c is not finite
        scale = 1 / factor;
        if (!Number.isFinite(scale)) throw notDifferentiable(st.element, prim[st.branch], factor);
      } else if (st.own) {
        const v = prim[st.branch];
        const law = st.law;
        law.evaluate(v, t);
        const { dt, dww, dwt } = law;
        const lw = Number.isFinite(law.dw) ? law.dw : this.secantSlope(law, v, t, st.element, law.dw);
        scale = 1 / lw;
        if (!Number.isFinite(scale)) throw notDifferentiable(st.element, v, lw);
        // −(Q_vt + f Q_vv)/Q_v on the diagonal
        const diag = -(dwt + (dww === 0 ? 0 : ((ev.sec(st.branch) - dt) / lw) * dww)) / lw;
        if (!Number.isFinite(diag)) throw notDifferentiable(st.element, v, dww);
        values[diagPos[c]] += diag;
      }
      for (let i = sPtr[c], end = sPtr[c + 1]; i < end; i++) values[sDst[i]] += scale * sCoef[i] * work[sSrc[i]];
    }
    return m;
  }

  /** The state value x_c as loaded (stored states: the law's argument was x; kept by the evaluator's caller). */
  private stateValue(c: number): number {
    return this.x[c];
  }

  /** The state vector of the current load (set by the model before fill). */
  x: ArrayLike<number> = new Float64Array(0);
}

/** Each run idx[ptr[r] … ptr[r + 1]) sorted ascending in place (linalg's sortRun); idx itself returned. */
function sortedRuns(idx: Int32Array, ptr: Int32Array, runs: number): Int32Array {
  for (let r = 0; r < runs; r++) sortRun(idx, ptr[r], ptr[r + 1]);
  return idx;
}

/** A Jacobian's secant option (width; undefined or 0: none) and the first secant it took, said once to the user. */
export interface SecantState {
  secant: number | undefined;
  firstSecant: string | undefined;
}

/**
 * Where a law's slope ∂L/∂w = d is not finite at w: the central secant (L(w + h) − L(w − h)) / 2h of the state's
 * width h, its first use recorded in the state; with no width, or a secant that is not finite either, 'bad-law'
 * naming the element.
 */
export function secantSlope(state: SecantState, law: ScalarLaw, w: number, t: number, element: string, d: number): number {
  const h = state.secant;
  if (h !== undefined && h > 0) {
    const s = (law.valueAt(w + h, t) - law.valueAt(w - h, t)) / (2 * h);
    if (Number.isFinite(s)) {
      state.firstSecant ??= notDifferentiable(element, w, d).message;
      return s;
    }
  }
  throw notDifferentiable(element, w, d);
}

export function notDifferentiable(element: string, at: number, d: number): SysgraphError {
  return new SysgraphError('bad-law', `the law of ${element} is not differentiable where a Jacobian is requested (at ${at} a derivative is ${d})`, {
    element,
    elements: [element],
    field: 'law',
    expected: 'a law differentiable at this state and input, or the option secantWidth (a secant in place of the derivative)',
  });
}
