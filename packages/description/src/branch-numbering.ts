/**
 * BranchRecorder: records, while parseSystem reads the elements in input order, which list of the description
 * each element joins (one-ports, sources, two-ports, mutual inductances) and the node numbers of its
 * terminals (numbering the nodes in the NodeTable), and turns that and the id order of element-ids.ts into the
 * BranchNumbering of types.ts (the branches as the linear graph numbers them: one-ports, sources, then two
 * ports per two-port). Everything is kept in typed arrays grown by doubling.
 * Cost: O(1) amortised per element, O(n) to finish.
 */
import type { NodeTable } from './node-table';
import type { BranchNumbering } from './types';

export const ONE_PORT = 0;
export const SOURCE = 1;
export const TWO_PORT = 2;
export const MUTUAL = 3;
export type ElementList = typeof ONE_PORT | typeof SOURCE | typeof TWO_PORT | typeof MUTUAL;

export class BranchRecorder {
  /** Per element ordinal: 4 × (its index within its list) + its list. */
  private slots: Int32Array<ArrayBuffer> = new Int32Array(64);
  private elements = 0;
  private readonly counts = [0, 0, 0, 0];
  /** Node numbers of the terminals, per list of branches (from, to of each; a two-port's ports in turn). */
  private readonly terminals: Int32Array<ArrayBuffer>[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];
  private readonly used = [0, 0, 0];

  /** The next element (ordinal = the number recorded before) joins `list`. */
  add(list: ElementList): void {
    if (this.elements === this.slots.length) this.slots = grown(this.slots);
    this.slots[this.elements++] = 4 * this.counts[list]++ + list;
  }

  /** A branch from → to of the last element added (list: one-ports, sources or two-ports), in `nodes` too. */
  branch(list: ElementList, nodes: NodeTable, from: string, to: string): void {
    const a = nodes.id(from);
    const b = nodes.id(to);
    nodes.join(a, b);
    let t = this.terminals[list];
    const n = this.used[list];
    if (n + 2 > t.length) t = this.terminals[list] = grown(t);
    t[n] = a;
    t[n + 1] = b;
    this.used[list] = n + 2;
  }

  /** The numbering, given the element ordinals in code-unit order of their ids (ElementIds.order) and the nodes'
   *  components over these branches (NodeTable.components). */
  finish(idOrder: Int32Array, components: BranchNumbering['components']): BranchNumbering {
    const [P, S, T] = this.counts;
    const sourcesStart = P;
    const portsStart = P + S;
    const order = new Int32Array(P + S + 2 * T);
    let r = 0;
    for (let q = 0; q < idOrder.length; q++) {
      const slot = this.slots[idOrder[q]];
      const list = slot & 3;
      const index = slot >> 2;
      if (list === ONE_PORT) order[r++] = index;
      else if (list === SOURCE) order[r++] = sourcesStart + index;
      else if (list === TWO_PORT) {
        // Ports <id>.1 and <id>.2 sort right after <id>: identifiers hold no character below '.'.
        order[r++] = portsStart + 2 * index;
        order[r++] = portsStart + 2 * index + 1;
      }
    }
    const [a, b, c] = this.used;
    const terminals = new Int32Array(a + b + c);
    terminals.set(this.terminals[ONE_PORT].subarray(0, a), 0);
    terminals.set(this.terminals[SOURCE].subarray(0, b), a);
    terminals.set(this.terminals[TWO_PORT].subarray(0, c), a + b);
    return components === undefined ? { terminals, idOrder: order } : { terminals, idOrder: order, components: { component: components.component, count: components.count } };
  }
}

function grown(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}
