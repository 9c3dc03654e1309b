/**
 * SplitResidual: f(x, u, t) = A_lin·x + B_lin·u + M·g(P·x + Q·u, t) on the split of law-split.ts, in three flat
 * passes over typed arrays:
 *   z = [x | u | ·],   y = P x + Q u  (args over z),   z[n+m …] = g(y, t)  (one batch per compiled law),
 *   f_c = Σ coef · z[src]  over row c  (rows over z).
 * The law entries of one compiled law are contiguous, so each batch (law-batch.ts) reads a view of y and writes a
 * view of z; nothing is allocated per call. Values of the laws are those of ScalarLaw.valueAt to the last bit, and y
 * is the general evaluator's σ to the last bit; f differs from the general path's (network-evaluator.ts) only by
 * the order of the sums (coefficients such as 1/(R·C) are formed once), within a few ulps of the terms' size.
 * O(nnz(args) + nnz(rows) + size of the laws × entries) per call.
 */
import { lawBatch } from './law-batch';
import type { LawBatch } from './law-batch';
import type { LawSplit } from './law-split';

export class SplitResidual {
  /** z = [x | u | g] of the last call. */
  readonly z: Float64Array;
  /** The law arguments y = P x + Q u of the last call. */
  readonly y: Float64Array;
  private readonly batches: LawBatch[];
  private readonly yView: Float64Array[];
  private readonly gView: Float64Array[];
  private readonly slopeView: Float64Array[];
  /** g'(y) of the last call to slopes. */
  readonly slope: Float64Array;
  /** The point of the last evaluate, while the batches' rows still hold its law values (slopes reuse them). */
  private readonly lastX: Float64Array;
  private readonly lastU: Float64Array;
  private lastT = Number.NaN;
  private kept = false;

  constructor(readonly split: LawSplit) {
    const { n, m, laws, groups } = split;
    this.z = new Float64Array(n + m + laws);
    this.y = new Float64Array(laws);
    this.slope = new Float64Array(laws);
    this.lastX = new Float64Array(n);
    this.lastU = new Float64Array(m);
    this.batches = groups.map((g) => lawBatch(g.law));
    this.yView = groups.map((g) => this.y.subarray(g.start, g.end));
    this.gView = groups.map((g) => this.z.subarray(n + m + g.start, n + m + g.end));
    this.slopeView = groups.map((g) => this.slope.subarray(g.start, g.end));
  }

  /** z[0 … n+m) = [x | u] and y = P x + Q u. */
  arguments(x: ArrayLike<number>, u: ArrayLike<number>): void {
    const { z, y } = this;
    const { n, m } = this.split;
    copyInto(z, 0, x, n);
    copyInto(z, n, u, m);
    const { ptr, src, coef } = this.split.args;
    rowSums(ptr, src, coef, z, y, y.length);
  }

  /** out = f(t, x, u). */
  evaluate(t: number, x: ArrayLike<number>, u: ArrayLike<number>, out: Float64Array | number[]): void {
    this.arguments(x, u);
    const { batches, yView, gView } = this;
    for (let k = 0; k < batches.length; k++) batches[k].valuesAt(yView[k], yView[k].length, t, gView[k]);
    copyInto(this.lastX, 0, x, this.split.n);
    copyInto(this.lastU, 0, u, this.split.m);
    this.lastT = t;
    this.kept = true;
    const { ptr, src, coef } = this.split.rows;
    rowSums(ptr, src, coef, this.z, out, this.split.n);
  }

  /**
   * slope = g'(y) and y at (t, x, u) (slopes may be non-finite: the caller checks). At the point of the last
   * evaluate (a stiff solver asks for ∂f/∂x where it has just evaluated f) the batches' rows still hold the laws'
   * values there, and only the derivative pass runs: O(n) to compare the point.
   */
  slopes(t: number, x: ArrayLike<number>, u: ArrayLike<number>): void {
    const { batches, yView, slopeView } = this;
    if (this.kept && t === this.lastT && same(x, this.lastX) && same(u, this.lastU)) {
      for (let k = 0; k < batches.length; k++) batches[k].slopesAfterValues(yView[k], yView[k].length, t, slopeView[k]);
      return;
    }
    // the full pass overwrites the rows with this point's values: f's are no longer kept
    this.kept = false;
    this.arguments(x, u);
    for (let k = 0; k < batches.length; k++) batches[k].slopesAt(yView[k], yView[k].length, t, slopeView[k]);
  }
}

/** a = b entry by entry (same length). */
function same(a: ArrayLike<number>, b: Float64Array): boolean {
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The passes of evaluate, each a module-level function whose loop is last (V8 compiles a long loop on its first
 * call by on-stack replacement; code after it in the same function would deoptimise that code at every call).
 */
/** to[at + i] = from[i], i < count. */
function copyInto(to: Float64Array, at: number, from: ArrayLike<number>, count: number): void {
  for (let i = 0; i < count; i++) to[at + i] = from[i];
}

/** out_r = Σ coef[q] · z[src[q]], q in [ptr[r], ptr[r + 1]), r < count. */
function rowSums(ptr: Int32Array, src: Int32Array, coef: Float64Array, z: Float64Array, out: Float64Array | number[], count: number): void {
  for (let r = 0; r < count; r++) {
    let s = 0;
    for (let q = ptr[r], end = ptr[r + 1]; q < end; q++) s += coef[q] * z[src[q]];
    out[r] = s;
  }
}
