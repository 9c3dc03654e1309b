/**
 * Column colouring of a sparsity pattern for difference Jacobians (Curtis, Powell & Reid, J. Inst. Maths Applics
 * 13, 1974): columns that share no row get one colour, so one evaluation of f at x + Σ_{j in colour} δ_j e_j gives
 * all their columns at once (row i changes only through the one column of the colour it holds). Greedy in the
 * natural order: column j takes the smallest colour not used by a column sharing a row with it. Time
 * O(Σ_i nnz(row i)²); a tridiagonal pattern needs 3 colours, a band of half-width b needs 2b + 1.
 */
import type { CsrMatrix } from '@sysgraph/linalg';

export interface ColumnColouring {
  /** Number of colours (f evaluations per Jacobian). */
  readonly count: number;
  /** Columns of colour g: columns[start[g] … start[g + 1]). */
  readonly start: Int32Array;
  readonly columns: Int32Array;
  /** The pattern by columns: column j's rows rowOf[colPtr[j] …] and their CSR positions csrPos[…]. */
  readonly colPtr: Int32Array;
  readonly rowOf: Int32Array;
  readonly csrPos: Int32Array;
}

export function colourColumns(pattern: CsrMatrix): ColumnColouring {
  const { rows, cols, rowPtr, colIdx } = pattern;
  // the pattern by columns (CSC), with each entry's CSR position
  const colPtr = new Int32Array(cols + 1);
  for (let p = 0; p < rowPtr[rows]; p++) colPtr[colIdx[p] + 1]++;
  for (let j = 0; j < cols; j++) colPtr[j + 1] += colPtr[j];
  const next = colPtr.slice(0, cols);
  const rowOf = new Int32Array(rowPtr[rows]);
  const csrPos = new Int32Array(rowPtr[rows]);
  for (let i = 0; i < rows; i++) {
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
      const q = next[colIdx[p]]++;
      rowOf[q] = i;
      csrPos[q] = p;
    }
  }
  const colour = new Int32Array(cols).fill(-1);
  const forbidden = new Int32Array(cols + 1).fill(-1);
  let count = 0;
  for (let j = 0; j < cols; j++) {
    for (let q = colPtr[j]; q < colPtr[j + 1]; q++) {
      const i = rowOf[q];
      for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) {
        const g = colour[colIdx[p]];
        if (g >= 0) forbidden[g] = j;
      }
    }
    let g = 0;
    while (forbidden[g] === j) g++;
    colour[j] = g;
    if (g + 1 > count) count = g + 1;
  }
  const start = new Int32Array(count + 1);
  for (let j = 0; j < cols; j++) start[colour[j] + 1]++;
  for (let g = 0; g < count; g++) start[g + 1] += start[g];
  const fill = start.slice(0, count);
  const columns = new Int32Array(cols);
  for (let j = 0; j < cols; j++) columns[fill[colour[j]]++] = j;
  return { count, start, columns, colPtr, rowOf, csrPos };
}
