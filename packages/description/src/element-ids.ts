/**
 * ElementIds: the ids of a description's elements, two-ports and mutual inductances in input order (each known
 * by its ordinal), with what each is. Uniqueness is checked by sorting a copy of the ids (duplicates become
 * neighbours), and only the ids that other fields refer to (mutual inductances, outputs) are put in a hash map:
 * at 10^6 elements a hash map of every id costs several times the sort (memory-bound inserts into a large
 * table). Any other lookup, which happens only while reporting an error, builds the full map once.
 * Cost: O(n log n) string comparisons for the sort, O(n) for the rest.
 */
import type { ElementClass } from './raw-input';

export interface ElementEntry {
  readonly ordinal: number;
  readonly cls: ElementClass;
}

export class ElementIds {
  private readonly ids: string[] = [];
  private readonly classes: ElementClass[] = [];
  private wanted: Map<string, ElementEntry> | undefined;
  private all: Map<string, ElementEntry> | undefined;

  /** Adds the next element (ordinal = the number added before it). */
  add(id: string, cls: ElementClass): void {
    this.ids.push(id);
    this.classes.push(cls);
  }

  get size(): number {
    return this.ids.length;
  }

  /** Every repeated id as [ordinal, ordinal of its first occurrence], in ordinal order; [] when all unique. */
  duplicates(): [number, number][] {
    const sorted = this.ids.slice().sort();
    let repeated = false;
    for (let k = 1; k < sorted.length && !repeated; k++) if (sorted[k] === sorted[k - 1]) repeated = true;
    if (!repeated) return [];
    const first = new Map<string, number>();
    const out: [number, number][] = [];
    this.ids.forEach((id, o) => {
      const f = first.get(id);
      if (f === undefined) first.set(id, o);
      else out.push([o, f]);
    });
    return out;
  }

  /** Prepares fast lookups of these ids (the ids that fields refer to); call once, after the last add. */
  expect(ids: Iterable<string>): void {
    const want = new Set(ids);
    const found = new Map<string, ElementEntry>();
    if (want.size > 0) {
      for (let o = 0; o < this.ids.length; o++) {
        const id = this.ids[o];
        if (want.has(id) && !found.has(id)) found.set(id, { ordinal: o, cls: this.classes[o] });
      }
    }
    this.wanted = found;
  }

  /** The first element with this id, or undefined. */
  get(id: string): ElementEntry | undefined {
    const hit = this.wanted?.get(id);
    if (hit !== undefined) return hit;
    if (this.all === undefined) {
      this.all = new Map();
      for (let o = 0; o < this.ids.length; o++) {
        if (!this.all.has(this.ids[o])) this.all.set(this.ids[o], { ordinal: o, cls: this.classes[o] });
      }
    }
    return this.all.get(id);
  }
}
