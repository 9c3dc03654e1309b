/**
 * Packed ids: an element name of at most 10 ASCII identifier characters ([0-9A-Z_a-z]) as two 30-bit integers,
 * six bits per character in code-unit order (0 marks the end, '0'–'9' → 1–10, 'A'–'Z' → 11–36, '_' → 37,
 * 'a'–'z' → 38–63), characters 0–4 in the high word and 5–9 in the low word, so that comparing (high, low)
 * compares the names as JavaScript's `<` does; and the permutation that sorts such keys, by a stable LSD radix
 * sort of four 15-bit digits (passes whose digit is the same for every key are skipped).
 * Cost: O(length) per name; O(n + 2^15) per pass, at most four passes.
 */

/** The high word of a name that has no packed key (too long, or a character beyond [0-9A-Z_a-z]). */
export const NO_KEY = -1;
/** Names up to this length are packed. */
export const PACKED_LENGTH = 10;

/** The 6-bit symbol of each ASCII code unit (0: none). */
export const ID_SYMBOLS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ID_SYMBOLS[c] = c >= 97 && c <= 122 ? c - 59 : c >= 65 && c <= 90 ? c - 54 : c >= 48 && c <= 57 ? c - 47 : c === 95 ? 37 : 0;
}

/** The 6-bit symbol of an identifier code unit, or 0 when it has none. */
export function idSymbol(c: number): number {
  return c < 128 ? ID_SYMBOLS[c] : 0;
}

/** The high word of text[start, end) (characters 0–4), or NO_KEY. */
export function packId(text: string, start: number, end: number): number {
  if (end - start > PACKED_LENGTH) return NO_KEY;
  for (let k = start; k < end; k++) if (idSymbol(text.charCodeAt(k)) === 0) return NO_KEY;
  return word(text, start, end);
}

/** The low word of text[start, end) (characters 5–9; 0 for a shorter name). */
export function packedLow(text: string, start: number, end: number): number {
  return word(text, start + 5, end);
}

function word(text: string, from: number, end: number): number {
  let w = 0;
  for (let d = 0; d < 5; d++) w = (w << 6) | (from + d < end ? idSymbol(text.charCodeAt(from + d)) : 0);
  return w;
}

/** Digits of 15 bits: two per word (fewer passes beat smaller counter arrays: measured at 2·10^4 ids, three
 *  passes of 15 bits 1.4 ms, five of 10 bits 1.8 ms, codeUnitOrder on the strings 2.4–3.2 ms). */
const DIGIT_BITS = 15;
const DIGIT_MASK = (1 << DIGIT_BITS) - 1;

/** The permutation that sorts the keys (high[k], low[k]) ascending, stable. Each pass is three small functions
 *  (count, prefix sums, scatter) rather than one long loop body: in a cold process each is compiled on its own
 *  soon, and the later passes call optimised code instead of running the interpreter's on-stack-replaced loops. */
export function packedIdOrder(high: Int32Array, low: Int32Array): Int32Array {
  const n = high.length;
  let order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = k;
  if (isSorted(high, low)) return order;
  let scratch = new Int32Array(n);
  const counts = new Int32Array(DIGIT_MASK + 2);
  for (let pass = 0; pass < 4; pass++) {
    const keys = pass < 2 ? low : high;
    const shift = (pass & 1) * DIGIT_BITS;
    counts.fill(0);
    const top = countDigits(keys, shift, counts);
    if (counts[((keys[0] >>> shift) & DIGIT_MASK) + 1] === n) continue; // one digit for all: nothing to do
    prefixSums(counts, top);
    scatter(keys, shift, counts, order, scratch);
    const t = order;
    order = scratch;
    scratch = t;
  }
  return order;
}

function isSorted(high: Int32Array, low: Int32Array): boolean {
  for (let k = 1; k < high.length; k++) if (!(high[k - 1] < high[k] || (high[k - 1] === high[k] && low[k - 1] <= low[k]))) return false;
  return true;
}

/** counts[d + 1] += the number of keys of digit d; the largest digit. */
function countDigits(keys: Int32Array, shift: number, counts: Int32Array): number {
  let top = 0;
  for (let k = 0; k < keys.length; k++) {
    const d = (keys[k] >>> shift) & DIGIT_MASK;
    counts[d + 1]++;
    if (d > top) top = d;
  }
  return top;
}

/** counts[d] becomes the number of keys of digit < d, for d ≤ top (no key has a larger digit). */
function prefixSums(counts: Int32Array, top: number): void {
  for (let d = 0; d < top; d++) counts[d + 1] += counts[d];
}

/** Each key of `order`, in turn, to the next place of its digit in `into`. */
function scatter(keys: Int32Array, shift: number, counts: Int32Array, order: Int32Array, into: Int32Array): void {
  for (let p = 0; p < order.length; p++) {
    const k = order[p];
    into[counts[(keys[k] >>> shift) & DIGIT_MASK]++] = k;
  }
}
