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
  const found: Found = { byHash: new Map(), lead: [], constant: [], runFirst: [], runLast: [] };
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
  const { lead, constant, runFirst, runLast } = found;
  const stencils: OffsetStencil[] = [];
  for (let s = 0; s < lead.length; s++) {
    const first = Int32Array.from(runFirst[s]);
    const last = Int32Array.from(runLast[s]);
    let rows = 0;
    for (let k = 0; k < first.length; k++) rows += last[k] - first[k] + 1;
    if (rows < minRows) continue;
    const a = lead[s];
    const w = ptr[a + 1] - ptr[a];
    const offsets = new Int32Array(w);
    for (let j = 0; j < w; j++) offsets[j] = src[ptr[a] + j] - a;
    stencils.push({ first, last, offsets, coef: constant[s] ? coef.slice(ptr[a], ptr[a] + w) : gatherCoefficients(ptr, coef, first, last, rows * w), constant: constant[s] });
  }
  return stencils;
}

/** The stencils found so far: per stencil its lead row (its offsets, its coefficients when constant) and its runs. */
interface Found {
  /** Stencils by the hash of their offsets (and constants). */
  readonly byHash: Map<number, number[]>;
  readonly lead: number[];
  readonly constant: boolean[];
  readonly runFirst: number[][];
  readonly runLast: number[][];
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
  const { byHash, lead } = found;
  const hash = runHash(ptr, src, bits, a, w, constant);
  let list = byHash.get(hash);
  if (list === undefined) byHash.set(hash, (list = []));
  let stencil = -1;
  for (let k = 0; k < list.length && stencil < 0; k++) {
    const s = list[k];
    const r = lead[s];
    const same = found.constant[s] === constant && ptr[r + 1] - ptr[r] === w && sameOffsets(ptr, src, r, a, w);
    if (same && (!constant || sameCoefficients(ptr, bits, r, a, w))) stencil = s;
  }
  if (stencil < 0) {
    stencil = lead.length;
    list.push(stencil);
    lead.push(a);
    found.constant.push(constant);
    found.runFirst.push([]);
    found.runLast.push([]);
  }
  found.runFirst[stencil].push(a);
  found.runLast[stencil].push(b - 1);
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

/** The coefficients of the segments' rows, in order (rows of one width are contiguous in the program). */
function gatherCoefficients(ptr: Int32Array, coef: Float64Array, first: Int32Array, last: Int32Array, size: number): Float64Array {
  const out = new Float64Array(size);
  let at = 0;
  for (let s = 0; s < first.length; s++) {
    out.set(coef.subarray(ptr[first[s]], ptr[last[s] + 1]), at);
    at += ptr[last[s] + 1] - ptr[first[s]];
  }
  return out;
}
