/**
 * ElementIds: the ids of a description's elements, two-ports and mutual inductances in input order (each known
 * by its ordinal), with what each is. Uniqueness is checked by sorting the ids (codeUnitOrder, a radix sort;
 * duplicates become neighbours); the order is kept, as buildLinearGraph's canonical order of the branches
 * (branch-numbering.ts). Only the ids that other fields refer to (mutual inductances, outputs) are put in a
 * hash map: at 10^6 elements a hash map of every id costs several times the sort (memory-bound inserts into a
 * large table). Any other lookup, which happens only while reporting an error, builds the full map once.
 * Cost: O(L + n) for the sort (L the total length of the ids), O(n) for the rest.
 */
import { codeUnitOrder } from './code-unit-order';
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
  private sorted: Int32Array | undefined;

  /** Adds the next element (ordinal = the number added before it). */
  add(id: string, cls: ElementClass): void {
    this.ids.push(id);
    this.classes.push(cls);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The ordinals in code-unit order of their ids; equal ids in ordinal order. Sorted once, after the last add. */
  order(): Int32Array {
    this.sorted ??= codeUnitOrder(this.ids);
    return this.sorted;
  }

  /** Every repeated id as [ordinal, ordinal of its first occurrence], in ordinal order; [] when all unique. */
  duplicates(): [number, number][] {
    const order = this.order();
    const ids = this.ids;
    const out: [number, number][] = [];
    for (let r = 1, first = order[0]; r < order.length; r++) {
      const o = order[r];
      // Equal ids are neighbours, the first occurrence leading its run (the sort is stable).
      if (ids[o] === ids[order[r - 1]]) out.push([o, first]);
      else first = o;
    }
    return out.sort((a, b) => a[0] - b[0]);
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
