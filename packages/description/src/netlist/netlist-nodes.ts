/**
 * NetlistNodes: the nodes of a netlist, numbered in order of first appearance exactly as node-table.ts numbers
 * the nodes of a JSON description (so both give the same `nodes` and `nodeIndex`), with terminal counts and the
 * connected components by union–find (path halving, union towards the smaller number, so each component is
 * numbered by its first node). Names are matched without regard to ASCII case and stored in lower case (as
 * ngspice prints them); `0`, `gnd` and the chosen ground name are one node, named by the ground name.
 * Cost: O(name length) expected per terminal, O((N + B) α(N)) in all.
 */
import type { Components } from '../node-table';
import { folded } from './folded-names';

/** How many recent node tokens are remembered (a netlist names a node on neighbouring cards). */
const RECENT = 4;

export class NetlistNodes {
  /** Stored name → number, in numbering order: the description's nodeIndex itself. */
  private readonly numbers = new Map<string, number>();
  readonly names: string[] = [];
  private terminals = new Int32Array(64);
  private parent = new Int32Array(64);
  /** The text ranges and numbers of the last RECENT node tokens (start −1: empty), filled round-robin. */
  private readonly recentStart = new Int32Array(RECENT).fill(-1);
  private readonly recentEnd = new Int32Array(RECENT);
  private readonly recentNumber = new Int32Array(RECENT);
  private recentNext = 0;
  /** The number of the ground node, or −1 while it has not appeared. */
  ground = -1;

  constructor(readonly groundName: string) {}

  /**
   * The number of the node named text[start, end), numbering it on first sight. A token spelled exactly as one
   * of the last few costs no substring: O(RECENT · length); otherwise one substring and one Map lookup.
   */
  id(text: string, start: number, end: number): number {
    const length = end - start;
    for (let r = 0; r < RECENT; r++) {
      const s = this.recentStart[r];
      if (s < 0 || this.recentEnd[r] - s !== length) continue;
      let k = 0;
      while (k < length && text.charCodeAt(s + k) === text.charCodeAt(start + k)) k++;
      if (k === length) return this.recentNumber[r];
    }
    let i: number;
    if (isGroundAlias(text, start, end) || this.isGroundName(text, start, end)) {
      if (this.ground < 0) this.ground = this.number(this.groundName);
      i = this.ground;
    } else {
      i = this.number(folded(text.slice(start, end)));
    }
    const r = this.recentNext;
    this.recentStart[r] = start;
    this.recentEnd[r] = end;
    this.recentNumber[r] = i;
    this.recentNext = (r + 1) % RECENT;
    return i;
  }

  /** The number of the node named text[start, end), or −1 (ground aliases resolve to the ground). */
  find(text: string, start: number, end: number): number {
    if (isGroundAlias(text, start, end) || this.isGroundName(text, start, end)) return this.ground;
    return this.numbers.get(folded(text.slice(start, end))) ?? -1;
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

  /** Name → number, as NodeTable.index (a Map, because SystemDescription.nodeIndex is one): the table itself,
   *  handed over when the netlist is read. */
  index(): Map<string, number> {
    return this.numbers;
  }

  /** The connected components, numbered in order of their first node (node-table.ts's numbering). */
  components(index: ReadonlyMap<string, number>): Components {
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
        const i = index.get(node);
        return i === undefined ? undefined : component[i];
      },
      componentOfIndex: (i) => component[i],
      count,
    };
  }

  /** The number of the node stored as `name`, numbering it (and growing the arrays) on first sight. */
  private number(name: string): number {
    const known = this.numbers.get(name);
    if (known !== undefined) return known;
    const i = this.names.length;
    this.names.push(name);
    this.numbers.set(name, i);
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

  private isGroundName(text: string, start: number, end: number): boolean {
    const g = this.groundName;
    if (end - start !== g.length) return false;
    for (let k = 0; k < g.length; k++) if (fold(g.charCodeAt(k)) !== fold(text.charCodeAt(start + k))) return false;
    return true;
  }
}

const fold = (c: number): number => (c >= 65 && c <= 90 ? c | 0x20 : c);

/** `0` or `gnd` (any case): SPICE's ground node. */
function isGroundAlias(text: string, start: number, end: number): boolean {
  const len = end - start;
  if (len === 1) return text.charCodeAt(start) === 48;
  return (
    len === 3 &&
    fold(text.charCodeAt(start)) === 103 &&
    fold(text.charCodeAt(start + 1)) === 110 &&
    fold(text.charCodeAt(start + 2)) === 100
  );
}
