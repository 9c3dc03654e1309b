/**
 * The diagonal similarity T = diag(t) that balances J = M⁻¹A (M diagonal, positive) in magnitude:
 *
 *   J̃ = T J T⁻¹,  J̃_ij = t_i J_ij / t_j,  chosen so that |J̃_ij| = |J̃_ji| = √|J_ij J_ji| wherever both are nonzero:
 *   (t_i / t_j)² = |J_ji| / |J_ij|,  i.e.  ln t_i − ln t_j = ½ ln(|J_ji| / |J_ij|)
 *
 * Imposed along a breadth-first spanning tree of the pairs (i, j) with J_ij J_ji ≠ 0 (exact on a chain or tree of
 * couplings, a ladder; on loops the other pairs are balanced as far as the tree allows); each connected part is
 * centred so that its mean ln t is 0. O(nnz).
 *
 * Why: J̃'s spectrum is J's, but the rectangle of its field of values (scaled-operator.ts) is not similarity
 * invariant. Balanced, it depends on J alone, not on how the model is stored: the descriptor form of a network
 * (M = diag(C, L), A of ±1 couplings) and its explicit form (M = I, A = M⁻¹A₀ with entries 1/C and 1/L) give the
 * same J̃ (for the descriptor with |A_ij| = |A_ji|, t ∝ √M, the scaling w = √M x̃ of the energy norm). Without it
 * the explicit form of an LC line has a field of values ~(1/C)/(1/√(LC)) = √(L/C) times too wide, and auto picked
 * Krylov for a model that the descriptor form sends to Chebyshev.
 */
import { csrTranspose } from '@sysgraph/linalg';
import type { CsrMatrix } from '@sysgraph/linalg';

/** t with J̃ = diag(t) M⁻¹A diag(t)⁻¹ balanced in magnitude; `a` is A in CSR, `mass` M's diagonal. */
export function balancedScaling(a: CsrMatrix, mass: Float64Array): Float64Array {
  const n = a.rows;
  const { rowPtr, colIdx, values } = a;
  const { rowPtr: tPtr, colIdx: tCol, values: tVal } = csrTranspose(a);
  const logT = new Float64Array(n);
  const visited = new Uint8Array(n);
  const queue = new Int32Array(n);
  // |A_ji| for the j of the row being visited (scattered from row i of Aᵀ)
  const partner = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  for (let root = 0; root < n; root++) {
    if (visited[root]) continue;
    visited[root] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    while (head < tail) {
      const i = queue[head++];
      for (let p = tPtr[i]; p < tPtr[i + 1]; p++) {
        const j = tCol[p];
        if (mark[j] !== i) {
          mark[j] = i;
          partner[j] = 0;
        }
        partner[j] += tVal[p];
      }
      for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
        const j = colIdx[p];
        if (visited[j] || mark[j] !== i) continue;
        // J_ij = A_ij / m_i, J_ji = A_ji / m_j
        const jij = Math.abs(values[p] / mass[i]);
        const jji = Math.abs(partner[j] / mass[j]);
        if (!(jij > 0 && jji > 0 && Number.isFinite(jij) && Number.isFinite(jji))) continue;
        // ln t_j = ln t_i − ½ ln(|J_ji| / |J_ij|)
        logT[j] = logT[i] - 0.5 * Math.log(jji / jij);
        visited[j] = 1;
        queue[tail++] = j;
      }
    }
    // centre the part: mean ln t = 0
    let mean = 0;
    for (let q = 0; q < tail; q++) mean += logT[queue[q]];
    mean /= tail;
    for (let q = 0; q < tail; q++) logT[queue[q]] -= mean;
  }
  return logT.map(Math.exp);
}
