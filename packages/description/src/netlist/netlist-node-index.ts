/**
 * NetlistNodeIndex: SystemDescription.nodeIndex of a netlist's description, a ReadonlyMap from node name to node
 * number that answers get, has and size from the reader's own node table (netlist-nodes.ts: hash the key, probe,
 * then compare the stored name exactly, so the keys are exactly the stored node names, as in the Map it stands
 * for), and builds that Map, in numbering order, only when it is iterated (keys, values, entries, forEach, for…of).
 * Cost: O(1) to make; get/has O(key length) expected; the first iteration O(N).
 */
import type { NetlistNodes } from './netlist-nodes';

export class NetlistNodeIndex implements ReadonlyMap<string, number> {
  readonly #nodes: NetlistNodes;
  #map: Map<string, number> | undefined;

  constructor(nodes: NetlistNodes) {
    this.#nodes = nodes;
  }

  get size(): number {
    return this.#nodes.names.length;
  }

  get(key: string): number | undefined {
    const i = typeof key === 'string' ? this.#nodes.lookup(key) : -1;
    return i < 0 ? undefined : i;
  }

  has(key: string): boolean {
    return typeof key === 'string' && this.#nodes.lookup(key) >= 0;
  }

  forEach(callback: (value: number, key: string, map: ReadonlyMap<string, number>) => void, thisArg?: unknown): void {
    this.#built().forEach((value, key) => callback.call(thisArg, value, key, this));
  }

  entries(): MapIterator<[string, number]> {
    return this.#built().entries();
  }

  keys(): MapIterator<string> {
    return this.#built().keys();
  }

  values(): MapIterator<number> {
    return this.#built().values();
  }

  [Symbol.iterator](): MapIterator<[string, number]> {
    return this.#built()[Symbol.iterator]();
  }

  /** The Map itself, built on first use. */
  #built(): Map<string, number> {
    if (this.#map === undefined) {
      const map = new Map<string, number>();
      const names = this.#nodes.names;
      for (let i = 0; i < names.length; i++) map.set(names[i], i);
      this.#map = map;
    }
    return this.#map;
  }
}
