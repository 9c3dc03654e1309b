/**
 * offsetStencils: the rows of a CSR program (row r = Σ coef[q] · z[src[q]], q in [ptr[r], ptr[r + 1])) that read z
 * at the row index plus fixed offsets — the stencil of a regular network: a ladder's row r reads z at r − 1, r,
 * r + 1 and r + n + m — gathered by those offsets:
 *   a run: rows first … last of width w with src[ptr[r] + j] = r + offsets[j] for every j < w (program order),
 *          as long as the rows go on so; constant when every row has the same w coefficients, bit for bit (−0 is
 *          not 0: c·z keeps c's sign), else with per-row coefficients;
 *   a stencil: the runs of one width and offsets (and, when constant, the same coefficients), as segments
 *          [first[s], last[s]] in row order: one loop over them all, whatever the order of the rows (a ladder
 *          whose states are numbered n1, n10, n100, … has runs of 1–10 rows, the same few stencils over and over).
 * A stencil of fewer than minRows rows is dropped (its rows stay the caller's scattered rows): each costs a call.
 * Runs are found in O(rows + nnz), gathered by a hash of their offsets and coefficients' bits with an exact
 * comparison behind it: O(rows + nnz) expected, in typed arrays only.
 */

/** Rows of one width, row r's term j at z[r + offsets[j]], in segments [first[s], last[s]]. */
export interface OffsetStencil {
  readonly first: Int32Array;
  readonly last: Int32Array;
  /** Column − row of each term, in the program's order (the width is offsets.length). */
  readonly offsets: Int32Array;
  /** The w coefficients of every row (constant), else w per row, segment after segment. */
  readonly coef: Float64Array;
  readonly constant: boolean;
}

/** The stencils of rows [from, to) of width minWidth … maxWidth with at least minRows rows, by first row. */
export function offsetStencils(
  ptr: Int32Array,
  src: Int32Array,
  coef: Float64Array,
  from: number,
  to: number,
  minWidth: number,
  maxWidth: number,
  minRows: number,
): OffsetStencil[] {
  // the coefficients' bits as pairs of words: the exact equality of two doubles (signed zeros, NaN payloads)
  const bits = new Uint32Array(coef.buffer, coef.byteOffset, 2 * coef.length);
  const found = newFound(to - from);
  scanRuns(found, ptr, src, bits, from, to, minWidth, maxWidth);
  return gatherStencils(found, ptr, src, coef, minRows);
}

/**
 * The runs found (first row, last row, stencil) and the stencils (lead row: its offsets, and its coefficients when
 * constant; rows and runs counted), in typed arrays: a program of scattered rows makes one run and one stencil per
 * row, and the build stays a few passes over flat arrays. Stencils by hash in an open-addressing table (linear
 * probing, at most half full: one run per row at the most).
 */
interface Found {
  runs: number;
  readonly runFirst: Int32Array;
  readonly runLast: Int32Array;
  readonly runStencil: Int32Array;
  stencils: number;
  readonly lead: Int32Array;
  readonly constant: Uint8Array;
  readonly rows: Int32Array;
  readonly segments: Int32Array;
  /** Stencil + 1 at its hash's slot (or the next free one), 0 where free; a power of two ≥ 2 · rows long. */
  readonly table: Int32Array;
}

/** Room for one run and one stencil per row. */
function newFound(rows: number): Found {
  const size = Math.max(rows, 0);
  return {
    runs: 0,
    runFirst: new Int32Array(size),
    runLast: new Int32Array(size),
    runStencil: new Int32Array(size),
    stencils: 0,
    lead: new Int32Array(size),
    constant: new Uint8Array(size),
    rows: new Int32Array(size),
    segments: new Int32Array(size),
    table: new Int32Array(2 ** Math.ceil(Math.log2(2 * size + 2))),
  };
}

/**
 * One pass over the rows: each maximal run (rows of one width whose columns are the row plus the same offsets),
 * constant when every row's coefficients have the same bits as its first row's, joins the stencil of its width,
 * offsets (and coefficients, when constant), found by hash and compared exactly, or starts one. One function with
 * its loops inline: it runs once per program, on a cold start too, where a call per row would run interpreted.
 */
function scanRuns(found: Found, ptr: Int32Array, src: Int32Array, bits: Uint32Array, from: number, to: number, minWidth: number, maxWidth: number): void {
  const { runFirst, runLast, runStencil, lead, constant, rows, segments, table } = found;
  const mask = table.length - 1;
  let runs = 0;
  let stencils = 0;
  let r = from;
  while (r < to) {
    const w = ptr[r + 1] - ptr[r];
    if (w < minWidth || w > maxWidth) {
      r++;
      continue;
    }
    const p = ptr[r];
    // the run: rows r … end − 1 with the same offsets; same: and the same coefficients
    let end = r + 1;
    let same = 1;
    for (; end < to && ptr[end + 1] - ptr[end] === w; end++) {
      const q = ptr[end];
      let j = 0;
      while (j < w && src[q + j] - end === src[p + j] - r) j++;
      if (j < w) break;
      if (same === 1) for (j = 0; j < 2 * w; j++) if (bits[2 * q + j] !== bits[2 * p + j]) same = 0;
    }
    // FNV-1a over the width, the offsets and (constant) the coefficients' words
    let h = Math.imul(0x811c9dc5 ^ (w + 8 * same), 0x01000193);
    for (let j = 0; j < w; j++) h = Math.imul(h ^ (src[p + j] - r), 0x01000193);
    if (same === 1) for (let j = 0; j < 2 * w; j++) h = Math.imul(h ^ bits[2 * p + j], 0x01000193);
    // its stencil: the first slot from the hash's on that holds it (linear probing), or the free slot that ends them
    let slot = h & mask;
    let stencil = -1;
    for (; table[slot] !== 0; slot = (slot + 1) & mask) {
      const s = table[slot] - 1;
      const a = lead[s];
      const b = ptr[a];
      if (constant[s] !== same || ptr[a + 1] - b !== w) continue;
      let j = 0;
      while (j < w && src[b + j] - a === src[p + j] - r) j++;
      if (j < w) continue;
      if (same === 1) {
        j = 0;
        while (j < 2 * w && bits[2 * b + j] === bits[2 * p + j]) j++;
        if (j < 2 * w) continue;
      }
      stencil = s;
      break;
    }
    if (stencil < 0) {
      stencil = stencils++;
      lead[stencil] = r;
      constant[stencil] = same;
      table[slot] = stencil + 1;
    }
    rows[stencil] += end - r;
    segments[stencil]++;
    runFirst[runs] = r;
    runLast[runs] = end - 1;
    runStencil[runs++] = stencil;
    r = end;
  }
  found.runs = runs;
  found.stencils = stencils;
}

/** The stencils of at least minRows rows, their segments in row order. */
function gatherStencils(found: Found, ptr: Int32Array, src: Int32Array, coef: Float64Array, minRows: number): OffsetStencil[] {
  const { runs, runFirst, runLast, runStencil, stencils, lead, constant, rows, segments } = found;
  const kept: OffsetStencil[] = [];
  const first: Int32Array[] = [];
  const last: Int32Array[] = [];
  const keptAs = new Int32Array(stencils).fill(-1);
  for (let s = 0; s < stencils; s++) {
    if (rows[s] < minRows) continue;
    keptAs[s] = kept.length;
    const a = lead[s];
    const w = ptr[a + 1] - ptr[a];
    const offsets = new Int32Array(w);
    for (let j = 0; j < w; j++) offsets[j] = src[ptr[a] + j] - a;
    first.push(new Int32Array(segments[s]));
    last.push(new Int32Array(segments[s]));
    const c = constant[s] === 1 ? coef.slice(ptr[a], ptr[a] + w) : new Float64Array(rows[s] * w);
    kept.push({ first: first[first.length - 1], last: last[last.length - 1], offsets, coef: c, constant: constant[s] === 1 });
  }
  const filled = new Int32Array(kept.length);
  const coefAt = new Int32Array(kept.length);
  for (let k = 0; k < runs; k++) {
    const s = keptAs[runStencil[k]];
    if (s < 0) continue;
    const at = filled[s]++;
    first[s][at] = runFirst[k];
    last[s][at] = runLast[k];
    const t = kept[s];
    if (t.constant) continue;
    // per-row coefficients, segment after segment (rows of one width are contiguous in the program)
    const span = ptr[runLast[k] + 1] - ptr[runFirst[k]];
    t.coef.set(coef.subarray(ptr[runFirst[k]], ptr[runLast[k] + 1]), coefAt[s]);
    coefAt[s] += span;
  }
  return kept;
}
