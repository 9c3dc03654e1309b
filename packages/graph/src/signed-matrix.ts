/**
 * SignedMatrix: a sparse matrix with entries in {−1, 0, +1}, rows compressed (CSR), for the topology
 * matrices (incidence, loop matrix F). Integer data only: symbols and numbers come later.
 */
export interface SignedMatrix {
  readonly rows: number;
  readonly cols: number;
  readonly rowPtr: Int32Array;
  readonly colIdx: Int32Array;
  readonly values: Int8Array;
}

export function signedNnz(m: SignedMatrix): number {
  return m.rowPtr[m.rows];
}

export function signedGet(m: SignedMatrix, i: number, j: number): number {
  for (let p = m.rowPtr[i]; p < m.rowPtr[i + 1]; p++) if (m.colIdx[p] === j) return m.values[p];
  return 0;
}

/** Transpose in O(nnz + rows + cols). */
export function signedTranspose(m: SignedMatrix): SignedMatrix {
  const count = new Int32Array(m.cols + 1);
  const nnz = signedNnz(m);
  for (let p = 0; p < nnz; p++) count[m.colIdx[p] + 1]++;
  for (let j = 0; j < m.cols; j++) count[j + 1] += count[j];
  const rowPtr = count.slice();
  const next = count.slice(0, m.cols);
  const colIdx = new Int32Array(nnz);
  const values = new Int8Array(nnz);
  for (let i = 0; i < m.rows; i++) {
    for (let p = m.rowPtr[i]; p < m.rowPtr[i + 1]; p++) {
      const q = next[m.colIdx[p]]++;
      colIdx[q] = i;
      values[q] = m.values[p];
    }
  }
  return { rows: m.cols, cols: m.rows, rowPtr, colIdx, values };
}

/** Dense copy (for printing and small tests). */
export function signedToDense(m: SignedMatrix): number[][] {
  const out = Array.from({ length: m.rows }, () => new Array<number>(m.cols).fill(0));
  for (let i = 0; i < m.rows; i++) for (let p = m.rowPtr[i]; p < m.rowPtr[i + 1]; p++) out[i][m.colIdx[p]] = m.values[p];
  return out;
}

/** The block with the given row and column index lists, in those orders. O(nnz of the selected rows). */
export function signedSelect(m: SignedMatrix, rowList: ArrayLike<number>, colList: ArrayLike<number>): SignedMatrix {
  const colMap = new Int32Array(m.cols).fill(-1);
  for (let j = 0; j < colList.length; j++) colMap[colList[j]] = j;
  const rowPtr = new Int32Array(rowList.length + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  for (let r = 0; r < rowList.length; r++) {
    const i = rowList[r];
    const start = cols.length;
    for (let p = m.rowPtr[i]; p < m.rowPtr[i + 1]; p++) {
      const j = colMap[m.colIdx[p]];
      if (j >= 0) {
        cols.push(j);
        vals.push(m.values[p]);
      }
    }
    sortRowSegment(cols, vals, start, cols.length);
    rowPtr[r + 1] = cols.length;
  }
  return { rows: rowList.length, cols: colList.length, rowPtr, colIdx: Int32Array.from(cols), values: Int8Array.from(vals) };
}

/** Insertion sort of one row's (column, value) pairs: rows of topology matrices are short. */
export function sortRowSegment(cols: { [k: number]: number }, vals: { [k: number]: number }, start: number, end: number): void {
  for (let a = start + 1; a < end; a++) {
    const c = cols[a];
    const v = vals[a];
    let b = a - 1;
    while (b >= start && cols[b] > c) {
      cols[b + 1] = cols[b];
      vals[b + 1] = vals[b];
      b--;
    }
    cols[b + 1] = c;
    vals[b + 1] = v;
  }
}
