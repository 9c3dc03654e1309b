/**
 * SlopeStamps: SplitJacobian's stamps values[pos[s]] += coef[s] · g'_{entry[s]} (split-jacobian.ts) cut, in stamp
 * order, into segments of two kinds, and run with a check of what they write:
 *   a run    s ∈ [from, to): entry[s] = s + offset, coef[s] the same bits c    values[pos[s]] += c · g'_{s + offset}
 *   a list   s ∈ [from, to): the stamps as they are                             values[pos[s]] += coef[s] · g'_{entry[s]}
 * A regular network's stamps are runs (the 10^4-section diode ladder: one run of 10^4 diagonal stamps, one per diode,
 * all with one coefficient), loading neither entry nor coef. The segments keep the stamp order, so every entry sums
 * its terms in the same order as the single loop: the same bits. Each value written is checked for finiteness
 * (v − v is 0 exactly for finite v): a slope that is not finite makes its stamp's value not finite (c · ±∞ and
 * c · NaN are, for every c, and ±∞ or NaN plus anything stays so), and so does a sum that overflows — one check per
 * stamp in the loop that already holds the value, in place of a pass over the slopes and one over the matrix.
 */

/** Runs shorter than this stay in a list (a segment's own call costs more than its loads save). */
const MIN_RUN = 16;

export interface SlopeStamps {
  /** Segment k is stamps [start[k], start[k + 1]). */
  readonly start: Int32Array;
  /** 1: segment k is a run, 0: a list. */
  readonly run: Uint8Array;
  /** A run's entry offset (entry[s] = s + offset; 0 for a list). */
  readonly offset: Int32Array;
  /** A run's one coefficient (0 for a list). */
  readonly coef: Float64Array;
}

/**
 * The segments of a stamp program: maximal runs of consecutive entries whose coefficients have one value's bits
 * (Object.is), at least MIN_RUN long; the stamps between them as lists.
 */
export function slopeStamps(entry: Int32Array, coef: Float64Array): SlopeStamps {
  const start: number[] = [0];
  const run: number[] = [];
  const offset: number[] = [];
  const runCoef: number[] = [];
  const segment = (end: number, isRun: boolean, from: number) => {
    start.push(end);
    run.push(isRun ? 1 : 0);
    offset.push(isRun ? entry[from] - from : 0);
    runCoef.push(isRun ? coef[from] : 0);
  };
  const stamps = entry.length;
  let listFrom = 0;
  let s = 0;
  while (s < stamps) {
    let end = s + 1;
    while (end < stamps && entry[end] === entry[end - 1] + 1 && Object.is(coef[end], coef[s])) end++;
    if (end - s >= MIN_RUN) {
      if (listFrom < s) segment(s, false, listFrom);
      segment(end, true, s);
      listFrom = end;
    }
    s = end;
  }
  if (listFrom < stamps) segment(stamps, false, listFrom);
  return { start: Int32Array.from(start), run: Uint8Array.from(run), offset: Int32Array.from(offset), coef: Float64Array.from(runCoef) };
}

/**
 * values[pos[s]] += coef[s] · slope[entry[s]] for every stamp s, segment by segment in stamp order; false as soon as
 * a value written is not finite (the values are then partly stamped: the caller starts over).
 */
export function stampChecked(
  stamps: SlopeStamps,
  values: Float64Array,
  pos: Int32Array,
  entry: Int32Array,
  coef: Float64Array,
  slope: Float64Array,
): boolean {
  const { start, run, offset } = stamps;
  for (let k = 0; k < run.length; k++) {
    const ok =
      run[k] === 1
        ? stampRun(values, pos, start[k], start[k + 1], offset[k], stamps.coef[k], slope)
        : stampList(values, pos, entry, coef, start[k], start[k + 1], slope);
    if (!ok) return false;
  }
  return true;
}

/** values[pos[s]] += c · slope[s + offset], s ∈ [from, to); false at the first value that is not finite. */
function stampRun(values: Float64Array, pos: Int32Array, from: number, to: number, offset: number, c: number, slope: Float64Array): boolean {
  for (let s = from; s < to; s++) {
    const p = pos[s];
    const v = values[p] + c * slope[s + offset];
    values[p] = v;
    if (v - v !== 0) return false;
  }
  return true;
}

/** values[pos[s]] += coef[s] · slope[entry[s]], s ∈ [from, to); false at the first value that is not finite. */
function stampList(values: Float64Array, pos: Int32Array, entry: Int32Array, coef: Float64Array, from: number, to: number, slope: Float64Array): boolean {
  for (let s = from; s < to; s++) {
    const p = pos[s];
    const v = values[p] + coef[s] * slope[entry[s]];
    values[p] = v;
    if (v - v !== 0) return false;
  }
  return true;
}
