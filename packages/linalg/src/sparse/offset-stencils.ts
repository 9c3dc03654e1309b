/**
 * offsetStencils: the rows of a CSR program (row r = Σ coef[q] · z[src[q]], q in [ptr[r], ptr[r + 1])) that read z
 * at the row index plus fixed offsets — the stencil of a regular network: a ladder's row r reads z at r − 1, r,
 * r + 1 and r + n + m — gathered by those offsets:
 *   a run: rows first … last of width w with src[ptr[r] + j] = r + offsets[j] for every j < w (program order),
 *          constant when every row has the same w coefficients, bit for bit (−0 is not 0: c·z keeps c's sign);
 *   a stencil: the runs of one width and offsets (and, when constant, the same coefficients), as segments
 *          [first[s], last[s]] in row order: one loop over them all, whatever the order of the rows (a ladder
 *          whose states are numbered n1, n10, n100, … has runs of 1–10 rows, the same few stencils over and over).
 * A stencil of fewer than minRows rows is dropped (its rows stay the caller's scattered rows): each costs a call.
 * Runs are found in O(rows + nnz), gathered by a hash of their offsets and coefficients' bits with an exact
 * comparison behind it: O(rows + nnz) expected.
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
  let r = from;
  while (r < to) {
    const w = ptr[r + 1] - ptr[r];
    let end = r + 1;
    if (w >= minWidth && w <= maxWidth) {
      while (end < to && ptr[end + 1] - ptr[end] === w && sameOffsets(ptr, src, r, end, w)) end++;
      placeRun(found, ptr, src, bits, r, end, w);
    }
    r = end;
  }
  return gatherStencils(found, ptr, src, coef, minRows);
}

/**
 * The runs found (first row, last row, stencil) and the stencils (lead row: its offsets, and its coefficients when
 * constant; rows and runs counted), in typed arrays: a program of scattered rows makes one run and one stencil per
 * row, and the build stays a few passes over flat arrays. Stencils by hash in a map to the first of a chain.
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
  /** The next stencil of the same hash, −1 at the chain's end. */
  readonly chain: Int32Array;
  readonly byHash: Map<number, number>;
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
    chain: new Int32Array(size),
    byHash: new Map(),
  };
}

/** A stretch of equal coefficients at least this long inside a longer run is a constant run of its own. */
const MIN_CONSTANT = 4;

/**
 * Rows [a, b) share their offsets: stretches of equal coefficients of at least MIN_CONSTANT rows (or the whole run)
 * are constant runs, the rows between them runs with per-row coefficients; each joins its stencil.
 */
function placeRun(found: Found, ptr: Int32Array, src: Int32Array, bits: Uint32Array, a: number, b: number, w: number): void {
  let pending = a;
  let k = a;
  while (k < b) {
    let end = k + 1;
    while (end < b && sameCoefficients(ptr, bits, k, end, w)) end++;
    if (end - k >= MIN_CONSTANT || end - k === b - a) {
      if (k > pending) joinStencil(found, ptr, src, bits, pending, k, w, false);
      joinStencil(found, ptr, src, bits, k, end, w, true);
      pending = end;
    }
    k = end;
  }
  if (b > pending) joinStencil(found, ptr, src, bits, pending, b, w, false);
}

/** Rows [a, b) (one width, one set of offsets; equal coefficients when constant) join their stencil, or a new one. */
function joinStencil(found: Found, ptr: Int32Array, src: Int32Array, bits: Uint32Array, a: number, b: number, w: number, constant: boolean): void {
  const { lead, chain, byHash } = found;
  const hash = runHash(ptr, src, bits, a, w, constant);
  const head = byHash.get(hash);
  let stencil = head ?? -1;
  while (stencil >= 0) {
    const r = lead[stencil];
    const same = (found.constant[stencil] === 1) === constant && ptr[r + 1] - ptr[r] === w && sameOffsets(ptr, src, r, a, w);
    if (same && (!constant || sameCoefficients(ptr, bits, r, a, w))) break;
    stencil = chain[stencil];
  }
  if (stencil < 0) {
    stencil = found.stencils++;
    lead[stencil] = a;
    found.constant[stencil] = constant ? 1 : 0;
    chain[stencil] = head ?? -1;
    byHash.set(hash, stencil);
  }
  found.rows[stencil] += b - a;
  found.segments[stencil]++;
  const k = found.runs++;
  found.runFirst[k] = a;
  found.runLast[k] = b - 1;
  found.runStencil[k] = stencil;
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

/** src[ptr[b] + j] − b = src[ptr[a] + j] − a for every j < w. */
function sameOffsets(ptr: Int32Array, src: Int32Array, a: number, b: number, w: number): boolean {
  for (let j = 0; j < w; j++) if (src[ptr[b] + j] - b !== src[ptr[a] + j] - a) return false;
  return true;
}

/** Rows a and b have the same w coefficients, bit for bit. */
function sameCoefficients(ptr: Int32Array, bits: Uint32Array, a: number, b: number, w: number): boolean {
  for (let j = 0; j < 2 * w; j++) if (bits[2 * ptr[b] + j] !== bits[2 * ptr[a] + j]) return false;
  return true;
}

/** FNV-1a over the width, the offsets and (constant runs) the coefficients' words of row r. */
function runHash(ptr: Int32Array, src: Int32Array, bits: Uint32Array, r: number, w: number, constant: boolean): number {
  let h = Math.imul(0x811c9dc5 ^ (constant ? w + 8 : w), 0x01000193);
  for (let j = 0; j < w; j++) h = Math.imul(h ^ (src[ptr[r] + j] - r), 0x01000193);
  if (constant) for (let j = 0; j < 2 * w; j++) h = Math.imul(h ^ bits[2 * ptr[r] + j], 0x01000193);
  return h;
}
