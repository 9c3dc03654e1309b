/**
 * SplitResidual: f(x, u, t) = A_lin·x + B_lin·u + M·g(P·x + Q·u, t) on the split of law-split.ts, in flat passes
 * over typed arrays:
 *   z = [x | u | ·],   per compiled law: y = P x + Q u (its argument rows over z) and z[n+m …] = g(y, t),
 *   f_c = Σ coef · z[src]  over row c  (rows over z: A_lin, B_lin and M as one CSR product over [x | u | g]).
 * The law entries of one compiled law are contiguous, so each batch (law-batch.ts) reads a view of y and writes a
 * view of z; a law of the diode's shape computes its arguments and values in one loop per element
 * (exp-law-batch.ts, valuesFromArguments). Nothing is allocated per call, and z is the only record of the point
 * (the Jacobian's reuse of the law values compares with it). Values of the laws are those of ScalarLaw.valueAt to
 * the last bit, and y is the general evaluator's σ to the last bit; f differs from the general path's
 * (network-evaluator.ts) only by the order of the sums (coefficients such as 1/(R·C) are formed once), within a
 * few ulps of the terms' size.
 * O(n + m + nnz(args) + nnz(rows) + size of the laws × entries) per call: three passes of n for the ladder
 * (copy of x, the diodes' arguments and values, the rows). The rows run as linalg's RowSumProgram (rows grouped by
 * their number of terms, the common widths as straight-line sums from 0 in the program's order, the rows of a regular
 * network by column offset: the same bits as the row loop) and a law argument of one term of z (a diode across a
 * state) skips its row loop; where every argument of a diode group is one term at one offset with one coefficient
 * (offsetStencils), the group reads z at i + offset without the argument program at all. x goes into z by set.
 */
import { offsetStencils, rowSumProgram, runRowSumProgram } from '@sysgraph/linalg';
import type { OffsetStencil, RowSumProgram } from '@sysgraph/linalg';
import { ExpLawBatch } from './exp-law-batch';
import { lawBatch } from './law-batch';
import type { LawBatch } from './law-batch';
import type { LawSplit } from './law-split';

export class SplitResidual {
  /** z = [x | u | g] of the last call. */
  readonly z: Float64Array;
  /** The law arguments y = P x + Q u of the last call. */
  readonly y: Float64Array;
  private readonly batches: LawBatch[];
  /** Per group: its fused batch (arguments and values in one loop, exp-law-batch.ts), else null. */
  private readonly fused: (ExpLawBatch | null)[];
  /** Per fused diode group whose arguments are one term of z at one offset with one coefficient: that run. */
  private readonly argRun: (OffsetStencil | null)[];
  private readonly yView: Float64Array[];
  private readonly gView: Float64Array[];
  private readonly slopeView: Float64Array[];
  /** g'(y) of the last call to slopes. */
  readonly slope: Float64Array;
  /** f of the last evaluate when the caller's out is not a Float64Array (then copied out). */
  private readonly fOut: Float64Array;
  /** The state rows as a program by row width (f's last pass). */
  private readonly rowProgram: RowSumProgram;
  private lastT = Number.NaN;
  /**
   * Whether z[0 … n+m) still holds the point of the last evaluate and the batches' rows its law values (slopes
   * reuse them). z itself is the record of that point: no copy of x and u beside it.
   */
  private kept = false;

  constructor(readonly split: LawSplit) {
    const { n, m, laws, groups } = split;
    this.z = new Float64Array(n + m + laws);
    this.y = new Float64Array(laws);
    this.slope = new Float64Array(laws);
    this.fOut = new Float64Array(n);
    this.rowProgram = rowSumProgram(split.rows.ptr, split.rows.src, split.rows.coef, 0, n, { stencils: true });
    this.batches = groups.map((g) => lawBatch(g.law));
    this.fused = this.batches.map((b) => (b instanceof ExpLawBatch ? b : null));
    this.argRun = groups.map((g, k) => (this.fused[k]?.diode ? oneTermRun(split, g.start, g.end) : null));
    this.yView = groups.map((g) => this.y.subarray(g.start, g.end));
    this.gView = groups.map((g) => this.z.subarray(n + m + g.start, n + m + g.end));
    this.slopeView = groups.map((g) => this.slope.subarray(g.start, g.end));
  }

  /** z[0 … n+m) = [x | u]. */
  private load(x: ArrayLike<number>, u: ArrayLike<number>): void {
    const { z } = this;
    const { n, m } = this.split;
    // a whole typed array by set (a memcpy: measured 0.14 ns per entry against 1.4 for the element loop)
    if (x instanceof Float64Array && x.length === n) z.set(x, 0);
    else if (x instanceof Float64Array) copyTyped(z, 0, x, n);
    else copyInto(z, 0, x, n);
    if (u instanceof Float64Array) copyTyped(z, n, u, m);
    else copyInto(z, n, u, m);
  }

  /** z[0 … n+m) = [x | u] and y = P x + Q u. */
  arguments(x: ArrayLike<number>, u: ArrayLike<number>): void {
    this.load(x, u);
    const { ptr, src, coef } = this.split.args;
    rowSums(ptr, src, coef, this.z, this.y, 0, this.y.length);
  }

  /**
   * out = f(t, x, u): z = [x | u], then per group of laws the arguments y and the values g (one loop per element
   * for a fused law, else the argument rows and the batch), then the rows over z.
   */
  evaluate(t: number, x: ArrayLike<number>, u: ArrayLike<number>, out: Float64Array | number[]): void {
    this.load(x, u);
    const { batches, fused, argRun, yView, gView, z, y } = this;
    const { n, m, groups } = this.split;
    const { ptr, src, coef } = this.split.args;
    for (let k = 0; k < batches.length; k++) {
      const { start, end } = groups[k];
      const f = fused[k];
      const run = argRun[k];
      if (f === null) {
        rowSums(ptr, src, coef, z, y, start, end);
        batches[k].valuesAt(yView[k], yView[k].length, t, gView[k]);
      } else if (run !== null) f.valuesFromRun(z, start, end, run.offsets[0], run.coef[0], y, n + m);
      else f.valuesFromArguments(ptr, src, coef, z, start, end, y, n + m);
    }
    this.lastT = t;
    this.kept = true;
    if (out instanceof Float64Array) runRowSumProgram(this.rowProgram, z, out);
    else {
      runRowSumProgram(this.rowProgram, z, this.fOut);
      for (let c = 0; c < n; c++) out[c] = this.fOut[c];
    }
  }

  /**
   * slope = g'(y) and y at (t, x, u) (slopes may be non-finite: the caller checks). At the point of the last
   * evaluate (a stiff solver asks for ∂f/∂x where it has just evaluated f) the batches' rows still hold the laws'
   * values there, and only the derivative pass runs: O(n) to compare the point with z.
   */
  slopes(t: number, x: ArrayLike<number>, u: ArrayLike<number>): void {
    const { batches, yView, slopeView } = this;
    const { n, m } = this.split;
    if (this.kept && t === this.lastT && same(x, this.z, 0, n) && same(u, this.z, n, m)) {
      for (let k = 0; k < batches.length; k++) batches[k].slopesAfterValues(yView[k], yView[k].length, t, slopeView[k]);
      return;
    }
    // the full pass overwrites the rows with this point's values: f's are no longer kept
    this.kept = false;
    this.arguments(x, u);
    for (let k = 0; k < batches.length; k++) batches[k].slopesAt(yView[k], yView[k].length, t, slopeView[k]);
  }
}

/**
 * The arguments of law entries [start, end) as one run of one term, y_i = c·z[i + offset] (linalg's offsetStencils:
 * every entry's term at the same offset with the same coefficient's bits), else null.
 */
function oneTermRun(split: LawSplit, start: number, end: number): OffsetStencil | null {
  const { ptr, src, coef } = split.args;
  const stencils = offsetStencils(ptr, src, coef, start, end, 1, 1, 1);
  if (stencils.length !== 1) return null;
  const [only] = stencils;
  return only.constant && only.first.length === 1 && only.first[0] === start && only.last[0] === end - 1 ? only : null;
}

/** a[i] = b[at + i], i < count. */
function same(a: ArrayLike<number>, b: Float64Array, at: number, count: number): boolean {
  for (let i = 0; i < count; i++) if (a[i] !== b[at + i]) return false;
  return true;
}

/**
 * The passes of evaluate, each a module-level function whose loop is last (V8 compiles a long loop on its first
 * call by on-stack replacement; code after it in the same function would deoptimise that code at every call), and
 * each called with one kind of array only (typed arrays; other arrays go through copyInto), so that its loads and
 * stores stay monomorphic.
 */
/** to[at + i] = from[i], i < count, from a typed array. */
function copyTyped(to: Float64Array, at: number, from: Float64Array, count: number): void {
  for (let i = 0; i < count; i++) to[at + i] = from[i];
}

/** to[at + i] = from[i], i < count, from any array. */
function copyInto(to: Float64Array, at: number, from: ArrayLike<number>, count: number): void {
  for (let i = 0; i < count; i++) to[at + i] = from[i];
}

/** out_r = Σ coef[q] · z[src[q]], q in [ptr[r], ptr[r + 1]), r in [from, to). */
function rowSums(ptr: Int32Array, src: Int32Array, coef: Float64Array, z: Float64Array, out: Float64Array, from: number, to: number): void {
  for (let r = from; r < to; r++) {
    let s = 0;
    for (let q = ptr[r], end = ptr[r + 1]; q < end; q++) s += coef[q] * z[src[q]];
    out[r] = s;
  }
}
