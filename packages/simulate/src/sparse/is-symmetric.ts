/** isSymmetric: whether a model matrix equals its transpose to rounding (the Krylov solver's symmetric mode). */
import type { LinearOperator } from '../problem/linear-operator';

/**
 * A = Aᵀ to rounding (relative 1e-12 of the largest entry). CSR: each stored a_ij against a_ji found by binary
 * search in row j, O(nnz · log(row length)), no transpose formed.
 */
export function isSymmetric(A: LinearOperator): boolean {
  // operators are immutable: the answer is kept with the operator (auto and the solver both ask)
  const known = answers.get(A);
  if (known !== undefined) return known;
  const answer = checkSymmetric(A);
  answers.set(A, answer);
  return answer;
}

const answers = new WeakMap<LinearOperator, boolean>();

function checkSymmetric(A: LinearOperator): boolean {
  const n = A.rows;
  if (A.csr) {
    const { rowPtr, colIdx, values } = A.csr;
    let scale = 0;
    for (let p = 0; p < rowPtr[n]; p++) scale = Math.max(scale, Math.abs(values[p]));
    const tol = 1e-12 * scale;
    for (let i = 0; i < n; i++) {
      for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
        const j = colIdx[p];
        if (j <= i) continue;
        // a_ji: binary search for column i in row j (a missing entry is 0)
        let lo = rowPtr[j];
        let hi = rowPtr[j + 1] - 1;
        let aji = 0;
        while (lo <= hi) {
          const mid = (lo + hi) >>> 1;
          if (colIdx[mid] < i) lo = mid + 1;
          else if (colIdx[mid] > i) hi = mid - 1;
          else {
            aji = values[mid];
            break;
          }
        }
        if (Math.abs(values[p] - aji) > tol) return false;
      }
      // entries a_ji (j > i) without a stored a_ij: checked from row j's side against the search below
      for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
        const j = colIdx[p];
        if (j >= i) break;
        if (Math.abs(values[p]) <= tol) continue;
        let lo = rowPtr[j];
        let hi = rowPtr[j + 1] - 1;
        let found = false;
        while (lo <= hi) {
          const mid = (lo + hi) >>> 1;
          if (colIdx[mid] < i) lo = mid + 1;
          else if (colIdx[mid] > i) hi = mid - 1;
          else {
            found = true;
            break;
          }
        }
        if (!found) return false;
      }
    }
    return true;
  }
  const a = A.toDense().data;
  let scale = 0;
  for (let k = 0; k < a.length; k++) scale = Math.max(scale, Math.abs(a[k]));
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) if (Math.abs(a[i * n + j] - a[j * n + i]) > 1e-12 * scale) return false;
  return true;
}
