/**
 * FoldedNames: names numbered 0, 1, … in order of first sight, matched without regard to ASCII case (SPICE
 * names are case-insensitive), looked up straight from a range of the netlist text so that a name seen before
 * costs no substring. Open addressing with linear probing on typed arrays (slot → number + 1 and the slot's
 * hash side by side, so a probe reads no string unless the hashes agree), FNV-1a of the folded characters with
 * MurmurHash3's finaliser, load ≤ 3/4, sized up front from the expected count. Each name also keeps its line,
 * its class and its packed sort key (packed-ids.ts), so that the names' code-unit order is a radix sort of
 * integers.
 * Cost: O(length of the name) per lookup, expected. (A Map<string, number> was measured ≈ 4× slower at 2·10^4
 * names: each new name costs a substring, a lower-case copy and the Map's own growth.)
 */
import { codeUnitOrder } from '../code-unit-order';
import type { ElementClass } from '../raw-input';
import { NO_KEY, packedIdOrder, packId, packedLow } from './packed-ids';

/** The element classes, by the code FoldedNames keeps per name. */
const CLASSES: readonly ElementClass[] = ['A', 'T', 'D', 'E', 'J', 'two-port', 'mutual'];

export class FoldedNames {
  /** The names as written. */
  readonly names: string[] = [];
  /** Per slot, side by side (one cache line per probe): name number + 1 (0 = empty), then the slot's hash. */
  private table: Int32Array;
  /** Per name: its packed sort key (high and low word), its line and its class (index in CLASSES);
   *  packable: whether every name so far has a key. */
  private high: Int32Array;
  private low: Int32Array;
  private lines: Int32Array;
  private classes: Uint8Array;
  private packable = true;
  /** Whether the last intern() added its name. */
  added = false;

  /** `expected`: about how many names will come (the table starts at > 1.375 × that, a power of two). */
  constructor(expected = 64) {
    const size = 1 << Math.max(8, 32 - Math.clz32(expected + (expected >> 2) + (expected >> 3)));
    this.table = new Int32Array(2 * size);
    const capacity = Math.max(64, expected);
    this.high = new Int32Array(capacity);
    this.low = new Int32Array(capacity);
    this.lines = new Int32Array(capacity);
    this.classes = new Uint8Array(capacity);
  }

  get size(): number {
    return this.names.length;
  }

  /** The line of name k. */
  lineOf(k: number): number {
    return this.lines[k];
  }

  /** The class of name k. */
  classOf(k: number): ElementClass {
    return CLASSES[this.classes[k]];
  }

  /** The number of the name text[start, end), or −1. */
  findRange(text: string, start: number, end: number): number {
    return this.at(this.probe(text, start, end, foldedHash(text, start, end)));
  }

  /** The number of the name, or −1. */
  find(name: string): number {
    return this.findRange(name, 0, name.length);
  }

  /**
   * The slot of the name text[start, end) of hash h (foldedHash): the slot holding it, or the empty slot where
   * it would go (at(slot) then is −1). Valid until the next insertion.
   */
  probe(text: string, start: number, end: number, h: number): number {
    const table = this.table;
    const mask = (table.length >> 1) - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const v = table[2 * s];
      if (v === 0 || (table[2 * s + 1] === h && sameFolded(this.names[v - 1], text, start, end))) return s;
    }
  }

  /** The number of the name in a slot from probe(), or −1 for an empty slot. */
  at(slot: number): number {
    return this.table[2 * slot] - 1;
  }

  /**
   * Adds `name` (of hash h) in the empty slot `slot` from probe(), with its packed key (high, low; high NO_KEY
   * when it has none), its line and its class; its number.
   */
  insertAt(slot: number, h: number, name: string, high: number, low: number, line: number, cls: ElementClass): number {
    const index = this.names.length;
    this.names.push(name);
    this.table[2 * slot] = index + 1;
    this.table[2 * slot + 1] = h;
    if (index === this.high.length) this.grow();
    if (high === NO_KEY) this.packable = false;
    this.high[index] = high;
    this.low[index] = low;
    this.lines[index] = line;
    this.classes[index] = cls === 'D' ? 2 : cls === 'A' ? 0 : cls === 'T' ? 1 : CLASSES.indexOf(cls);
    if (4 * this.names.length > 3 * (this.table.length >> 1)) this.rehash();
    return index;
  }

  /**
   * The number of the name text[start, end), adding it as written (with its line and class) when absent (one
   * hash for both); `added` tells which happened.
   */
  intern(text: string, start: number, end: number, line: number, cls: ElementClass): number {
    const h = foldedHash(text, start, end);
    const s = this.probe(text, start, end, h);
    const k = this.at(s);
    this.added = k < 0;
    if (k >= 0) return k;
    return this.insertAt(s, h, text.slice(start, end), packId(text, start, end), packedLow(text, start, end), line, cls);
  }

  /** The name numbers in code-unit order of the names (JavaScript's `<`): a radix sort of the packed keys,
   *  or codeUnitOrder when some name has no packed key (or there are few). */
  order(): Int32Array {
    const n = this.names.length;
    if (!this.packable || n <= 64) return codeUnitOrder(this.names);
    return packedIdOrder(this.high.subarray(0, n), this.low.subarray(0, n));
  }

  private grow(): void {
    this.high = grow(this.high);
    this.low = grow(this.low);
    this.lines = grow(this.lines);
    const classes = new Uint8Array(2 * this.classes.length);
    classes.set(this.classes);
    this.classes = classes;
  }

  private rehash(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2);
    const mask = (table.length >> 1) - 1;
    for (let o = 0; o < old.length; o += 2) {
      if (old[o] === 0) continue;
      const h = old[o + 1];
      let s = h & mask;
      while (table[2 * s] !== 0) s = (s + 1) & mask;
      table[2 * s] = old[o];
      table[2 * s + 1] = h;
    }
    this.table = table;
  }
}

function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}

/** The FNV-1a offset basis and prime; foldedStep and foldedFinish split foldedHash for scanners that hash as
 *  they read. */
export const FNV_OFFSET = 0x811c9dc5 | 0;

/** One code unit into an FNV-1a hash, ASCII capitals folded. */
export function foldedStep(h: number, c: number): number {
  return Math.imul(h ^ (c >= 65 && c <= 90 ? c | 0x20 : c), 16777619);
}

/** MurmurHash3's finaliser (FNV-1a alone leaves the low bits of short, similar names such as R1, R2, …
 *  clustered). */
export function foldedFinish(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** FNV-1a over the ASCII-folded code units of text[start, end), then the finaliser. */
export function foldedHash(text: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let k = start; k < end; k++) h = foldedStep(h, text.charCodeAt(k));
  return foldedFinish(h);
}

const fold = (c: number): number => (c >= 65 && c <= 90 ? c | 0x20 : c);

/** Whether name and text[start, end) are equal up to ASCII case. Equal code units first, then the fold written
 *  out (two calls per character in the cold tiers otherwise: every node look-up of the netlist reader compares). */
export function sameFolded(name: string, text: string, start: number, end: number): boolean {
  const length = name.length;
  if (length !== end - start) return false;
  for (let k = 0; k < length; k++) {
    const x = name.charCodeAt(k);
    const y = text.charCodeAt(start + k);
    if (x !== y && (x >= 65 && x <= 90 ? x | 0x20 : x) !== (y >= 65 && y <= 90 ? y | 0x20 : y)) return false;
  }
  return true;
}

/** Whether codes[a, aEnd) and codes[b, bEnd) are equal up to ASCII case (as sameFolded). */
export function sameFoldedCodes(codes: Uint16Array, a: number, aEnd: number, b: number, bEnd: number): boolean {
  const length = aEnd - a;
  if (length !== bEnd - b) return false;
  for (let k = 0; k < length; k++) {
    const x = codes[a + k];
    const y = codes[b + k];
    if (x !== y && (x >= 65 && x <= 90 ? x | 0x20 : x) !== (y >= 65 && y <= 90 ? y | 0x20 : y)) return false;
  }
  return true;
}

/** The name with ASCII capitals made small (the string itself when it has none). O(length). */
export function folded(name: string): string {
  let capitals = false;
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    // Beyond ASCII, toLowerCase would fold more than SPICE does (À → à): fold by hand.
    if (c > 127) return asciiLower(name);
    if (c >= 65 && c <= 90) capitals = true;
  }
  return capitals ? name.toLowerCase() : name;
}

/** ASCII-only lower case. */
function asciiLower(name: string): string {
  let out = '';
  for (let k = 0; k < name.length; k++) out += String.fromCharCode(fold(name.charCodeAt(k)));
  return out;
}
