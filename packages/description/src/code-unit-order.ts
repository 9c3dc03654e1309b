/**
 * codeUnitOrder: the permutation that sorts strings in code-unit order (JavaScript's `<`, the canonical order
 * of ids in every tie-break of the engine), stable: equal strings keep their index order.
 *
 * A most-significant-digit radix sort over words of packed symbols (McIlroy, Bostic and McIlroy, "Engineering
 * radix sort", Computing Systems 6, 1993, with an alphabet reduced to the code units present): every code unit
 * that occurs is given a symbol 1..m in code-unit order (0 marks the end of a string), and `perWord` symbols
 * are packed into one integer key below 2^30, so that comparing keys compares those characters. The keys of a
 * group are sorted by a least-significant-digit counting sort (stable), then each run of equal keys whose
 * strings go on is sorted by its next word, until the strings end; runs of at most SMALL strings are sorted by
 * insertion with `<`. An explicit stack replaces recursion (long common prefixes cannot overflow the stack).
 * Cost: O(L + Σ over the sorted groups of (size + 2^digitBits) · passes), L the total length; short ids
 * (≤ perWord characters, e.g. six of an alphabet of ≤ 31 code units) need one word: two counting passes and no
 * scan for runs of equal keys.
 * Input already in order is detected in O(n) and returned as is. A comparator sort costs O(n log n) string
 * comparisons instead, about twice the time at 10^4 ids on the benchmark machine.
 */

/** Groups up to this size are sorted by insertion (comparisons of whole strings). */
const SMALL = 24;
/** Largest digit of the counting passes (2^16 + 1 counters). */
const MAX_DIGIT_BITS = 16;
/** Keys stay below 2^30 (small integers). */
const KEY_BITS = 30;

export function codeUnitOrder(strings: readonly string[]): Int32Array {
  const n = strings.length;
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = k;
  if (n < 2 || isSorted(strings)) return order;
  if (n <= SMALL) {
    insertionSort(strings, order, 0, n);
    return order;
  }
  const { symbol, count: m, maxLength } = alphabet(strings);
  const symbolBits = Math.max(1, 32 - Math.clz32(m)); // symbols 0..m
  // Symbols per key: as many as fit below 2^KEY_BITS, but no more than the longest string has.
  const perWord = Math.max(1, Math.min(maxLength, Math.floor(KEY_BITS / symbolBits)));
  const keyBits = perWord * symbolBits;
  const keyOf = new Int32Array(n);
  const scratch = new Int32Array(n);
  const counts = new Int32Array((1 << digitBitsFor(n)) + 1);

  // Work stack of groups [lo, hi) of `order` whose strings agree on their first `offset` code units.
  const stack: number[] = [0, n, 0];
  while (stack.length > 0) {
    const offset = stack.pop() as number;
    const hi = stack.pop() as number;
    const lo = stack.pop() as number;
    if (hi - lo <= SMALL) {
      insertionSort(strings, order, lo, hi);
      continue;
    }
    // key = the symbols at offset … offset + perWord − 1, the first most significant.
    const end = offset + perWord;
    for (let p = lo; p < hi; p++) {
      const k = order[p];
      const s = strings[k];
      const length = s.length;
      let key = 0;
      for (let d = offset; d < end; d++) key = (key << symbolBits) | (d < length ? symbol[s.charCodeAt(d)] : 0);
      keyOf[k] = key;
    }
    countingSort(order, scratch, keyOf, counts, lo, hi, keyBits);
    // No string goes on past this word (short ids: one word holds every one whole): equal keys are equal strings,
    // already in index order, and nothing is left to sort.
    if (end >= maxLength) continue;
    // Runs of equal keys whose strings go on past this word are sorted by the next one.
    // (Equal keys mean equal code units up to `end`; a string that ends exactly at `end` can share its key with
    // longer ones, so the whole run is looked at.)
    for (let a = lo; a < hi; ) {
      const key = keyOf[order[a]];
      let goesOn = strings[order[a]].length > end;
      let b = a + 1;
      for (; b < hi && keyOf[order[b]] === key; b++) goesOn ||= strings[order[b]].length > end;
      if (b - a > 1 && goesOn) stack.push(a, b, end);
      a = b;
    }
  }
  return order;
}

/**
 * Stable LSD counting sort of order[lo, hi) by keyOf[·] < 2^keyBits, in passes of digitBits each (the digit
 * sized to the group: 2^digitBits counters per pass against hi − lo items).
 */
function countingSort(
  order: Int32Array,
  scratch: Int32Array,
  keyOf: Int32Array,
  counts: Int32Array,
  lo: number,
  hi: number,
  keyBits: number,
): void {
  const size = hi - lo;
  const passes = Math.ceil(keyBits / digitBitsFor(size));
  const bits = Math.ceil(keyBits / passes);
  const mask = (1 << bits) - 1;
  let src = order;
  let dst = scratch;
  let srcLo = lo;
  let dstLo = lo;
  for (let pass = 0, shift = 0; pass < passes; pass++, shift += bits) {
    counts.fill(0, 0, mask + 2);
    for (let p = srcLo; p < srcLo + size; p++) counts[((keyOf[src[p]] >>> shift) & mask) + 1]++;
    for (let d = 0; d <= mask; d++) counts[d + 1] += counts[d];
    for (let p = srcLo; p < srcLo + size; p++) {
      const k = src[p];
      dst[dstLo + counts[(keyOf[k] >>> shift) & mask]++] = k;
    }
    const t = src;
    src = dst;
    dst = t;
    const u = srcLo;
    srcLo = dstLo;
    dstLo = u;
  }
  if (src !== order) order.set(src.subarray(lo, hi), lo);
}

/** Whether the strings are already in order (generated networks often number their ids so): O(n) comparisons. */
function isSorted(strings: readonly string[]): boolean {
  for (let k = 1; k < strings.length; k++) if (strings[k] < strings[k - 1]) return false;
  return true;
}

/** Digit width for a group of `size` items: about log2(size), within 8..MAX_DIGIT_BITS. */
function digitBitsFor(size: number): number {
  return Math.min(MAX_DIGIT_BITS, Math.max(8, 32 - Math.clz32(size)));
}

/** Symbols 1..m for the code units that occur, in code-unit order (0 is the end of a string). O(L). */
function alphabet(strings: readonly string[]): { symbol: Uint16Array; count: number; maxLength: number } {
  const symbol = new Uint16Array(65536);
  let min = 65535;
  let max = 0;
  let maxLength = 0;
  for (let k = 0; k < strings.length; k++) {
    const s = strings[k];
    if (s.length > maxLength) maxLength = s.length;
    for (let d = 0; d < s.length; d++) {
      const c = s.charCodeAt(d);
      symbol[c] = 1;
      if (c < min) min = c;
      if (c > max) max = c;
    }
  }
  let m = 0;
  for (let c = min; c <= max; c++) if (symbol[c] !== 0) symbol[c] = ++m;
  return { symbol, count: m, maxLength };
}

/** Stable insertion sort of order[lo, hi) by the strings (strict `>` moves: equal strings keep their order). */
function insertionSort(strings: readonly string[], order: Int32Array, lo: number, hi: number): void {
  for (let a = lo + 1; a < hi; a++) {
    const k = order[a];
    const s = strings[k];
    let b = a - 1;
    while (b >= lo && strings[order[b]] > s) {
      order[b + 1] = order[b];
      b--;
    }
    order[b + 1] = k;
  }
}
