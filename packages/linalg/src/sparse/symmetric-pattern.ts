/** symmetricPattern: the adjacency structure of A + Aᵀ without the diagonal (the graph AMD orders). */
import type { CsrMatrix } from './csr-matrix';

/** Adjacency lists of the undirected graph G(A + Aᵀ): ptr (length n + 1) and idx, no self loops, no duplicates. */
export interface SymmetricPattern {
  readonly n: number;
  readonly ptr: Int32Array;
  readonly idx: Int32Array;
}

/** Edge {i, j} for every stored a_ij with i ≠ j; duplicates removed with a marker array. O(nnz + n). */
export function symmetricPattern(a: CsrMatrix): SymmetricPattern {
  const n = a.rows;
  const { rowPtr, colIdx } = a;
  const count = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const j = colIdx[p];
      if (j === i) continue;
      count[i + 1]++;
      count[j + 1]++;
    }
  }
  for (let i = 0; i < n; i++) count[i + 1] += count[i];
  const raw = new Int32Array(count[n]);
  const fill = count.slice(0, n);
  for (let i = 0; i < n; i++) {
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const j = colIdx[p];
      if (j === i) continue;
      raw[fill[i]++] = j;
      raw[fill[j]++] = i;
    }
  }
  // Remove duplicates row by row (a_ij and a_ji both stored give the edge twice).
  const mark = new Int32Array(n).fill(-1);
  const ptr = new Int32Array(n + 1);
  let out = 0;
  for (let i = 0; i < n; i++) {
    for (let p = count[i]; p < count[i + 1]; p++) {
      const j = raw[p];
      if (mark[j] !== i) {
        mark[j] = i;
        raw[out++] = j;
      }
    }
    ptr[i + 1] = out;
  }
  return { n, ptr, idx: raw.slice(0, out) };
}
