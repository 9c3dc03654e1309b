/**
 * The secondary value of every branch as a sparse row over the primary values, from the loop matrix F
 * (formulation.md section 3; network-plan.ts):
 *   KVL  v_link = −F v_tree  (a link's row: its loop, F's row with the sign flipped)
 *   KCL  i_tree = Fᵀ i_link  (a tree branch's row: its cutset, F's column)
 * sec(k) = Σ_{q in secPtr[k] … secPtr[k+1]} secCoef[q] · prim[secBranch[q]], both halves in one CSR over the
 * branches: a transpose of F by counting (count per branch, prefix sums, fill), O(B + nnz(F)), on sized typed
 * arrays. Each pass is a function of its own, so that V8 compiles a small function on stack for each hot loop
 * rather than the whole plan once per loop.
 */
import type { SignedMatrix } from '@sysgraph/graph';

export interface SecondaryRows {
  readonly secPtr: Int32Array;
  readonly secBranch: Int32Array;
  /** ±1 (F's entries, with KVL's sign). */
  readonly secCoef: Int8Array;
}

/** The rows of F's links (linkOf[r]) and columns of its tree branches (treeOf[c]) over B branches. */
export function secondaryRows(F: SignedMatrix, treeOf: Int32Array, linkOf: Int32Array, B: number): SecondaryRows {
  const secPtr = rowStarts(F, treeOf, linkOf, B);
  const secBranch = new Int32Array(secPtr[B]);
  const secCoef = new Int8Array(secPtr[B]);
  fillRows(F, treeOf, linkOf, secPtr.slice(0, B), secBranch, secCoef);
  return { secPtr, secBranch, secCoef };
}

/** secPtr: a link's row has its loop's length, a tree branch's its cutset's; prefix sums. */
function rowStarts(F: SignedMatrix, treeOf: Int32Array, linkOf: Int32Array, B: number): Int32Array {
  const secPtr = new Int32Array(B + 1);
  const { rowPtr, colIdx } = F;
  for (let r = 0, rows = F.rows; r < rows; r++) {
    const start = rowPtr[r];
    const end = rowPtr[r + 1];
    secPtr[linkOf[r] + 1] += end - start;
    for (let q = start; q < end; q++) secPtr[treeOf[colIdx[q]] + 1]++;
  }
  for (let k = 0; k < B; k++) secPtr[k + 1] += secPtr[k];
  return secPtr;
}

/** Each entry F[l,t] = f: −f into the link's row at t, f into the tree branch's row at l, in F's row order. */
function fillRows(F: SignedMatrix, treeOf: Int32Array, linkOf: Int32Array, fill: Int32Array, secBranch: Int32Array, secCoef: Int8Array): void {
  const { rowPtr, colIdx, values } = F;
  for (let r = 0, rows = F.rows; r < rows; r++) {
    const l = linkOf[r];
    for (let q = rowPtr[r], end = rowPtr[r + 1]; q < end; q++) {
      const t = treeOf[colIdx[q]];
      const f = values[q];
      secBranch[fill[l]] = t;
      secCoef[fill[l]++] = -f;
      secBranch[fill[t]] = l;
      secCoef[fill[t]++] = f;
    }
  }
}
