/**
 * The node–branch incidence matrix: A[n, k] = +1 if branch k leaves node n (n = from), −1 if it enters (n = to).
 * KCL at every node: A i = 0; KVL: v = Aᵀ φ. O(N + B).
 */
import type { LinearGraph } from './linear-graph';
import type { SignedMatrix } from './signed-matrix';
import { signedTranspose } from './signed-matrix';

export function incidenceMatrix(lg: LinearGraph): SignedMatrix {
  // Built column-wise (branches × nodes) then transposed to rows = nodes.
  const B = lg.ids.length;
  const rowPtr = new Int32Array(B + 1);
  const colIdx = new Int32Array(2 * B);
  const values = new Int8Array(2 * B);
  for (let k = 0; k < B; k++) {
    const a = lg.from[k];
    const b = lg.to[k];
    rowPtr[k + 1] = 2 * k + 2;
    const [first, second] = a < b ? [a, b] : [b, a];
    colIdx[2 * k] = first;
    colIdx[2 * k + 1] = second;
    values[2 * k] = first === a ? 1 : -1;
    values[2 * k + 1] = second === a ? 1 : -1;
  }
  return signedTranspose({ rows: B, cols: lg.nodeNames.length, rowPtr, colIdx, values });
}
