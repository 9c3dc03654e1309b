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
import { CsrMatrix } from '@sysgraph/linalg';
import { luFactorInPlace as denseFactor, luSolveInPlace as denseSolve } from '@sysgraph/linalg';
import { BLOCK_KIND } from './network-evaluator';
import type { NetworkEvaluator } from './network-evaluator';
import { ROLE } from './network-plan';
import type { ScalarLaw } from './scalar-law';

export class NetworkJacobian {
  /** Pattern of dP_b/dx per block: columns pIdx[pPtr[b] …]. */
  readonly pPtr: Int32Array;
  readonly pIdx: Int32Array;
  /** dP_b/dx values, row-major (rows: the block's statics in local order), from dOff[b]. */
  private readonly dOff: Int32Array;
  private readonly dP: Float64Array;
  /** The Jacobian: pattern fixed, values refilled per evaluation. */
  readonly matrix: CsrMatrix;
  private readonly where: Int32Array;
  private readonly dprim: Float64Array;
  private readonly secant: number | undefined;

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
      sortTail(cols, start);
      pPtr[b + 1] = cols.length;
      total += (cols.length - start) * (blockPtr[b + 1] - blockPtr[b]);
      dOff[b + 1] = total;
    }
    this.pPtr = pPtr;
    this.pIdx = Int32Array.from(cols);
    this.dOff = dOff;
    this.dP = new Float64Array(total);
    // Rows of ∂f/∂x.
    const rowPtr = new Int32Array(n + 1);
    const colIdx: number[] = [];
    for (let c = 0; c < n; c++) {
      stamp++;
      const start = colIdx.length;
      colIdx.push(c);
      mark[c] = stamp;
      gather(states[c].branch, stamp, colIdx, -1);
      sortTail(colIdx, start);
      rowPtr[c + 1] = colIdx.length;
    }
    this.matrix = new CsrMatrix(n, n, rowPtr, Int32Array.from(colIdx), new Float64Array(colIdx.length));
    this.where = new Int32Array(n);
    this.dprim = new Float64Array(n);
  }

  /** ∂L/∂w at w (evaluated), checked: a secant with the option, else 'bad-law'. */
  private slope(law: ScalarLaw, w: number, t: number, element: string): number {
    law.evaluate(w, t);
    const d = law.dw;
    if (Number.isFinite(d)) return d;
    const h = this.secant;
    if (h !== undefined && h > 0) {
      law.evaluate(w + h, t);
      const plus = law.value;
      law.evaluate(w - h, t);
      const s = (plus - law.value) / (2 * h);
      law.evaluate(w, t);
      if (Number.isFinite(s)) return s;
    }
    throw notDifferentiable(element, w, d);
  }

  /** ∂f/∂x at the point loaded in the evaluator (call ev.load first). */
  fill(): CsrMatrix {
    const ev = this.ev;
    const plan = ev.plan;
    const { secPtr, secBranch, secCoef, role, slot, states, statics } = plan;
    const prim = ev.prim;
    const t = ev.t;
    const { count, blockPtr, members } = ev.blocks;
    const { where, dprim, dP, dOff, pPtr, pIdx } = this;
    const n = states.length;
    for (let c = 0; c < n; c++) {
      const st = states[c];
      // own: prim = x; stored: prim = L(x), so dprim/dx = L'(x) (x is read back through the law's inverse value).
      dprim[c] = st.own ? 1 : this.slope(st.law, this.stateValue(c), t, st.element);
    }
    // Adds w · (row of dprim_br/dx) into the row buffer at `base` (columns mapped by `where`).
    const stamp = (br: number, w: number, buf: Float64Array, base: number, ownBlock: number) => {
      if (role[br] === ROLE.state) buf[base + where[slot[br]]] += w * dprim[slot[br]];
      else if (role[br] === ROLE.static) {
        const j = slot[br];
        const ob = ev.blocks.blockOf[j];
        if (ob === ownBlock) return;
        const width = pPtr[ob + 1] - pPtr[ob];
        const from = dOff[ob] + ev.local[j] * width;
        for (let e = 0; e < width; e++) buf[base + where[pIdx[pPtr[ob] + e]]] += w * dP[from + e];
      }
    };
    for (let b = 0; b < count; b++) {
      const size = blockPtr[b + 1] - blockPtr[b];
      const width = pPtr[b + 1] - pPtr[b];
      for (let e = 0; e < width; e++) where[pIdx[pPtr[b] + e]] = e;
      const base0 = dOff[b];
      dP.fill(0, base0, dOff[b + 1]);
      for (let q = 0; q < size; q++) {
        const j = members[blockPtr[b] + q];
        const st = statics[j];
        const sigma = ev.sec(st.reads);
        const bd = st.b ? this.slope(st.b, sigma, t, st.element) : 1;
        for (let e = secPtr[st.reads]; e < secPtr[st.reads + 1]; e++) stamp(secBranch[e], bd * secCoef[e], dP, base0 + q * width, b);
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
    // State rows.
    const m = this.matrix;
    const values = m.values;
    values.fill(0);
    for (let c = 0; c < n; c++) {
      const st = states[c];
      const r0 = m.rowPtr[c];
      for (let q = r0; q < m.rowPtr[c + 1]; q++) where[m.colIdx[q]] = q - r0;
      let scale = 1;
      if (st.own) {
        const v = prim[st.branch];
        const lw = this.slope(st.law, v, t, st.element);
        scale = 1 / lw;
        if (!Number.isFinite(scale)) throw notDifferentiable(st.element, v, lw);
        // −(Q_vt + f Q_vv)/Q_v on the diagonal
        st.law.evaluate(v, t);
        const f = (ev.sec(st.branch) - st.law.dt) / lw;
        const diag = -(st.law.dwt + (st.law.dww === 0 ? 0 : f * st.law.dww)) / lw;
        if (!Number.isFinite(diag)) throw notDifferentiable(st.element, v, st.law.dww);
        values[r0 + where[c]] += diag;
      }
      for (let e = secPtr[st.branch]; e < secPtr[st.branch + 1]; e++) stamp(secBranch[e], scale * secCoef[e], values, r0, -1);
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

/** Sorts list[start …] in place (insertion sort for the short rows of a network, else the built-in sort). */
function sortTail(list: number[], start: number): void {
  const end = list.length;
  if (end - start > 32) {
    const tail = list.slice(start).sort((a, b) => a - b);
    for (let i = 0; i < tail.length; i++) list[start + i] = tail[i];
    return;
  }
  for (let i = start + 1; i < end; i++) {
    const v = list[i];
    let j = i - 1;
    while (j >= start && list[j] > v) {
      list[j + 1] = list[j];
      j--;
    }
    list[j + 1] = v;
  }
}

function notDifferentiable(element: string, at: number, d: number): SysgraphError {
  return new SysgraphError('bad-law', `the law of ${element} is not differentiable where a Jacobian is requested (at ${at} a derivative is ${d})`, {
    element,
    elements: [element],
    field: 'law',
    expected: 'a law differentiable at this state and input, or the option secantWidth (a secant in place of the derivative)',
  });
}
