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
    // sized typed arrays: one pass over every law entry and every row finds the moving ones (and counts their
    // terms), a second pass over only those fills their terms; no growing arrays at build
    const moves = new Uint8Array(n + m + laws);
    for (let k = n; k < g0; k++) moves[k] = 1;
    const { ptr: argPtr, src: argSrc, coef: argCoef } = args;
    const movingAt = new Int32Array(laws);
    let movingCount = 0;
    let inCount = 0;
    for (let i = 0; i < laws; i++) {
      let inputs = 0;
      for (let q = argPtr[i], end = argPtr[i + 1]; q < end; q++) if (argSrc[q] >= n) inputs++;
      if (inputs === 0 && !law[i].dependsOnTime) continue;
      moves[g0 + i] = 1;
      movingAt[movingCount++] = i;
      inCount += inputs;
    }
    const moving = movingAt.slice(0, movingCount);
    const inPtr = new Int32Array(movingCount + 1);
    const inSrc = new Int32Array(inCount);
    const inCoef = new Float64Array(inCount);
    for (let r = 0, e = 0; r < movingCount; r++) {
      const i = moving[r];
      for (let q = argPtr[i], end = argPtr[i + 1]; q < end; q++) {
        if (argSrc[q] < n) continue;
        inSrc[e] = argSrc[q];
        inCoef[e++] = argCoef[q];
      }
      inPtr[r + 1] = e;
    }
    this.moving = moving;
    this.inPtr = inPtr;
    this.inSrc = inSrc;
    this.inCoef = inCoef;
    this.dz = new Float64Array(n + m + laws);
    const { ptr: termPtr, src: termSrc, coef: termCoef } = rows;
    const rowAt = new Int32Array(n);
    let rowCount = 0;
    let termCount = 0;
    for (let c = 0; c < n; c++) {
      let terms = 0;
      for (let q = termPtr[c], end = termPtr[c + 1]; q < end; q++) if (moves[termSrc[q]] === 1) terms++;
      if (terms === 0) continue;
      rowAt[rowCount++] = c;
      termCount += terms;
    }
    const rowState = rowAt.slice(0, rowCount);
    const rowPtr = new Int32Array(rowCount + 1);
    const rowSrc = new Int32Array(termCount);
    const rowCoef = new Float64Array(termCount);
    for (let r = 0, e = 0; r < rowCount; r++) {
      const c = rowState[r];
      for (let q = termPtr[c], end = termPtr[c + 1]; q < end; q++) {
        if (moves[termSrc[q]] !== 1) continue;
        rowSrc[e] = termSrc[q];
        rowCoef[e++] = termCoef[q];
      }
      rowPtr[r + 1] = e;
    }
    this.rowState = rowState;
    this.rowPtr = rowPtr;
    this.rowSrc = rowSrc;
    this.rowCoef = rowCoef;
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
