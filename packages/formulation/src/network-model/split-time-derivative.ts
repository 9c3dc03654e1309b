/**
 * SplitTimeDerivative: ∂f/∂t at fixed x on the split of law-split.ts, f = A_lin x + B_lin u + M g(P x + Q u, t):
 *   ∂f/∂t = B_lin u' + M · dg,    dg_i = g'_i(y_i) · (Q u')_i + ∂g_i/∂t (y_i, t)
 * Only the law entries whose argument reads an input or whose law depends on t move ("moving"), and only the state
 * rows that read an input or a moving entry are nonzero: both lists and the rows' terms over [u | moving g] are
 * built once, so a call costs O(n) (clearing the result) plus that part (a ladder driven at one end with laws free
 * of t: one row, no law). The same quantity as the general path's propagation (network-time-derivative.ts).
 * Returns false where a slope or a t-derivative is not finite (the solver then differences f).
 */
import type { SplitResidual } from './split-residual';

export class SplitTimeDerivative {
  /** Moving law entries, the start of their input terms in args (ptr into inSrc/inCoef). */
  private readonly moving: Int32Array;
  private readonly inPtr: Int32Array;
  private readonly inSrc: Int32Array;
  private readonly inCoef: Float64Array;
  /** dz: [· | u' | dg]: zero but at the inputs and the moving entries (every call overwrites those). */
  private readonly dz: Float64Array;
  /** Rows that move: their state, and their terms over the moving columns of dz. */
  private readonly rowState: Int32Array;
  private readonly rowPtr: Int32Array;
  private readonly rowSrc: Int32Array;
  private readonly rowCoef: Float64Array;

  constructor(private readonly residual: SplitResidual) {
    const { n, m, laws, args, rows, law } = residual.split;
    const g0 = n + m;
    const moves = new Uint8Array(n + m + laws);
    for (let k = n; k < g0; k++) moves[k] = 1;
    const moving: number[] = [];
    const inPtr: number[] = [0];
    const inSrc: number[] = [];
    const inCoef: number[] = [];
    for (let i = 0; i < laws; i++) {
      let readsInput = false;
      for (let q = args.ptr[i]; q < args.ptr[i + 1]; q++) if (args.src[q] >= n) readsInput = true;
      if (!readsInput && !law[i].dependsOnTime) continue;
      moves[g0 + i] = 1;
      moving.push(i);
      for (let q = args.ptr[i]; q < args.ptr[i + 1]; q++) {
        if (args.src[q] < n) continue;
        inSrc.push(args.src[q]);
        inCoef.push(args.coef[q]);
      }
      inPtr.push(inSrc.length);
    }
    this.moving = Int32Array.from(moving);
    this.inPtr = Int32Array.from(inPtr);
    this.inSrc = Int32Array.from(inSrc);
    this.inCoef = Float64Array.from(inCoef);
    this.dz = new Float64Array(n + m + laws);
    const rowState: number[] = [];
    const rowPtr: number[] = [0];
    const rowSrc: number[] = [];
    const rowCoef: number[] = [];
    for (let c = 0; c < n; c++) {
      const start = rowSrc.length;
      for (let q = rows.ptr[c]; q < rows.ptr[c + 1]; q++) {
        if (moves[rows.src[q]] !== 1) continue;
        rowSrc.push(rows.src[q]);
        rowCoef.push(rows.coef[q]);
      }
      if (rowSrc.length === start) continue;
      rowState.push(c);
      rowPtr.push(rowSrc.length);
    }
    this.rowState = Int32Array.from(rowState);
    this.rowPtr = Int32Array.from(rowPtr);
    this.rowSrc = Int32Array.from(rowSrc);
    this.rowCoef = Float64Array.from(rowCoef);
  }

  /** out = ∂f/∂t at (t, x, u) with du = u'(t); false (out unspecified) where a derivative is not finite. */
  evaluate(t: number, x: ArrayLike<number>, u: ArrayLike<number>, du: ArrayLike<number>, out: Float64Array): boolean {
    const residual = this.residual;
    const { n, m, law } = residual.split;
    const g0 = n + m;
    const dz = this.dz;
    for (let k = 0; k < m; k++) dz[n + k] = du[k];
    const moving = this.moving;
    if (moving.length > 0) {
      const args = residual.split.args;
      const { inPtr, inSrc, inCoef } = this;
      for (let r = 0; r < moving.length; r++) {
        const i = moving[r];
        // y_i = (P x + Q u)_i, the residual's argument to the last bit (the residual's arrays are left as they are)
        let y = 0;
        for (let q = args.ptr[i], end = args.ptr[i + 1]; q < end; q++) {
          const src = args.src[q];
          y += args.coef[q] * (src < n ? x[src] : u[src - n]);
        }
        // (Q u')_i
        let dy = 0;
        for (let q = inPtr[r], end = inPtr[r + 1]; q < end; q++) dy += inCoef[q] * dz[inSrc[q]];
        const l = law[i];
        let dg: number;
        if (l.dependsOnTime) {
          l.evaluate(y, t);
          dg = l.dw * dy + l.dt;
        } else dg = l.slopeAt(y, t) * dy;
        if (!Number.isFinite(dg)) return false;
        dz[g0 + i] = dg;
      }
    }
    out.fill(0);
    const { rowState, rowPtr, rowSrc, rowCoef } = this;
    for (let r = 0; r < rowState.length; r++) {
      let s = 0;
      for (let q = rowPtr[r], end = rowPtr[r + 1]; q < end; q++) s += rowCoef[q] * dz[rowSrc[q]];
      out[rowState[r]] = s;
    }
    return true;
  }
}
