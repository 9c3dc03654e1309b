/**
 * FoldedNames: names numbered 0, 1, … in order of first sight, matched without regard to ASCII case (SPICE
 * names are case-insensitive), looked up straight from a range of the netlist text so that a name seen before
 * costs no substring. Open addressing with linear probing on typed arrays (slot → number + 1 and the slot's
 * hash side by side, so a probe reads no string unless the hashes agree), FNV-1a of the folded characters with
 * MurmurHash3's finaliser, load ≤ 1/2, sized up front from the expected count. Cost: O(length of the name) per
 * lookup, expected. (A Map<string, number> was measured ≈ 4× slower at 2·10^4 names: each new name costs a
 * substring, a lower-case copy and the Map's own growth.)
 */

export class FoldedNames {
  /** The names as written. */
  readonly names: string[] = [];
  private slots: Int32Array; // name number + 1, 0 = empty
  private slotHash: Int32Array;
  /** Whether the last intern() added its name. */
  added = false;

  /** `expected`: about how many names will come (the table starts at ≥ 2 × that, a power of two). */
  constructor(expected = 64) {
    const size = 1 << Math.max(8, 32 - Math.clz32(2 * expected));
    this.slots = new Int32Array(size);
    this.slotHash = new Int32Array(size);
  }

  get size(): number {
    return this.names.length;
  }

  /** The number of the name text[start, end), or −1. */
  findRange(text: string, start: number, end: number): number {
    const h = foldedHash(text, start, end);
    const mask = this.slots.length - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const v = this.slots[s];
      if (v === 0) return -1;
      if (this.slotHash[s] === h && sameFolded(this.names[v - 1], text, start, end)) return v - 1;
    }
  }

  /** The number of the name, or −1. */
  find(name: string): number {
    return this.findRange(name, 0, name.length);
  }

  /**
   * The number of the name text[start, end), adding it as written when absent (one hash for both); `added`
   * tells which happened.
   */
  intern(text: string, start: number, end: number): number {
    const h = foldedHash(text, start, end);
    const mask = this.slots.length - 1;
    let s = h & mask;
    for (; ; s = (s + 1) & mask) {
      const v = this.slots[s];
      if (v === 0) break;
      if (this.slotHash[s] === h && sameFolded(this.names[v - 1], text, start, end)) {
        this.added = false;
        return v - 1;
      }
    }
    const index = this.names.length;
    this.names.push(text.slice(start, end));
    this.slots[s] = index + 1;
    this.slotHash[s] = h;
    if (2 * this.names.length > this.slots.length) this.rehash();
    this.added = true;
    return index;
  }

  private rehash(): void {
    const oldSlots = this.slots;
    const oldHash = this.slotHash;
    this.slots = new Int32Array(oldSlots.length * 2);
    this.slotHash = new Int32Array(oldSlots.length * 2);
    const mask = this.slots.length - 1;
    for (let o = 0; o < oldSlots.length; o++) {
      if (oldSlots[o] === 0) continue;
      const h = oldHash[o];
      let s = h & mask;
      while (this.slots[s] !== 0) s = (s + 1) & mask;
      this.slots[s] = oldSlots[o];
      this.slotHash[s] = h;
    }
  }
}

/** FNV-1a over the ASCII-folded code units, then MurmurHash3's finaliser (FNV-1a alone leaves the low bits of
 *  short, similar names such as R1, R2, … clustered). */
function foldedHash(text: string, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let k = start; k < end; k++) {
    const c = text.charCodeAt(k);
    h = Math.imul(h ^ (c >= 65 && c <= 90 ? c | 0x20 : c), 16777619);
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

const fold = (c: number): number => (c >= 65 && c <= 90 ? c | 0x20 : c);

/** Whether name and text[start, end) are equal up to ASCII case. */
function sameFolded(name: string, text: string, start: number, end: number): boolean {
  if (name.length !== end - start) return false;
  for (let k = 0; k < name.length; k++) if (fold(name.charCodeAt(k)) !== fold(text.charCodeAt(start + k))) return false;
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
