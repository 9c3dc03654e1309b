/** csrMul: sparse product C = A B by Gustavson's row-wise algorithm (Gustavson, ACM TOMS 4(3), 1978). */
import { CsrMatrix } from './csr-matrix';
import { checkDimension } from './dimension-check';
import { SHORT_ROW, sortRun } from './sort-run';

/**
 * C = A B. A zero operand gives the empty product, a diagonal-pattern one a row or column scaling, a right
 * factor that is a scaled selection (at most one entry per row, no column used twice) a relabelling of A's
 * columns: the same products as Gustavson's, without its accumulator, O(rows + nnz). Otherwise Gustavson.
 */
export function csrMul(a: CsrMatrix, b: CsrMatrix): CsrMatrix {
  checkDimension('csrMul', 'b.rows', b.rows, a.cols);
  if (a.nnz === 0 || b.nnz === 0) return new CsrMatrix(a.rows, b.cols, new Int32Array(a.rows + 1), new Int32Array(0), new Float64Array(0));
  if (isDiagonalPattern(a)) return scaleRowsByDiagonal(a, b);
  if (isDiagonalPattern(b)) return scaleColsByDiagonal(a, b);
  const target = selectionColumns(b);
  // The relabelled rows are sorted by insertion: unless the relabelling keeps the order, only for short rows.
  if (target && (isIncreasing(target) || maxRowLength(a) <= SHORT_ROW)) return mulBySelection(a, b, target);
  return gustavson(a, b);
}

/** Products whose flop count is at most this multiple of nnz(A) + nnz(B) + rows are formed in one pass. */
const ONE_PASS_FLOPS = 2;

/**
 * Row i of C: c_i* = Σ_{k ∈ row i of A} a_ik b_k*, accumulated in a dense workspace with a marker array; each
 * row's columns are sorted (insertion sort for short rows). Structural zeros produced by cancellation are kept.
 * The flop count Σ_{k ∈ A} nnz(b_k*) bounds nnz(C) and costs one pass over A: when it is small (sparse factors,
 * little fill) C is formed in one numeric pass into arrays of that size, trimmed at the end; otherwise a
 * symbolic pass sizes C exactly first. O(flops + rows + cols) plus the per-row sorts.
 */
function gustavson(a: CsrMatrix, b: CsrMatrix): CsrMatrix {
  const aPtr = a.rowPtr, aIdx = a.colIdx;
  const bPtr = b.rowPtr;
  let flops = 0;
  for (let p = 0, pEnd = aPtr[a.rows]; p < pEnd; p++) flops += bPtr[aIdx[p] + 1] - bPtr[aIdx[p]];
  return flops <= ONE_PASS_FLOPS * (a.nnz + b.nnz + a.rows) ? gustavsonOnePass(a, b, flops) : gustavsonTwoPass(a, b);
}

function gustavsonOnePass(a: CsrMatrix, b: CsrMatrix, flops: number): CsrMatrix {
  const rowPtr = new Int32Array(a.rows + 1);
  const colIdx = new Int32Array(flops);
  const values = new Float64Array(flops);
  const nnz = numericPass(a, b, rowPtr, colIdx, values);
  return new CsrMatrix(a.rows, b.cols, rowPtr, nnz < flops ? colIdx.slice(0, nnz) : colIdx, nnz < flops ? values.slice(0, nnz) : values);
}

function gustavsonTwoPass(a: CsrMatrix, b: CsrMatrix): CsrMatrix {
  const rows = a.rows;
  const aPtr = a.rowPtr, aIdx = a.colIdx;
  const bPtr = b.rowPtr, bIdx = b.colIdx;
  const mark = new Int32Array(b.cols).fill(-1);
  // Symbolic pass: nnz of C, counted row by row.
  let nnz = 0;
  for (let i = 0; i < rows; i++) {
    for (let p = aPtr[i], pEnd = aPtr[i + 1]; p < pEnd; p++) {
      const k = aIdx[p];
      for (let q = bPtr[k], qEnd = bPtr[k + 1]; q < qEnd; q++) {
        const j = bIdx[q];
        if (mark[j] !== i) {
          mark[j] = i;
          nnz++;
        }
      }
    }
  }
  const rowPtr = new Int32Array(rows + 1);
  const colIdx = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  numericPass(a, b, rowPtr, colIdx, values);
  return new CsrMatrix(rows, b.cols, rowPtr, colIdx, values);
}

/**
 * The numeric pass: row i of C accumulated in a dense workspace (acc) with a marker array, its columns sorted,
 * written at the end of the rows before it; rowPtr filled as it goes. colIdx and values must hold nnz(C) (or more).
 * Returns nnz(C).
 */
function numericPass(a: CsrMatrix, b: CsrMatrix, rowPtr: Int32Array, colIdx: Int32Array, values: Float64Array): number {
  const aPtr = a.rowPtr, aIdx = a.colIdx, aVal = a.values;
  const bPtr = b.rowPtr, bIdx = b.colIdx, bVal = b.values;
  const mark = new Int32Array(b.cols).fill(-1);
  const acc = new Float64Array(b.cols);
  let end = 0;
  for (let i = 0; i < a.rows; i++) {
    const start = end;
    for (let p = aPtr[i], pEnd = aPtr[i + 1]; p < pEnd; p++) {
      const k = aIdx[p];
      const aik = aVal[p];
      for (let q = bPtr[k], qEnd = bPtr[k + 1]; q < qEnd; q++) {
        const j = bIdx[q];
        if (mark[j] !== i) {
          mark[j] = i;
          colIdx[end++] = j;
          acc[j] = aik * bVal[q];
        } else {
          acc[j] += aik * bVal[q];
        }
      }
    }
    sortRun(colIdx, start, end);
    for (let p = start; p < end; p++) values[p] = acc[colIdx[p]];
    rowPtr[i + 1] = end;
  }
  return end;
}

/** True when A is square and every stored entry is on the diagonal (a row may be empty). O(rows). */
function isDiagonalPattern(a: CsrMatrix): boolean {
  if (a.rows !== a.cols) return false;
  const ptr = a.rowPtr;
  const idx = a.colIdx;
  for (let i = 0; i < a.rows; i++) {
    const len = ptr[i + 1] - ptr[i];
    if (len > 1 || (len === 1 && idx[ptr[i]] !== i)) return false;
  }
  return true;
}

/** (D B)_ij = d_i b_ij for diagonal-pattern D; a row that D does not store is empty. O(rows + nnz(B)). */
function scaleRowsByDiagonal(d: CsrMatrix, b: CsrMatrix): CsrMatrix {
  const rows = b.rows;
  const dPtr = d.rowPtr, dVal = d.values;
  const bPtr = b.rowPtr, bIdx = b.colIdx, bVal = b.values;
  const rowPtr = new Int32Array(rows + 1);
  let nnz = 0;
  for (let i = 0; i < rows; i++) {
    if (dPtr[i + 1] > dPtr[i]) nnz += bPtr[i + 1] - bPtr[i];
    rowPtr[i + 1] = nnz;
  }
  const colIdx = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let out = 0;
  for (let i = 0; i < rows; i++) {
    if (dPtr[i + 1] === dPtr[i]) continue;
    const di = dVal[dPtr[i]];
    for (let q = bPtr[i], qEnd = bPtr[i + 1]; q < qEnd; q++) {
      colIdx[out] = bIdx[q];
      values[out++] = di * bVal[q];
    }
  }
  return new CsrMatrix(rows, b.cols, rowPtr, colIdx, values);
}

/** (A D)_ij = a_ij d_j for diagonal-pattern D; entries in a column that D does not store drop. O(nnz(A) + cols). */
function scaleColsByDiagonal(a: CsrMatrix, d: CsrMatrix): CsrMatrix {
  const n = d.rows;
  const dPtr = d.rowPtr, dVal = d.values;
  const has = new Uint8Array(n);
  const dj = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    if (dPtr[j + 1] > dPtr[j]) {
      has[j] = 1;
      dj[j] = dVal[dPtr[j]];
    }
  }
  const rows = a.rows;
  const aPtr = a.rowPtr, aIdx = a.colIdx, aVal = a.values;
  const rowPtr = new Int32Array(rows + 1);
  let nnz = 0;
  for (let i = 0; i < rows; i++) {
    for (let p = aPtr[i], pEnd = aPtr[i + 1]; p < pEnd; p++) nnz += has[aIdx[p]];
    rowPtr[i + 1] = nnz;
  }
  const colIdx = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let out = 0;
  for (let p = 0, pEnd = aPtr[rows]; p < pEnd; p++) {
    const j = aIdx[p];
    if (has[j] === 0) continue;
    colIdx[out] = j;
    values[out++] = aVal[p] * dj[j];
  }
  return new CsrMatrix(rows, n, rowPtr, colIdx, values);
}


/** True when the non-negative entries of target increase (a relabelling that keeps every row sorted). O(n). */
function isIncreasing(target: Int32Array): boolean {
  let last = -1;
  for (let k = 0; k < target.length; k++) {
    const j = target[k];
    if (j < 0) continue;
    if (j < last) return false;
    last = j;
  }
  return true;
}

function maxRowLength(a: CsrMatrix): number {
  let max = 0;
  for (let i = 0; i < a.rows; i++) max = Math.max(max, a.rowPtr[i + 1] - a.rowPtr[i]);
  return max;
}

/**
 * When every row of B stores at most one entry and no two rows share a column: target[k] = the column of row
 * k's entry, −1 for an empty row. Else undefined. O(rows + cols of B).
 */
function selectionColumns(b: CsrMatrix): Int32Array | undefined {
  const ptr = b.rowPtr, idx = b.colIdx;
  const used = new Uint8Array(b.cols);
  const target = new Int32Array(b.rows);
  for (let k = 0; k < b.rows; k++) {
    const len = ptr[k + 1] - ptr[k];
    if (len === 0) {
      target[k] = -1;
      continue;
    }
    const j = idx[ptr[k]];
    if (len > 1 || used[j] === 1) return undefined;
    used[j] = 1;
    target[k] = j;
  }
  return target;
}

/** c_ij = a_ik b_kj for the one k with target[k] = j: each row of A relabelled, then sorted. O(nnz(A) + rows). */
function mulBySelection(a: CsrMatrix, b: CsrMatrix, target: Int32Array): CsrMatrix {
  const rows = a.rows;
  const aPtr = a.rowPtr, aIdx = a.colIdx, aVal = a.values;
  const bVal = b.values, bPtr = b.rowPtr;
  const rowPtr = new Int32Array(rows + 1);
  let nnz = 0;
  for (let i = 0; i < rows; i++) {
    for (let p = aPtr[i], pEnd = aPtr[i + 1]; p < pEnd; p++) if (target[aIdx[p]] >= 0) nnz++;
    rowPtr[i + 1] = nnz;
  }
  const colIdx = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let out = 0;
  for (let i = 0; i < rows; i++) {
    const start = out;
    for (let p = aPtr[i], pEnd = aPtr[i + 1]; p < pEnd; p++) {
      const k = aIdx[p];
      const j = target[k];
      if (j < 0) continue;
      // Insertion into the sorted run colIdx[start..out).
      const x = aVal[p] * bVal[bPtr[k]];
      let q = out++;
      while (q > start && colIdx[q - 1] > j) {
        colIdx[q] = colIdx[q - 1];
        values[q] = values[q - 1];
        q--;
      }
      colIdx[q] = j;
      values[q] = x;
    }
  }
  return new CsrMatrix(rows, b.cols, rowPtr, colIdx, values);
}
