/**
 * strongComponents: the strongly connected components of a directed graph on the nodes 0…n−1 (Tarjan 1972,
 * "Depth-first search and linear graph algorithms"), each with whether it holds a cycle. Components come out
 * with every component after the ones it reaches: with edges "a needs b", an order in which to solve them.
 * O(n + edges).
 */
export interface StrongComponent {
  readonly members: readonly number[];
  /** More than one member, or a self-loop. */
  readonly cyclic: boolean;
}

export function strongComponents(n: number, next: (v: number) => readonly number[]): StrongComponent[] {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack: number[] = [];
  const out: StrongComponent[] = [];
  let counter = 0;
  const visit = (v: number) => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = 1;
    for (const w of next(v)) {
      if (index[w] < 0) {
        visit(w);
        low[v] = Math.min(low[v], low[w]);
      } else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
    }
    if (low[v] === index[v]) {
      const members: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = 0;
        members.push(w);
      } while (w !== v);
      members.sort((a, b) => a - b);
      out.push({ members, cyclic: members.length > 1 || next(v).includes(v) });
    }
  };
  for (let v = 0; v < n; v++) if (index[v] < 0) visit(v);
  return out;
}
