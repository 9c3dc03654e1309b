/**
 * SplitJacobian: ∂f/∂x = A_lin + M·diag(g'(y))·P on the split of law-split.ts (docs/nonlinear.md, "f as a linear
 * part plus a law part"), on a pattern fixed at build time:
 *   values = base                                   (A_lin scattered once into the pattern, copied per call)
 *   values[pos[s]] += coef[s] · g'_{entry[s]}         (one stamp per product term M[c,i]·P[i,j], coef = M[c,i]·P[i,j])
 * The pattern is row c: {c} ∪ the x columns of A_lin's row ∪ the x columns of P's rows that M's row reaches —
 * the structural pattern of the general Jacobian (network-jacobian.ts), entry for entry. A law slope that is not
 * finite is, as there, its central secant with the option secantWidth, else 'bad-law' naming the element.
 * Where A_lin's entries are finite and every law is stamped, the stamps check what they write (slope-stamps.ts): a
 * matrix so made is finite entry for entry (`finite`, which spares the solver its own scan), and a slope that is not
 * finite shows there, whereupon the call starts over on the checked path (slopes scanned in order, secants, stamps).
 * O(nnz(J) + stamps + size of the laws × entries) per call; no allocation.
 */
import { CsrMatrix, sortRun } from '@sysgraph/linalg';
import { secantSlope } from './network-jacobian';
import { slopeStamps, stampChecked } from './slope-stamps';
import type { SlopeStamps } from './slope-stamps';
import type { LawSplit } from './law-split';
import type { SplitResidual } from './split-residual';

export class SplitJacobian {
  readonly matrix: CsrMatrix;
  /** The secant width where a law's derivative is not finite (undefined: 'bad-law' there); set by the model. */
  secant: number | undefined;
  /** What the first secant replaced; undefined: none yet. */
  firstSecant: string | undefined;
  /** Whether every entry of the last fill's matrix is finite, known from the stamps' check (false: not known). */
  finite = false;
  private readonly base: Float64Array;
  private readonly pos: Int32Array;
  private readonly entry: Int32Array;
  private readonly coef: Float64Array;
  /** The stamps by segments (null: A_lin has an entry that is not finite, or a law is stamped nowhere: no check). */
  private readonly checked: SlopeStamps | null;

  constructor(
    private readonly residual: SplitResidual,
    secantWidth?: number,
  ) {
    this.secant = secantWidth;
    const split: LawSplit = residual.split;
    // two passes, each a function of its own (a hot loop compiled on stack is its small function, not the constructor)
    const built = patternAndStamps(split, countStamps(split));
    this.matrix = built.matrix;
    this.base = built.base;
    this.pos = built.pos;
    this.entry = built.entry;
    this.coef = built.coef;
    this.checked = firstNotFinite(this.base, 0) < 0 && coversLaws(this.entry, split.laws) ? slopeStamps(this.entry, this.coef) : null;
  }

  /** ∂f/∂x at (t, x, u). */
  fill(t: number, x: ArrayLike<number>, u: ArrayLike<number>): CsrMatrix {
    const residual = this.residual;
    residual.slopes(t, x, u);
    const slope = residual.slope;
    const values = this.matrix.values;
    // the common case: every slope and every entry finite, seen by the stamps as they write
    if (this.checked !== null) {
      values.set(this.base);
      this.finite = stampChecked(this.checked, values, this.pos, this.entry, this.coef, slope);
      if (this.finite) return this.matrix;
    }
    this.finite = false;
    const y = residual.y;
    // a slope that is not finite (rare): its secant, from the first such entry on
    for (let i = firstNotFinite(slope, 0); i >= 0; i = firstNotFinite(slope, i + 1)) slope[i] = this.secantSlope(i, y[i], t, slope[i]);
    values.set(this.base);
    stampSlopes(values, this.pos, this.entry, this.coef, slope);
    return this.matrix;
  }

  /** Where g'_i = d is not finite at w: the central secant of the option's width, else 'bad-law'. */
  private secantSlope(i: number, w: number, t: number, d: number): number {
    const split = this.residual.split;
    return secantSlope(this, split.law[i], w, t, split.element[i], d);
  }
}

/** The first i ≥ from where values[i] is not finite, else −1 (a module-level loop with nothing after it but return). */
function firstNotFinite(values: Float64Array, from: number): number {
  for (let i = from; i < values.length; i++) {
    const d = values[i];
    if (d - d !== 0) return i;
  }
  return -1;
}

/** Whether every law entry i < laws has a stamp. */
function coversLaws(entry: Int32Array, laws: number): boolean {
  const stamped = new Uint8Array(laws);
  for (let s = 0; s < entry.length; s++) stamped[entry[s]] = 1;
  return stamped.indexOf(0) < 0;
}

/** values[pos[s]] += coef[s] · slope[entry[s]] for every stamp s (loop last: no on-stack-replacement deopt per call). */
function stampSlopes(values: Float64Array, pos: Int32Array, entry: Int32Array, coef: Float64Array, slope: Float64Array): void {
  for (let s = 0; s < pos.length; s++) values[pos[s]] += coef[s] * slope[entry[s]];
}

/** The stamps: one per x column of a law argument that a row reads (they also bound the pattern). */
function countStamps(split: LawSplit): number {
  const { n, m, rows, args } = split;
  const g0 = n + m;
  const rowSrc = rows.src;
  const argPtr = args.ptr;
  const argSrc = args.src;
  const terms = rows.ptr[n];
  let stamps = 0;
  for (let q = 0; q < terms; q++) {
    const col = rowSrc[q];
    if (col < g0) continue;
    const i = col - g0;
    for (let e = argPtr[i], end = argPtr[i + 1]; e < end; e++) if (argSrc[e] < n) stamps++;
  }
  return stamps;
}

/**
 * The pattern and the stamps, one row at a time (one pass over the rows' terms and the law arguments they reach):
 * row c's x columns, directly and through the arguments of the law entries it reads, sorted in place; then, with
 * the row's positions known, A_lin's row scattered into base and the row's stamps M[c,i]·P[i,j] with their
 * positions and law entries. Sized typed arrays: at most n + nnz(rows) + stamps pattern entries.
 */
function patternAndStamps(split: LawSplit, stamps: number) {
  const { n, m, rows, args } = split;
  const g0 = n + m;
  const mark = new Int32Array(n).fill(-1);
  // where each column of a row sits: at[j] = position, valid for the row being scattered
  const at = new Int32Array(n);
  const rowPtr = new Int32Array(n + 1);
  const bound = n + rows.ptr[n] + stamps;
  const cols = new Int32Array(bound);
  const values = new Float64Array(bound);
  const pos = new Int32Array(stamps);
  const entry = new Int32Array(stamps);
  const coef = new Float64Array(stamps);
  // the columns in locals: the loops run mostly before V8 optimises them, where each property read is a lookup
  const { ptr: termPtr, src: termSrc, coef: termCoef } = rows;
  const { ptr: argPtr, src: argSrc, coef: argCoef } = args;
  let at0 = 0;
  let s = 0;
  for (let c = 0; c < n; c++) {
    const start = at0;
    const termStart = termPtr[c];
    const termEnd = termPtr[c + 1];
    mark[c] = c;
    cols[at0++] = c;
    for (let q = termStart; q < termEnd; q++) {
      const col = termSrc[q];
      if (col < n) {
        if (mark[col] !== c) {
          mark[col] = c;
          cols[at0++] = col;
        }
      } else if (col >= g0) {
        const i = col - g0;
        for (let e = argPtr[i], last = argPtr[i + 1]; e < last; e++) {
          const j = argSrc[e];
          if (j < n && mark[j] !== c) {
            mark[j] = c;
            cols[at0++] = j;
          }
        }
      }
    }
    sortRun(cols, start, at0);
    rowPtr[c + 1] = at0;
    for (let q = start; q < at0; q++) at[cols[q]] = q;
    for (let q = termStart; q < termEnd; q++) {
      const col = termSrc[q];
      if (col < n) values[at[col]] += termCoef[q];
      else if (col >= g0) {
        const i = col - g0;
        for (let e = argPtr[i], last = argPtr[i + 1]; e < last; e++) {
          const j = argSrc[e];
          if (j >= n) continue;
          // M[c,i] · g'_i · P[i,j]
          pos[s] = at[j];
          entry[s] = i;
          coef[s++] = termCoef[q] * argCoef[e];
        }
      }
    }
  }
  const colIdx = cols.slice(0, at0);
  const base = values.slice(0, at0);
  return { matrix: new CsrMatrix(n, n, rowPtr, colIdx, new Float64Array(at0)), base, pos, entry, coef };
}
