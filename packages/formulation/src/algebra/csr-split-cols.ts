/**
 * csrSplitCols: [a_1 | a_2 | …] = a, the consecutive column blocks of the given widths.
 * Columns are sorted within each row, so each row's entries fall into the blocks in order: a cursor per row
 * moves through them block by block (one walk to size a block, one to copy it), never rescanning the entries of
 * earlier blocks. When one block holds every entry (the smallest and largest stored columns, read from the ends
 * of the rows, fall into it) it shares a's row pointer and values; empty blocks share one zero row pointer
 * (instances are immutable). O(rows · blocks + nnz).
 */
import { CsrMatrix } from '@sysgraph/linalg';

export function csrSplitCols(a: CsrMatrix, widths: readonly number[]): CsrMatrix[] {
  const rows = a.rows;
  const nb = widths.length;
  const start = new Int32Array(nb + 1);
  for (let b = 0; b < nb; b++) start[b + 1] = start[b] + widths[b];
  if (start[nb] !== a.cols) throw new RangeError(`splitColumns: widths add to ${start[nb]}, matrix has ${a.cols} columns`);
  const ptr = a.rowPtr, idx = a.colIdx, val = a.values;

  let emptyRowPtr: Int32Array | undefined;
  const empty = (w: number): CsrMatrix => new CsrMatrix(rows, w, (emptyRowPtr ??= new Int32Array(rows + 1)), new Int32Array(0), new Float64Array(0));

  // The stored columns span [lo, hi]: one block holds them all when both fall into it.
  let lo = a.cols;
  let hi = -1;
  for (let i = 0; i < rows; i++) {
    if (ptr[i + 1] === ptr[i]) continue;
    if (idx[ptr[i]] < lo) lo = idx[ptr[i]];
    if (idx[ptr[i + 1] - 1] > hi) hi = idx[ptr[i + 1] - 1];
  }
  if (hi < 0) return widths.map(empty);
  let full = 0;
  while (start[full + 1] <= lo) full++;
  if (hi < start[full + 1]) {
    return widths.map((w, b) => {
      if (b !== full) return empty(w);
      if (start[b] === 0) return new CsrMatrix(rows, w, ptr, idx, val);
      const colIdx = new Int32Array(a.nnz);
      for (let p = 0; p < colIdx.length; p++) colIdx[p] = idx[p] - start[b];
      return new CsrMatrix(rows, w, ptr, colIdx, val);
    });
  }

  // General case: cursor[i] = the first entry of row i not in an earlier block.
  const cursor = ptr.slice(0, rows);
  const out: CsrMatrix[] = [];
  for (let b = 0; b < nb; b++) {
    const c0 = start[b];
    const c1 = start[b + 1];
    const rowPtr = new Int32Array(rows + 1);
    let nnz = 0;
    for (let i = 0; i < rows; i++) {
      const end = ptr[i + 1];
      let q = cursor[i];
      while (q < end && idx[q] < c1) q++;
      nnz += q - cursor[i];
      rowPtr[i + 1] = nnz;
    }
    if (nnz === 0) {
      out.push(empty(c1 - c0));
      continue;
    }
    const colIdx = new Int32Array(nnz);
    const values = new Float64Array(nnz);
    for (let i = 0; i < rows; i++) {
      let p = cursor[i];
      for (let o = rowPtr[i], oEnd = rowPtr[i + 1]; o < oEnd; o++, p++) {
        colIdx[o] = idx[p] - c0;
        values[o] = val[p];
      }
      cursor[i] = p;
    }
    out.push(new CsrMatrix(rows, c1 - c0, rowPtr, colIdx, values));
  }
  return out;
}
