/**
 * blockOrder: the strongly connected components of a directed graph on 0…n−1 given in CSR form (edge v → w:
 * "v needs w"), by Tarjan's algorithm (Tarjan 1972) without recursion (chains of 10^5 nodes), emitted so that
 * every component comes after the components it needs: the block-triangular order in which to solve the static
 * residuals. Returns blocks in CSR form (blockPtr, members) and each node's block. O(n + edges).
 */
export interface BlockOrder {
  readonly count: number;
  readonly blockPtr: Int32Array;
  readonly members: Int32Array;
  readonly blockOf: Int32Array;
}

export function blockOrder(n: number, ptr: Int32Array, idx: Int32Array): BlockOrder {
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const stack = new Int32Array(n);
  let top = 0;
  const callV = new Int32Array(n);
  const callEdge = new Int32Array(n);
  const members = new Int32Array(n);
  const blockOf = new Int32Array(n);
  const blockPtr: number[] = [0];
  let counter = 0;
  let emitted = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] >= 0) continue;
    let depth = 0;
    callV[0] = root;
    callEdge[0] = ptr[root];
    index[root] = low[root] = counter++;
    stack[top++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const v = callV[depth];
      if (callEdge[depth] < ptr[v + 1]) {
        const w = idx[callEdge[depth]++];
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack[top++] = w;
          onStack[w] = 1;
          depth++;
          callV[depth] = w;
          callEdge[depth] = ptr[w];
        } else if (onStack[w] && index[w] < low[v]) low[v] = index[w];
        continue;
      }
      if (low[v] === index[v]) {
        const b = blockPtr.length - 1;
        let w: number;
        do {
          w = stack[--top];
          onStack[w] = 0;
          blockOf[w] = b;
          members[emitted++] = w;
        } while (w !== v);
        blockPtr.push(emitted);
      }
      depth--;
      if (depth >= 0) {
        const parent = callV[depth];
        if (low[v] < low[parent]) low[parent] = low[v];
      }
    }
  }
  return { count: blockPtr.length - 1, blockPtr: Int32Array.from(blockPtr), members, blockOf };
}
