/**
 * The pattern of the iteration matrix I − c·J of a nonlinear model whose Jacobian J has a fixed CSR pattern:
 * P = pattern(J) ∪ diagonal, computed once. Each entry of J has its position in P (jPos), each row its diagonal
 * position (diagPos), so that forming I − c·J for a new c or new values of J is one pass over nnz(J) + n entries
 * into P's value array, with no search and no allocation of a new pattern (the LU's refactorisation recognises
 * the very same rowPtr and colIdx arrays and skips its pattern comparison).
 */
import { CsrMatrix } from '@sysgraph/linalg';

export interface IterationPattern {
  readonly n: number;
  /** J's pattern, to recognise it in later calls. */
  readonly jRowPtr: Int32Array;
  readonly jColIdx: Int32Array;
  /** P = pattern(J) ∪ diagonal. */
  readonly rowPtr: Int32Array;
  readonly colIdx: Int32Array;
  /** Position in P of J's entry p. */
  readonly jPos: Int32Array;
  /** Position in P of the diagonal entry of row i. */
  readonly diagPos: Int32Array;
  /** P's entry k holds J's entry jOf[k], or −1 (a diagonal J does not store). */
  readonly jOf: Int32Array;
  /** 1 where P's entry k is on the diagonal. */
  readonly onDiagonal: Uint8Array;
  /** J stores every diagonal entry: P = pattern(J), J's entry k is P's entry k (jOf the identity). */
  readonly samePattern: boolean;
}

export function iterationPattern(j: CsrMatrix): IterationPattern {
  const n = j.rows;
  const rowPtr = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    let hasDiag = false;
    for (let p = j.rowPtr[i]; p < j.rowPtr[i + 1]; p++) if (j.colIdx[p] === i) hasDiag = true;
    rowPtr[i + 1] = rowPtr[i] + (j.rowPtr[i + 1] - j.rowPtr[i]) + (hasDiag ? 0 : 1);
  }
  const colIdx = new Int32Array(rowPtr[n]);
  const jPos = new Int32Array(j.nnz);
  const diagPos = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    let q = rowPtr[i];
    let placed = false;
    for (let p = j.rowPtr[i]; p < j.rowPtr[i + 1]; p++) {
      const c = j.colIdx[p];
      if (!placed && c > i) {
        diagPos[i] = q;
        colIdx[q++] = i;
        placed = true;
      }
      if (c === i) {
        diagPos[i] = q;
        placed = true;
      }
      jPos[p] = q;
      colIdx[q++] = c;
    }
    if (!placed) {
      diagPos[i] = q;
      colIdx[q++] = i;
    }
  }
  const jOf = new Int32Array(colIdx.length).fill(-1);
  for (let p = 0; p < jPos.length; p++) jOf[jPos[p]] = p;
  const onDiagonal = new Uint8Array(colIdx.length);
  for (let i = 0; i < n; i++) onDiagonal[diagPos[i]] = 1;
  const samePattern = colIdx.length === j.nnz;
  return { n, jRowPtr: j.rowPtr, jColIdx: j.colIdx, rowPtr, colIdx, jPos, diagPos, jOf, onDiagonal, samePattern };
}

/** True when J has the pattern P was made for (same arrays, or equal contents: O(nnz)). */
export function hasPattern(p: IterationPattern, j: CsrMatrix): boolean {
  if (j.rows !== p.n || j.cols !== p.n) return false;
  if (j.rowPtr === p.jRowPtr && j.colIdx === p.jColIdx) return true;
  if (j.rowPtr.length !== p.jRowPtr.length || j.nnz !== p.jRowPtr[p.n]) return false;
  for (let i = 0; i <= p.n; i++) if (j.rowPtr[i] !== p.jRowPtr[i]) return false;
  for (let k = 0; k < j.nnz; k++) if (j.colIdx[k] !== p.jColIdx[k]) return false;
  return true;
}

/**
 * values ← I − c·J on P (values has P's length), one pass over P: entry k is (−c·J[jOf[k]]) + 1 on the diagonal,
 * −c·J[jOf[k]] off it, and 0 + 1 where J stores no diagonal — the bits of clearing, scattering −cJ and adding 1.
 */
export function fillIteration(p: IterationPattern, c: number, j: CsrMatrix, values: Float64Array): CsrMatrix {
  if (p.samePattern) fillOnOwnPattern(p.diagPos, c, j.values, values);
  else fillShifted(p.jOf, p.onDiagonal, c, j.values, values);
  return new CsrMatrix(p.n, p.n, p.rowPtr, p.colIdx, values);
}

/**
 * J on P itself (a network's J stores its diagonal): values_k = −c·J_k, and (−c·J_k) + 1 at the diagonal positions
 * (diagPos ascending, as CSR rows are), in one pass over J's values instead of a pass of −c·J and one adding 1 on the
 * diagonal — the same two operations on every diagonal entry, so the same bits. The last row's diagonal is the
 * last entry (no column lies right of n − 1): nothing follows it.
 */
function fillOnOwnPattern(diagPos: Int32Array, c: number, jv: Float64Array, values: Float64Array): void {
  let k = 0;
  for (let i = 0; i < diagPos.length; i++) {
    const d = diagPos[i];
    for (; k < d; k++) values[k] = -c * jv[k];
    values[d] = -c * jv[d] + 1;
    k = d + 1;
  }
}

function fillShifted(jOf: Int32Array, onDiagonal: Uint8Array, c: number, jv: Float64Array, values: Float64Array): void {
  for (let k = 0; k < values.length; k++) {
    const s = jOf[k];
    const v = s >= 0 ? -c * jv[s] : 0;
    values[k] = onDiagonal[k] === 1 ? v + 1 : v;
  }
}
