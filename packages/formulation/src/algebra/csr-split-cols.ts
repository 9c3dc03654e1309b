/**
 * csrSplitCols: [a_1 | a_2 | …] = a, the consecutive column blocks of the given widths, in one pass over a.
 * Columns are sorted within each row, so each row's entries fall into the blocks in order: one walk of a row
 * counts them, a second copies them. A block holding every entry of a is a (column offset 0) or shares its row
 * pointer and values; every empty block shares one zero row pointer (instances are immutable).
 * O(rows · blocks + nnz).
 */
import { CsrMatrix } from '@sysgraph/linalg';

export function csrSplitCols(a: CsrMatrix, widths: readonly number[]): CsrMatrix[] {
  const rows = a.rows;
  const nb = widths.length;
  const start = new Int32Array(nb + 1);
  for (let b = 0; b < nb; b++) start[b + 1] = start[b] + widths[b];
  if (start[nb] !== a.cols) throw new RangeError(`splitColumns: widths add to ${start[nb]}, matrix has ${a.cols} columns`);
  const ptr = a.rowPtr, idx = a.colIdx, val = a.values;
  const nnz = a.nnz;

  // Entries per block, and whether a single block holds them all.
  const count = new Int32Array(nb);
  for (let p = 0; p < nnz; p++) count[blockOf(start, idx[p])]++;
  let emptyRowPtr: Int32Array | undefined;
  const empty = (w: number): CsrMatrix => new CsrMatrix(rows, w, (emptyRowPtr ??= new Int32Array(rows + 1)), new Int32Array(0), new Float64Array(0));
  const full = count.indexOf(nnz);
  if (nnz === 0 || full >= 0) {
    return widths.map((w, b) => {
      if (nnz === 0 || b !== full) return empty(w);
      if (start[b] === 0) return new CsrMatrix(rows, w, ptr, idx, val);
      const colIdx = new Int32Array(nnz);
      for (let p = 0; p < nnz; p++) colIdx[p] = idx[p] - start[b];
      return new CsrMatrix(rows, w, ptr, colIdx, val);
    });
  }

  // General case: row pointers of every block in one walk, then the copies.
  const rowPtrs = widths.map((_, b) => (count[b] === 0 ? undefined : new Int32Array(rows + 1)));
  const colIdxs = widths.map((_, b) => new Int32Array(count[b]));
  const valuesOf = widths.map((_, b) => new Float64Array(count[b]));
  const next = new Int32Array(nb);
  for (let i = 0; i < rows; i++) {
    for (let p = ptr[i], end = ptr[i + 1]; p < end; p++) {
      const j = idx[p];
      const b = blockOf(start, j);
      const q = next[b]++;
      colIdxs[b][q] = j - start[b];
      valuesOf[b][q] = val[p];
    }
    for (let b = 0; b < nb; b++) {
      const rp = rowPtrs[b];
      if (rp !== undefined) rp[i + 1] = next[b];
    }
  }
  return widths.map((w, b) => {
    const rp = rowPtrs[b];
    return rp === undefined ? empty(w) : new CsrMatrix(rows, w, rp, colIdxs[b], valuesOf[b]);
  });
}

/** The block of column j: the last b with start[b] ≤ j (blocks are few; empty blocks are skipped). */
function blockOf(start: Int32Array, j: number): number {
  let b = 0;
  while (start[b + 1] <= j) b++;
  return b;
}
