/**
 * buildLoopMatrix: the fundamental loop matrix F (formulation.md section 3), rows = links, columns = tree
 * branches, both in partition order.
 *
 *   F[l, t] = +1 if the loop of link l runs through t along t's arrow, −1 against it, 0 if t is not in it.
 *   The loop is oriented along l: a_l → b_l through l, then the tree path from b_l back to a_l.
 *   KVL: v_link = −F v_tree.   KCL: i_tree = Fᵀ i_link.
 *
 * Each component of the forest is rooted at its ground; a loop is found by climbing from both ends of the
 * link to their common ancestor, so the cost is O(N + B + nnz(F)).
 */
import type { NormalTree } from './normal-tree';
import type { SignedMatrix } from './signed-matrix';
import { sortRowSegment } from './signed-matrix';
import { orderBranches } from './partition';
import type { BranchOrder } from './partition';

export interface RootedForest {
  readonly parent: Int32Array;
  /** The tree branch joining a node to its parent (−1 at a root). */
  readonly parentBranch: Int32Array;
  readonly depth: Int32Array;
}

/**
 * The forest of the tree branches `treeBranches` (every branch of the normal tree, in any order: a tree's parents
 * and depths do not depend on the order its adjacency is walked in), rooted at the ground of each component.
 */
export function rootForest(tree: NormalTree, treeBranches: Int32Array): RootedForest {
  const lg = tree.graph;
  const N = lg.nodeNames.length;
  const from = lg.from;
  const to = lg.to;
  // Adjacency of the tree in CSR form.
  const deg = new Int32Array(N + 1);
  for (let i = 0; i < treeBranches.length; i++) {
    const k = treeBranches[i];
    deg[from[k] + 1]++;
    deg[to[k] + 1]++;
  }
  for (let n = 0; n < N; n++) deg[n + 1] += deg[n];
  const adj = new Int32Array(deg[N]);
  const fill = deg.slice(0, N);
  for (let i = 0; i < treeBranches.length; i++) {
    const k = treeBranches[i];
    adj[fill[from[k]]++] = k;
    adj[fill[to[k]]++] = k;
  }
  const parent = new Int32Array(N).fill(-1);
  const parentBranch = new Int32Array(N).fill(-1);
  const depth = new Int32Array(N).fill(-1);
  // Breadth-first from each ground; the queue is reused (fill) once the adjacency is built.
  const queue = fill;
  for (let c = 0; c < lg.componentCount; c++) {
    const root = lg.groundOf[c];
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    depth[root] = 0;
    while (head < tail) {
      const n = queue[head++];
      const dn = depth[n] + 1;
      for (let p = deg[n], end = deg[n + 1]; p < end; p++) {
        const k = adj[p];
        const m = from[k] ^ to[k] ^ n; // the other end of k
        if (depth[m] >= 0) continue;
        depth[m] = dn;
        parent[m] = n;
        parentBranch[m] = k;
        queue[tail++] = m;
      }
    }
  }
  return { parent, parentBranch, depth };
}

export interface LoopMatrix {
  readonly tree: NormalTree;
  readonly treeOrder: BranchOrder;
  readonly linkOrder: BranchOrder;
  /** Position of every branch within its order (tree branches in treeOrder, links in linkOrder). */
  readonly position: Int32Array;
  readonly F: SignedMatrix;
  /** The normal tree rooted at the ground of each component (the loops were read from it). */
  readonly forest: RootedForest;
}

export function buildLoopMatrix(tree: NormalTree): LoopMatrix {
  const lg = tree.graph;
  const { tree: treeOrder, links: linkOrder } = orderBranches(tree);
  const treeBranches = treeOrder.branches;
  const linkBranches = linkOrder.branches;
  const position = new Int32Array(lg.ids.length);
  for (let i = 0; i < treeBranches.length; i++) position[treeBranches[i]] = i;
  for (let i = 0; i < linkBranches.length; i++) position[linkBranches[i]] = i;
  const forest = rootForest(tree, treeBranches);
  const { parent, parentBranch, depth } = forest;
  const from = lg.from;
  const to = lg.to;

  const rows = linkBranches.length;
  const rowPtr = new Int32Array(rows + 1);
  let cols = new Int32Array(Math.max(16, 2 * rows));
  let vals = new Int8Array(cols.length);
  let nnz = 0;
  for (let r = 0; r < rows; r++) {
    const l = linkBranches[r];
    const start = nnz;
    let x = to[l]; // walking the tree path from b_l …
    let y = from[l]; // … back to a_l
    while (x !== y) {
      if (nnz === cols.length) {
        cols = grow(cols, new Int32Array(2 * cols.length));
        vals = grow(vals, new Int8Array(2 * vals.length));
      }
      if (depth[x] >= depth[y]) {
        const t = parentBranch[x]; // traversed x → parent(x)
        cols[nnz] = position[t];
        vals[nnz++] = from[t] === x ? 1 : -1;
        x = parent[x];
      } else {
        const t = parentBranch[y]; // traversed parent(y) → y
        cols[nnz] = position[t];
        vals[nnz++] = to[t] === y ? 1 : -1;
        y = parent[y];
      }
    }
    if (nnz - start > 1) sortRowSegment(cols, vals, start, nnz); // (a loop through one tree branch: no call)
    rowPtr[r + 1] = nnz;
  }
  const F: SignedMatrix = {
    rows,
    cols: treeBranches.length,
    rowPtr,
    colIdx: cols.slice(0, nnz),
    values: vals.slice(0, nnz),
  };
  return { tree, treeOrder, linkOrder, position, F, forest };
}

function grow<A extends Int32Array | Int8Array>(old: A, bigger: A): A {
  bigger.set(old);
  return bigger;
}
