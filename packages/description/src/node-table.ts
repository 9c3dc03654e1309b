/**
 * NodeTable: the nodes of a description, numbered 0, 1, … in order of first appearance, with the number of
 * branch terminals at each node and the connected components of the graph, by union–find on typed arrays with
 * path halving (each two-port port is a separate edge; the two sides of a two-port need not be connected;
 * formulation.md section 1: a spanning forest, one reference node per component). Branches are added one at a
 * time while the elements are read, so no list of terminals or branches is ever built.
 * Cost: O(1) amortised per terminal, O((N + B) α(N)) in all.
 */

export interface Components {
  /** The component of a node (components numbered in order of their first node), or undefined for no node. */
  componentOf(node: string): number | undefined;
  /** The component of the node numbered `index`. */
  componentOfIndex(index: number): number;
  readonly count: number;
}

export class NodeTable {
  /** Node name → number. */
  readonly index = new Map<string, number>();
  /** Every node, in order of first appearance. */
  readonly names: string[] = [];
  private terminals = new Int32Array(64);
  private parent = new Int32Array(64);

  /** The number of a node, numbering it on first sight. */
  id(name: string): number {
    let i = this.index.get(name);
    if (i === undefined) {
      i = this.names.length;
      this.index.set(name, i);
      this.names.push(name);
      if (i === this.parent.length) this.grow();
      this.parent[i] = i;
    }
    return i;
  }

  /** One branch from → to: two terminals, and the union of the two nodes' components. */
  connect(from: string, to: string): void {
    this.join(this.id(from), this.id(to));
  }

  /** One branch between the nodes numbered a and b (see id). */
  join(a: number, b: number): void {
    this.terminals[a]++;
    this.terminals[b]++;
    const ra = this.find(a);
    const rb = this.find(b);
    // Union towards the smaller number keeps each root the component's first node.
    if (ra < rb) this.parent[rb] = ra;
    else if (rb < ra) this.parent[ra] = rb;
  }

  /** The number of branch terminals at a node. */
  terminalCount(name: string): number {
    const i = this.index.get(name);
    return i === undefined ? 0 : this.terminals[i];
  }

  /** Whether some node has exactly one terminal (a dangling node). */
  hasDanglingNode(): boolean {
    for (let i = 0; i < this.names.length; i++) if (this.terminals[i] === 1) return true;
    return false;
  }

  /** The connected components, numbered in order of their first node; `component` holds each node number's. */
  components(): Components & { readonly component: Int32Array } {
    const n = this.names.length;
    const numberOfRoot = new Int32Array(n).fill(-1);
    const component = new Int32Array(n);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const r = this.find(i);
      if (numberOfRoot[r] < 0) numberOfRoot[r] = count++;
      component[i] = numberOfRoot[r];
    }
    const index = this.index;
    return {
      componentOf: (node) => {
        const i = index.get(node);
        return i === undefined ? undefined : component[i];
      },
      componentOfIndex: (i) => component[i],
      count,
      component,
    };
  }

  private find(i: number): number {
    const parent = this.parent;
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]]; // path halving
      i = parent[i];
    }
    return i;
  }

  private grow(): void {
    const size = this.parent.length * 2;
    const parent = new Int32Array(size);
    parent.set(this.parent);
    const terminals = new Int32Array(size);
    terminals.set(this.terminals);
    this.parent = parent;
    this.terminals = terminals;
  }
}
