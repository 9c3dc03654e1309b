/**
 * PackedStrings: a list of strings as one string and the end offset of each — what the worker sends instead of an
 * array of strings, so that the structured clone copies one string, not one per entry (ids, names, LaTeX lines
 * of a network of 10^4 elements). Exact for any content (no separator character). String k is
 *   text.slice(k === 0 ? 0 : ends[k − 1], ends[k]).
 */
export interface PackedStrings {
  readonly text: string;
  readonly ends: Int32Array;
}

export function packStrings(xs: readonly string[]): PackedStrings {
  const ends = new Int32Array(xs.length);
  let at = 0;
  for (let k = 0; k < xs.length; k++) {
    at += xs[k].length;
    ends[k] = at;
  }
  return { text: xs.join(''), ends };
}

export const packedCount = (p: PackedStrings): number => p.ends.length;

/** String k (0 ≤ k < packedCount(p)). */
export const stringAt = (p: PackedStrings, k: number): string => p.text.slice(k === 0 ? 0 : p.ends[k - 1], p.ends[k]);

/** Strings from..to−1 as an array (all by default). */
export function unpackStrings(p: PackedStrings, from = 0, to = p.ends.length): string[] {
  const out = new Array<string>(Math.max(0, to - from));
  for (let k = from; k < to; k++) out[k - from] = stringAt(p, k);
  return out;
}

/** The same strings in the same order (exact: the joined text and every end offset). */
export function samePackedStrings(a: PackedStrings, b: PackedStrings): boolean {
  return a.text === b.text && sameInts(a.ends, b.ends);
}

/** Typed arrays of the same length and entries. */
export function sameInts(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}
