/** csrFromTriplets: assemble CSR from coordinate triplets, summing duplicates (two counting sorts, Davis 2006 §2.4). */
import { SysgraphError } from '@sysgraph/core';
import { CsrMatrix } from './csr-matrix';

function badValue(field: string, expected: string): never {
  throw new SysgraphError('bad-value', `triplets: ${field} is invalid; expected ${expected}`, {
    element: 'triplets',
    field,
    expected,
  });
}

/**
 * A = Σ_k v[k] e_{ri[k]} e_{ci[k]}ᵀ: duplicates are summed; with dropZeros, entries whose sum is exactly 0 are
 * dropped. Column indices come out sorted by a counting sort on columns followed by a stable one on rows,
 * so the cost is O(nnz + rows + cols) with no comparison sort.
 */
export function csrFromTriplets(
  rows: number,
  cols: number,
  ri: ArrayLike<number>,
  ci: ArrayLike<number>,
  v: ArrayLike<number>,
  opts: { dropZeros?: boolean } = {},
): CsrMatrix {
  if (!Number.isInteger(rows) || rows < 0) badValue('rows', 'a non-negative integer');
  if (!Number.isInteger(cols) || cols < 0) badValue('cols', 'a non-negative integer');
  const nz = ri.length;
  if (ci.length !== nz || v.length !== nz) badValue('ci', `ri, ci and v of equal length (${nz})`);
  for (let k = 0; k < nz; k++) {
    const i = ri[k];
    const j = ci[k];
    if (!Number.isInteger(i) || i < 0 || i >= rows) badValue(`ri[${k}]`, `an integer row index in [0, ${rows})`);
    if (!Number.isInteger(j) || j < 0 || j >= cols) badValue(`ci[${k}]`, `an integer column index in [0, ${cols})`);
    if (!Number.isFinite(v[k])) badValue(`v[${k}]`, 'a finite number');
  }

  // Pass 1: counting sort of the triplets by column.
  const colCount = new Int32Array(cols + 1);
  for (let k = 0; k < nz; k++) colCount[ci[k] + 1]++;
  for (let j = 0; j < cols; j++) colCount[j + 1] += colCount[j];
  const byColumn = new Int32Array(nz);
  for (let k = 0; k < nz; k++) byColumn[colCount[ci[k]]++] = k;

  // Pass 2: stable counting sort by row, so columns come out increasing within each row.
  const rowStart = new Int32Array(rows + 1);
  for (let k = 0; k < nz; k++) rowStart[ri[k] + 1]++;
  for (let i = 0; i < rows; i++) rowStart[i + 1] += rowStart[i];
  const next = rowStart.slice(0, rows);
  const sortedCol = new Int32Array(nz);
  const sortedVal = new Float64Array(nz);
  for (let t = 0; t < nz; t++) {
    const k = byColumn[t];
    const dst = next[ri[k]]++;
    sortedCol[dst] = ci[k];
    sortedVal[dst] = v[k];
  }

  // Pass 3: sum adjacent duplicates (and drop zeros) in place.
  const dropZeros = opts.dropZeros === true;
  const rowPtr = new Int32Array(rows + 1);
  let out = 0;
  for (let i = 0; i < rows; i++) {
    const rowOut = out;
    for (let p = rowStart[i]; p < rowStart[i + 1]; p++) {
      const j = sortedCol[p];
      if (out > rowOut && sortedCol[out - 1] === j) {
        sortedVal[out - 1] += sortedVal[p];
      } else {
        sortedCol[out] = j;
        sortedVal[out] = sortedVal[p];
        out++;
      }
    }
    if (dropZeros) {
      let keep = rowOut;
      for (let p = rowOut; p < out; p++) {
        if (sortedVal[p] !== 0) {
          sortedCol[keep] = sortedCol[p];
          sortedVal[keep] = sortedVal[p];
          keep++;
        }
      }
      out = keep;
    }
    rowPtr[i + 1] = out;
  }
  return new CsrMatrix(rows, cols, rowPtr, sortedCol.slice(0, out), sortedVal.slice(0, out));
}
