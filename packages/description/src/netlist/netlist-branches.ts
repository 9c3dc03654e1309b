/**
 * The BranchNumbering of a netlist's description (types.ts: the branches as the linear graph numbers them,
 * every one-port, then every source, each in netlist order; idOrder the branch numbers in code-unit order of
 * the ids, mutual inductances left out), the same numbering parseSystem records for the JSON path.
 * Cost: O(B), given the ids' order (folded-names.ts).
 */
import type { BranchNumbering } from '../types';
import { IntList } from './int-list';

/** What each element (by its ordinal: the order of its id) became: a one-port, a source or a coupling. */
export const ONE_PORT_BRANCH = 0;
export const SOURCE_BRANCH = 1;
export const COUPLING = 2;

export class NetlistBranches {
  /** Per element ordinal: 4 × (index within its list) + list. */
  private readonly slots: IntList;
  private readonly counts = [0, 0, 0];
  /** Node numbers from, to of each one-port and of each source. */
  readonly onePortTerminals: IntList;
  readonly sourceTerminals = new IntList();

  /** `expected`: about how many elements will come. */
  constructor(expected = 64) {
    this.slots = new IntList(expected);
    this.onePortTerminals = new IntList(2 * expected);
  }

  /** The next element joins `list`; a branch with nodes a → b (ignored for a coupling). */
  add(list: typeof ONE_PORT_BRANCH | typeof SOURCE_BRANCH | typeof COUPLING, a = -1, b = -1): void {
    this.slots.push(4 * this.counts[list]++ + list);
    if (list === ONE_PORT_BRANCH) this.onePortTerminals.push2(a, b);
    else if (list === SOURCE_BRANCH) this.sourceTerminals.push2(a, b);
  }

  /** The numbering, given the element ordinals in code-unit order of their ids (FoldedNames.order) and the nodes'
   *  components over these branches (NetlistNodes.components). */
  numbering(byId: Int32Array, components: BranchNumbering['components']): BranchNumbering {
    const P = this.counts[ONE_PORT_BRANCH];
    const S = this.counts[SOURCE_BRANCH];
    const slots = this.slots.array;
    const idOrder = new Int32Array(P + S);
    let r = 0;
    for (let q = 0; q < byId.length; q++) {
      const slot = slots[byId[q]];
      const list = slot & 3;
      if (list === ONE_PORT_BRANCH) idOrder[r++] = slot >> 2;
      else if (list === SOURCE_BRANCH) idOrder[r++] = P + (slot >> 2);
    }
    const terminals = new Int32Array(2 * (P + S));
    terminals.set(this.onePortTerminals.view(), 0);
    terminals.set(this.sourceTerminals.view(), 2 * P);
    return components === undefined ? { terminals, idOrder } : { terminals, idOrder, components: { component: components.component, count: components.count } };
  }
}
