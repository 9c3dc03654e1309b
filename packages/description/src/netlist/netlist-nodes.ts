/**
 * NetlistNodes: the nodes of a netlist, numbered in order of first appearance exactly as node-table.ts numbers
 * the nodes of a JSON description (so both give the same `nodes` and `nodeIndex`), with terminal counts and the
 * connected components by union–find (path halving, union towards the smaller number, so each component is
 * numbered by its first node). Names are matched without regard to ASCII case and stored in lower case (as
 * ngspice prints them); `0`, `gnd` and the chosen ground name are one node, named by the ground name.
 * Lookup is straight from a range of the text: open addressing on typed arrays keyed by the case-folded hash
 * (folded-names.ts), the three ground spellings entered up front, so a name seen before costs no substring;
 * a new node costs one (lower-case) substring; the fast path compares the last two names it looked up first.
 * `nodeIndex` answers from this table (netlist-node-index.ts); no Map is built unless it is iterated.
 * Cost: O(name length) expected per terminal, O((N + B) α(N)) in all.
 */
import type { Components } from '../node-table';
import { folded, foldedHash, sameFolded, sameFoldedCodes } from './folded-names';
import { NetlistNodeIndex } from './netlist-node-index';

/** Slot value of a ground spelling: −1 − k for the k-th spelling (the ground is numbered when it first
 *  appears). */
const FIRST_GROUND = -1;

export class NetlistNodes {
  readonly names: string[] = [];
  private terminals: Int32Array;
  private parent: Int32Array;
  /** Per slot, side by side: node number + 1, a ground spelling (≤ FIRST_GROUND) or 0 (empty); the hash. */
  private table: Int32Array;
  /** The spellings of the ground: 0, gnd and the ground name (when it is neither). */
  private readonly aliases: string[] = [];
  private used = 0;
  /** The last two lookups of entry(): start, end, hash and table value of each (value 0: none). */
  private readonly recent = new Int32Array(8);
  /** The empty slot where the last entry() that found nothing would enter its name (its start and hash), or −1;
   *  forgotten at every insertion. */
  private emptySlot = -1;
  private emptyStart = -1;
  private emptyHash = 0;
  /** The number of the ground node, or −1 while it has not appeared. */
  ground = -1;

  /** `expected`: about how many nodes will come (sizes the table). */
  constructor(
    readonly groundName: string,
    expected = 64,
  ) {
    const size = 1 << Math.max(6, 32 - Math.clz32(expected + (expected >> 2) + (expected >> 3) + 8));
    this.table = new Int32Array(2 * size);
    this.terminals = new Int32Array(Math.max(64, expected));
    this.parent = new Int32Array(Math.max(64, expected));
    for (const alias of ['0', 'gnd', groundName]) {
      const h = foldedHash(alias, 0, alias.length);
      const s = this.probe(alias, 0, alias.length, h);
      if (this.table[2 * s] !== 0) continue;
      this.aliases.push(alias);
      this.fill(s, h, FIRST_GROUND - (this.aliases.length - 1));
    }
  }

  /** The number of the node named text[start, end), numbering it on first sight. */
  id(text: string, start: number, end: number): number {
    const h = foldedHash(text, start, end);
    const s = this.probe(text, start, end, h);
    return this.table[2 * s] === 0 ? this.addAt(s, h, text, start, end) : this.nodeAt(s);
  }

  /** The number of the node named text[start, end), or −1 (ground aliases resolve to the ground). */
  find(text: string, start: number, end: number): number {
    const v = this.table[2 * this.probe(text, start, end, foldedHash(text, start, end))];
    return v <= FIRST_GROUND ? this.ground : v - 1;
  }

  /**
   * The slot of the name text[start, end) of hash h (foldedHash): the slot holding it, or the empty slot where
   * it would go (its table value is then 0). Valid until the next insertion.
   */
  probe(text: string, start: number, end: number, h: number): number {
    const table = this.table;
    const mask = (table.length >> 1) - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const v = table[2 * s];
      if (v === 0) return s;
      if (table[2 * s + 1] === h && sameFolded(v > 0 ? this.names[v - 1] : this.aliases[FIRST_GROUND - v], text, start, end)) return s;
    }
  }

  /**
   * What the table holds for the name text[start, end) of hash h, the name being in the netlist text (`codes`:
   * its code units): 0 when it is new, node number + 1, or ≤ −1 for a spelling of the ground. The last two names
   * looked up are remembered by their text ranges (a netlist names a node on neighbouring cards), so most lookups
   * probe no table; for a new name, the empty slot found is kept for enter().
   */
  entry(text: string, codes: Uint16Array, start: number, end: number, h: number): number {
    const recent = this.recent;
    for (let r = 0; r < 8; r += 4) {
      if (recent[r + 2] === h && recent[r + 3] !== 0 && sameFoldedCodes(codes, recent[r], recent[r + 1], start, end)) return recent[r + 3];
    }
    const s = this.probe(text, start, end, h);
    const v = this.table[2 * s];
    if (v !== 0) this.remember(start, end, h, v);
    else {
      this.emptySlot = s;
      this.emptyStart = start;
      this.emptyHash = h;
    }
    return v;
  }

  /** Numbers the new node text[start, end) (hash h, not in the table), the name being in the netlist text; the
   *  slot entry() found for it when nothing was entered since. */
  enter(text: string, start: number, end: number, h: number): number {
    const known = this.emptySlot >= 0 && this.emptyStart === start && this.emptyHash === h;
    const i = this.addAt(known ? this.emptySlot : this.probe(text, start, end, h), h, text, start, end);
    this.remember(start, end, h, i + 1);
    return i;
  }

  /** The number of the node in a slot from probe() that holds a name (numbering the ground on first sight). */
  nodeAt(slot: number): number {
    const v = this.table[2 * slot];
    return v > 0 ? v - 1 : this.groundNode();
  }

  /** The number of the ground node, numbering it on first sight. */
  groundNode(): number {
    if (this.ground < 0) this.ground = this.add(this.groundName);
    return this.ground;
  }

  /** Numbers the new node text[start, end) (hash h), entered in the empty slot `slot` from probe(). */
  addAt(slot: number, h: number, text: string, start: number, end: number): number {
    const i = this.add(folded(text.slice(start, end)));
    this.fill(slot, h, i + 1);
    return i;
  }

  /** One branch a → b: two terminals, and the union of the two components. */
  connect(a: number, b: number): void {
    this.terminals[a]++;
    this.terminals[b]++;
    const ra = this.root(a);
    const rb = this.root(b);
    if (ra < rb) this.parent[rb] = ra;
    else if (rb < ra) this.parent[ra] = rb;
  }

  terminalCount(node: number): number {
    return this.terminals[node];
  }

  /** Whether some node has a single terminal (a dangling node): one pass over the counts. */
  anyDangling(): boolean {
    const terminals = this.terminals;
    for (let i = 0, n = this.names.length; i < n; i++) if (terminals[i] === 1) return true;
    return false;
  }

  /** The number of the node stored exactly as `name` (a key of SystemDescription.nodeIndex), or −1. */
  lookup(name: string): number {
    const v = this.table[2 * this.probe(name, 0, name.length, foldedHash(name, 0, name.length))];
    const i = v > 0 ? v - 1 : v < 0 ? this.ground : -1;
    return i >= 0 && this.names[i] === name ? i : -1;
  }

  /** Name → number (SystemDescription.nodeIndex), answered from this table. O(1). */
  index(): NetlistNodeIndex {
    return new NetlistNodeIndex(this);
  }

  /** The connected components, numbered in order of their first node (node-table.ts's numbering); `component`
   *  holds the component of each node number. */
  components(): Components & { readonly component: Int32Array } {
    const n = this.names.length;
    const numberOfRoot = new Int32Array(n).fill(-1);
    const component = new Int32Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const r = this.root(i);
      if (numberOfRoot[r] < 0) numberOfRoot[r] = count++;
      component[i] = numberOfRoot[r];
    }
    return {
      componentOf: (node) => {
        const i = this.lookup(node);
        return i < 0 ? undefined : component[i];
      },
      componentOfIndex: (i) => component[i],
      count,
      component,
    };
  }

  /** Remembers a lookup of the netlist text (the older of the two entries goes). */
  private remember(start: number, end: number, h: number, value: number): void {
    const recent = this.recent;
    recent[4] = recent[0];
    recent[5] = recent[1];
    recent[6] = recent[2];
    recent[7] = recent[3];
    recent[0] = start;
    recent[1] = end;
    recent[2] = h;
    recent[3] = value;
  }

  private fill(slot: number, h: number, value: number): void {
    this.emptySlot = -1;
    this.table[2 * slot] = value;
    this.table[2 * slot + 1] = h;
    if (4 * ++this.used > 3 * (this.table.length >> 1)) this.rehash();
  }

  private rehash(): void {
    const old = this.table;
    const table = new Int32Array(2 * old.length);
    const mask = (table.length >> 1) - 1;
    for (let o = 0; o < old.length; o += 2) {
      if (old[o] === 0) continue;
      let s = old[o + 1] & mask;
      while (table[2 * s] !== 0) s = (s + 1) & mask;
      table[2 * s] = old[o];
      table[2 * s + 1] = old[o + 1];
    }
    this.table = table;
  }

  /** Numbers the node stored as `name` (growing the arrays). */
  private add(name: string): number {
    const i = this.names.length;
    this.names.push(name);
    if (i === this.parent.length) {
      const parent = new Int32Array(2 * i);
      parent.set(this.parent);
      const terminals = new Int32Array(2 * i);
      terminals.set(this.terminals);
      this.parent = parent;
      this.terminals = terminals;
    }
    this.parent[i] = i;
    return i;
  }

  private root(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]]; // path halving
      i = parent[i];
    }
    return i;
  }
}
