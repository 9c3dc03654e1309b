/**
 * RowSumProgram: y_r = Σ_q coef[q] · z[src[q]] over the rows of a CSR program (a sparse matrix–vector product whose
 * columns index z), with the rows grouped by their number of terms so that the common widths run as straight-line
 * code:
 *   width w ≤ 4:  y_r = (((0 + c_0 z_{s_0}) + c_1 z_{s_1}) + …) + c_{w−1} z_{s_{w−1}}   (one loop per width),
 *   wider rows:   the CSR loop.
 * and the rows of a regular network by column offset (offset-stencils.ts: segments of rows of width w ≤ 4 whose term
 * j reads z at r + o_j) as loops over the row index with the offsets as arguments, no column loaded:
 *   y_r = (((0 + c_0 z_{r+o_0}) + c_1 z_{r+o_1}) + …)   c_j per row, or constants of the stencil,
 * stencils of at least MIN_STENCIL_ROWS rows; the other rows by width as above.
 * The sums start from 0 and take the terms in the program's order, so every y_r equals the plain CSR loop's to the
 * last bit (−0 included). A row loop whose trip count is 1–4 spends most of its time in the loop's own control
 * (measured: a 10^4-row program of width 4, 190 → 95 µs per product); grouping removes it. The stencils remove
 * the loads of the columns (and of the coefficients, where constant): measured on one 10^4-row width-4 run, 5.7 ns
 * per row by width, 3.7 with offsets, 2.6 with offsets and constants. Built once per program, O(rows + nnz)
 * expected; each product O(rows + nnz) with no allocation.
 */
import { offsetStencils } from './offset-stencils';
import type { OffsetStencil } from './offset-stencils';

/** The rows of one width: row indices and their terms, contiguous (w per row). */
interface WidthGroup {
  readonly rows: Int32Array;
  readonly src: Int32Array;
  readonly coef: Float64Array;
}

export interface RowSumProgram {
  /** Rows [from, to) of the program, by width 0 … 4 (index = width). */
  readonly byWidth: readonly WidthGroup[];
  /** Rows wider than 4, as a CSR program of their own (row indices in `rows`). */
  readonly wide: { readonly rows: Int32Array; readonly ptr: Int32Array; readonly src: Int32Array; readonly coef: Float64Array };
  /** The rows by column offset (widths 1 … 4, offset-stencils.ts); their rows are in no width group. */
  readonly stencils: readonly OffsetStencil[];
}

const MAX_UNROLLED = 4;
/** The fewest rows of a stencil (measured: see docs/design-choices.md, "Row programs by column offset"). */
const MIN_STENCIL_ROWS = 4;

export interface RowSumProgramOptions {
  /**
   * Look for rows by column offset (default false). The search costs a hashed scan of every row when the program
   * is built (cold, 10^4 scattered rows 3 → 24 ms): worth it for a program run thousands of times on a regular
   * network (a nonlinear network's f), not for a matrix whose rows are wider than 4 or scattered (a linear model's
   * operator, built per run: the 100 × 100 RC grid went 0.84 → 0.87 s as a whole process with the search).
   */
  readonly stencils?: boolean;
}

/** The program of rows [from, to) of (ptr, src, coef). */
export function rowSumProgram(ptr: Int32Array, src: Int32Array, coef: Float64Array, from: number, to: number, options: RowSumProgramOptions = {}): RowSumProgram {
  const stencils = options.stencils === true ? offsetStencils(ptr, src, coef, from, to, 1, MAX_UNROLLED, MIN_STENCIL_ROWS) : [];
  const inRun = new Uint8Array(to - from);
  for (const t of stencils) for (let s = 0; s < t.first.length; s++) inRun.fill(1, t.first[s] - from, t.last[s] + 1 - from);
  const count = new Int32Array(MAX_UNROLLED + 2);
  let wideTerms = 0;
  for (let r = from; r < to; r++) {
    if (inRun[r - from] === 1) continue;
    const w = ptr[r + 1] - ptr[r];
    if (w <= MAX_UNROLLED) count[w]++;
    else {
      count[MAX_UNROLLED + 1]++;
      wideTerms += w;
    }
  }
  const byWidth: WidthGroup[] = [];
  for (let w = 0; w <= MAX_UNROLLED; w++) byWidth.push({ rows: new Int32Array(count[w]), src: new Int32Array(count[w] * w), coef: new Float64Array(count[w] * w) });
  const wide = { rows: new Int32Array(count[MAX_UNROLLED + 1]), ptr: new Int32Array(count[MAX_UNROLLED + 1] + 1), src: new Int32Array(wideTerms), coef: new Float64Array(wideTerms) };
  const filled = new Int32Array(MAX_UNROLLED + 2);
  let wideAt = 0;
  for (let r = from; r < to; r++) {
    if (inRun[r - from] === 1) continue;
    const w = ptr[r + 1] - ptr[r];
    if (w <= MAX_UNROLLED) {
      const g = byWidth[w];
      const k = filled[w]++;
      g.rows[k] = r;
      for (let j = 0; j < w; j++) {
        g.src[k * w + j] = src[ptr[r] + j];
        g.coef[k * w + j] = coef[ptr[r] + j];
      }
    } else {
      const k = filled[MAX_UNROLLED + 1]++;
      wide.rows[k] = r;
      for (let j = 0; j < w; j++) {
        wide.src[wideAt + j] = src[ptr[r] + j];
        wide.coef[wideAt + j] = coef[ptr[r] + j];
      }
      wideAt += w;
      wide.ptr[k + 1] = wideAt;
    }
  }
  return { byWidth, wide, stencils };
}

/** out[r] = Σ coef · z[src] for every row of the program. */
export function runRowSumProgram(p: RowSumProgram, z: Float64Array, out: Float64Array): void {
  const [g0, g1, g2, g3, g4] = p.byWidth;
  if (g0.rows.length > 0) zeroRows(g0.rows, out);
  if (g1.rows.length > 0) rows1(g1.rows, g1.src, g1.coef, z, out);
  if (g2.rows.length > 0) rows2(g2.rows, g2.src, g2.coef, z, out);
  if (g3.rows.length > 0) rows3(g3.rows, g3.src, g3.coef, z, out);
  if (g4.rows.length > 0) rows4(g4.rows, g4.src, g4.coef, z, out);
  const w = p.wide;
  if (w.rows.length > 0) rowsWide(w.rows, w.ptr, w.src, w.coef, z, out);
  for (let k = 0; k < p.stencils.length; k++) stencilRows(p.stencils[k], z, out);
}

/** The rows of one stencil, by its width and whether its coefficients are constants. */
function stencilRows(t: OffsetStencil, z: Float64Array, out: Float64Array): void {
  const { first, last, offsets: o, coef: c } = t;
  if (t.constant) {
    if (o.length === 4) constantStencil4(first, last, o[0], o[1], o[2], o[3], c[0], c[1], c[2], c[3], z, out);
    else if (o.length === 3) constantStencil3(first, last, o[0], o[1], o[2], c[0], c[1], c[2], z, out);
    else if (o.length === 2) constantStencil2(first, last, o[0], o[1], c[0], c[1], z, out);
    else constantStencil1(first, last, o[0], c[0], z, out);
  } else if (o.length === 4) stencil4(first, last, o[0], o[1], o[2], o[3], c, z, out);
  else if (o.length === 3) stencil3(first, last, o[0], o[1], o[2], c, z, out);
  else if (o.length === 2) stencil2(first, last, o[0], o[1], c, z, out);
  else stencil1(first, last, o[0], c, z, out);
}

// Each width a module-level function whose loop is last (V8 compiles a long loop by on-stack replacement on its
// first call; code after it in the same function would deoptimise that code at every later call).

function zeroRows(rows: Int32Array, out: Float64Array): void {
  for (let k = 0; k < rows.length; k++) out[rows[k]] = 0;
}

function rows1(rows: Int32Array, src: Int32Array, coef: Float64Array, z: Float64Array, out: Float64Array): void {
  for (let k = 0; k < rows.length; k++) out[rows[k]] = 0 + coef[k] * z[src[k]];
}

function rows2(rows: Int32Array, src: Int32Array, coef: Float64Array, z: Float64Array, out: Float64Array): void {
  for (let k = 0, q = 0; k < rows.length; k++, q += 2) out[rows[k]] = 0 + coef[q] * z[src[q]] + coef[q + 1] * z[src[q + 1]];
}

function rows3(rows: Int32Array, src: Int32Array, coef: Float64Array, z: Float64Array, out: Float64Array): void {
  for (let k = 0, q = 0; k < rows.length; k++, q += 3) {
    out[rows[k]] = 0 + coef[q] * z[src[q]] + coef[q + 1] * z[src[q + 1]] + coef[q + 2] * z[src[q + 2]];
  }
}

function rows4(rows: Int32Array, src: Int32Array, coef: Float64Array, z: Float64Array, out: Float64Array): void {
  for (let k = 0, q = 0; k < rows.length; k++, q += 4) {
    out[rows[k]] = 0 + coef[q] * z[src[q]] + coef[q + 1] * z[src[q + 1]] + coef[q + 2] * z[src[q + 2]] + coef[q + 3] * z[src[q + 3]];
  }
}

function rowsWide(rows: Int32Array, ptr: Int32Array, src: Int32Array, coef: Float64Array, z: Float64Array, out: Float64Array): void {
  for (let k = 0; k < rows.length; k++) {
    let s = 0;
    for (let q = ptr[k], end = ptr[k + 1]; q < end; q++) s += coef[q] * z[src[q]];
    out[rows[k]] = s;
  }
}

// The stencils: the segments [first[s], last[s]] of rows, row r's term j at z[r + o_j]; the coefficients per row
// (c[q], q running on over the segments, w per row) or the constants c_j.

function stencil1(first: Int32Array, last: Int32Array, o0: number, c: Float64Array, z: Float64Array, out: Float64Array): void {
  for (let s = 0, q = 0; s < first.length; s++) for (let r = first[s], end = last[s]; r <= end; r++, q++) out[r] = 0 + c[q] * z[r + o0];
}

function stencil2(first: Int32Array, last: Int32Array, o0: number, o1: number, c: Float64Array, z: Float64Array, out: Float64Array): void {
  for (let s = 0, q = 0; s < first.length; s++) {
    for (let r = first[s], end = last[s]; r <= end; r++, q += 2) out[r] = 0 + c[q] * z[r + o0] + c[q + 1] * z[r + o1];
  }
}

function stencil3(first: Int32Array, last: Int32Array, o0: number, o1: number, o2: number, c: Float64Array, z: Float64Array, out: Float64Array): void {
  for (let s = 0, q = 0; s < first.length; s++) {
    for (let r = first[s], end = last[s]; r <= end; r++, q += 3) out[r] = 0 + c[q] * z[r + o0] + c[q + 1] * z[r + o1] + c[q + 2] * z[r + o2];
  }
}

function stencil4(first: Int32Array, last: Int32Array, o0: number, o1: number, o2: number, o3: number, c: Float64Array, z: Float64Array, out: Float64Array): void {
  for (let s = 0, q = 0; s < first.length; s++) {
    for (let r = first[s], end = last[s]; r <= end; r++, q += 4) {
      out[r] = 0 + c[q] * z[r + o0] + c[q + 1] * z[r + o1] + c[q + 2] * z[r + o2] + c[q + 3] * z[r + o3];
    }
  }
}

function constantStencil1(first: Int32Array, last: Int32Array, o0: number, c0: number, z: Float64Array, out: Float64Array): void {
  for (let s = 0; s < first.length; s++) for (let r = first[s], end = last[s]; r <= end; r++) out[r] = 0 + c0 * z[r + o0];
}

function constantStencil2(first: Int32Array, last: Int32Array, o0: number, o1: number, c0: number, c1: number, z: Float64Array, out: Float64Array): void {
  for (let s = 0; s < first.length; s++) for (let r = first[s], end = last[s]; r <= end; r++) out[r] = 0 + c0 * z[r + o0] + c1 * z[r + o1];
}

function constantStencil3(
  first: Int32Array,
  last: Int32Array,
  o0: number,
  o1: number,
  o2: number,
  c0: number,
  c1: number,
  c2: number,
  z: Float64Array,
  out: Float64Array,
): void {
  for (let s = 0; s < first.length; s++) {
    for (let r = first[s], end = last[s]; r <= end; r++) out[r] = 0 + c0 * z[r + o0] + c1 * z[r + o1] + c2 * z[r + o2];
  }
}

function constantStencil4(
  first: Int32Array,
  last: Int32Array,
  o0: number,
  o1: number,
  o2: number,
  o3: number,
  c0: number,
  c1: number,
  c2: number,
  c3: number,
  z: Float64Array,
  out: Float64Array,
): void {
  for (let s = 0; s < first.length; s++) {
    for (let r = first[s], end = last[s]; r <= end; r++) out[r] = 0 + c0 * z[r + o0] + c1 * z[r + o1] + c2 * z[r + o2] + c3 * z[r + o3];
  }
}
