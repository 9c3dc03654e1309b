/** Disjoint-set forest with path halving and union by size: near-constant amortised find (Tarjan 1975). */
export class UnionFind {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;

  constructor(n: number) {
    this.parent = new Int32Array(n);
    this.size = new Int32Array(n).fill(1);
    for (let i = 0; i < n; i++) this.parent[i] = i;
  }

  find(x: number): number {
    const p = this.parent;
    while (p[x] !== x) {
      p[x] = p[p[x]];
      x = p[x];
    }
    return x;
  }

  /** Joins the sets of a and b; returns false when they were already one set (the edge closes a loop). */
  union(a: number, b: number): boolean {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return false;
    // The smaller set under the larger (a plain comparison: a destructuring swap makes an array and iterates it
    // in the interpreter, where a cold netlist's first unions run).
    const size = this.size;
    const big = size[ra] < size[rb] ? rb : ra;
    const small = big === ra ? rb : ra;
    this.parent[small] = big;
    size[big] += size[small];
    return true;
  }
}
