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
  return { n, jRowPtr: j.rowPtr, jColIdx: j.colIdx, rowPtr, colIdx, jPos, diagPos };
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

/** values ← I − c·J on P (values has P's length). */
export function fillIteration(p: IterationPattern, c: number, j: CsrMatrix, values: Float64Array): CsrMatrix {
  values.fill(0);
  const jv = j.values;
  for (let k = 0; k < jv.length && k < p.jPos.length; k++) values[p.jPos[k]] = -c * jv[k];
  for (let i = 0; i < p.n; i++) values[p.diagPos[i]] += 1;
  return new CsrMatrix(p.n, p.n, p.rowPtr, p.colIdx, values);
}
