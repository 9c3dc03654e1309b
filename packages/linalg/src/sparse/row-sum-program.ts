/**
 * RowSumProgram: y_r = Σ_q coef[q] · z[src[q]] over the rows of a CSR program (a sparse matrix–vector product whose
 * columns index z), with the rows grouped by their number of terms so that the common widths run as straight-line
 * code:
 *   width w ≤ 4:  y_r = (((0 + c_0 z_{s_0}) + c_1 z_{s_1}) + …) + c_{w−1} z_{s_{w−1}}   (one loop per width),
 *   wider rows:   the CSR loop.
 * The sums start from 0 and take the terms in the program's order, so every y_r equals the plain CSR loop's to the
 * last bit (−0 included). A row loop whose trip count is 1–4 spends most of its time in the loop's own control
 * (measured: a 10^4-row program of width 4, 190 → 95 µs per product); grouping removes it. Built once per program,
 * O(rows + nnz); each product O(rows + nnz) with no allocation.
 */

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
}

const MAX_UNROLLED = 4;

/** The program of rows [from, to) of (ptr, src, coef). */
export function rowSumProgram(ptr: Int32Array, src: Int32Array, coef: Float64Array, from: number, to: number): RowSumProgram {
  const count = new Int32Array(MAX_UNROLLED + 2);
  let wideTerms = 0;
  for (let r = from; r < to; r++) {
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
  return { byWidth, wide };
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
