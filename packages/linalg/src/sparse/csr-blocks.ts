/** csrBlocks, csrZeros: block assembly [[A11, A12, …], [A21, …]] of CSR blocks, null for a zero block. */
import { SysgraphError } from '@sysgraph/core';
import { CsrMatrix } from './csr-matrix';

/** The rows × cols zero matrix (no stored entries). */
export function csrZeros(rows: number, cols: number): CsrMatrix {
  return new CsrMatrix(rows, cols, new Int32Array(rows + 1), new Int32Array(0), new Float64Array(0));
}

function blockError(field: string, expected: string): never {
  throw new SysgraphError('bad-value', `csrBlocks: ${field}: expected ${expected}`, {
    element: 'csrBlocks',
    field,
    expected,
  });
}

/**
 * Block row r has the height of its non-null blocks, block column c the width of its non-null blocks;
 * each block row and block column needs at least one non-null block (use csrZeros for an all-zero one).
 * Rows of the result concatenate the rows of the blocks left to right, so columns stay sorted.
 * A count pass sizes the result exactly, a fill pass copies block by block. O(nnz + rows · blocks per block row).
 */
export function csrBlocks(blocks: (CsrMatrix | null)[][]): CsrMatrix {
  const blockRows = blocks.length;
  const blockCols = blockRows > 0 ? blocks[0].length : 0;
  const heights = new Array<number>(blockRows).fill(-1);
  const widths = new Array<number>(blockCols).fill(-1);
  for (let r = 0; r < blockRows; r++) {
    if (blocks[r].length !== blockCols) blockError(`blocks[${r}]`, `${blockCols} blocks in every block row`);
    for (let c = 0; c < blockCols; c++) {
      const b = blocks[r][c];
      if (b === null) continue;
      if (heights[r] < 0) heights[r] = b.rows;
      else if (heights[r] !== b.rows) blockError(`blocks[${r}][${c}].rows`, `${heights[r]} rows, as the rest of block row ${r}`);
      if (widths[c] < 0) widths[c] = b.cols;
      else if (widths[c] !== b.cols) blockError(`blocks[${r}][${c}].cols`, `${widths[c]} columns, as the rest of block column ${c}`);
    }
  }
  heights.forEach((h, r) => h < 0 && blockError(`blocks[${r}]`, 'at least one non-null block to fix the height'));
  widths.forEach((w, c) => w < 0 && blockError(`blocks[*][${c}]`, 'at least one non-null block to fix the width'));

  const colOffset = new Array<number>(blockCols + 1).fill(0);
  for (let c = 0; c < blockCols; c++) colOffset[c + 1] = colOffset[c] + widths[c];
  const rows = heights.reduce((s, h) => s + h, 0);

  // Count pass: rowPtr[row + 1] = Σ over the blocks of the block row of their row lengths.
  const rowPtr = new Int32Array(rows + 1);
  let rowBase = 0;
  for (let r = 0; r < blockRows; r++) {
    for (const b of blocks[r]) {
      if (b === null || b.nnz === 0) continue;
      const ptr = b.rowPtr;
      for (let i = 0; i < b.rows; i++) rowPtr[rowBase + i + 1] += ptr[i + 1] - ptr[i];
    }
    rowBase += heights[r];
  }
  for (let i = 0; i < rows; i++) rowPtr[i + 1] += rowPtr[i];

  // Fill pass, one block at a time (left to right, so each row's columns stay sorted).
  const nnz = rowPtr[rows];
  const colIdx = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  const next = rowPtr.slice(0, rows);
  rowBase = 0;
  for (let r = 0; r < blockRows; r++) {
    for (let c = 0; c < blockCols; c++) {
      const b = blocks[r][c];
      if (b === null || b.nnz === 0) continue;
      const off = colOffset[c];
      const ptr = b.rowPtr, idx = b.colIdx, val = b.values;
      for (let i = 0; i < b.rows; i++) {
        let out = next[rowBase + i];
        for (let p = ptr[i], pEnd = ptr[i + 1]; p < pEnd; p++) {
          colIdx[out] = idx[p] + off;
          values[out++] = val[p];
        }
        next[rowBase + i] = out;
      }
    }
    rowBase += heights[r];
  }
  return new CsrMatrix(rows, colOffset[blockCols], rowPtr, colIdx, values);
}
