/**
 * FoldedNames: names numbered 0, 1, … in order of first sight, matched without regard to ASCII case (SPICE
 * names are case-insensitive). One Map from the folded (lower-case) name to its number: V8's Map hashes the
 * string once (the hash is cached in the string) and is collision-safe. Cost: O(length of the name) per lookup,
 * expected: one substring, plus one lower-case copy only when the name has capitals.
 */

export class FoldedNames {
  /** The names, as stored (the caller decides the spelling: as written, or folded). */
  readonly names: string[] = [];
  /** Folded name → number. */
  private readonly numbers = new Map<string, number>();
  /** Whether the last intern() added its name. */
  added = false;

  get size(): number {
    return this.names.length;
  }

  /** The number of the name text[start, end), or −1. */
  findRange(text: string, start: number, end: number): number {
    return this.numbers.get(foldedSlice(text, start, end)) ?? -1;
  }

  /** The number of the name, or −1. */
  find(name: string): number {
    return this.numbers.get(folded(name)) ?? -1;
  }

  /**
   * The number of the name `written` (text as written), adding it with that spelling when absent; `added`
   * tells which happened.
   */
  intern(written: string): number {
    const key = folded(written);
    const known = this.numbers.get(key);
    if (known !== undefined) {
      this.added = false;
      return known;
    }
    const index = this.names.length;
    this.names.push(written);
    this.numbers.set(key, index);
    this.added = true;
    return index;
  }
}

/** The name with ASCII capitals made small (the string itself when it has none). O(length). */
export function folded(name: string): string {
  let capitals = false;
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    // Beyond ASCII toLowerCase would fold more than SPICE does (À → à): fold by hand.
    if (c > 127) return asciiLower(name);
    if (c >= 65 && c <= 90) capitals = true;
  }
  return capitals ? name.toLowerCase() : name;
}

/** ASCII-only lower case (toLowerCase would also fold non-ASCII letters, which SPICE names keep). */
function asciiLower(name: string): string {
  let out = '';
  for (let k = 0; k < name.length; k++) {
    const c = name.charCodeAt(k);
    out += String.fromCharCode(c >= 65 && c <= 90 ? c | 0x20 : c);
  }
  return out;
}

/** text[start, end) with ASCII capitals made small (the substring itself when it has none). */
export function foldedSlice(text: string, start: number, end: number): string {
  return folded(text.slice(start, end));
}
