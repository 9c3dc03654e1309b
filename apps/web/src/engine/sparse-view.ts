/**
 * sparseView: a matrix of the simulation model — dense rows (number[][]) or CSR — as its nonzero entries in
 * row-major order, in typed arrays the worker transfers without copying. O(rows · cols) for dense rows, O(nnz)
 * for CSR.
 */
import type { SparseMatrixView } from './protocol';

interface Csr {
  readonly rows: number;
  readonly cols: number;
  readonly rowPtr: Int32Array;
  readonly colIdx: Int32Array;
  readonly values: Float64Array;
}

const isCsr = (m: unknown): m is Csr => typeof m === 'object' && m !== null && 'rowPtr' in m && 'colIdx' in m;

export function sparseView(m: unknown, rows: number, cols: number): SparseMatrixView {
  if (m === undefined || m === null) return { rows, cols, rowIdx: new Int32Array(0), colIdx: new Int32Array(0), values: new Float64Array(0) };
  if (isCsr(m)) {
    const nnz = m.rowPtr[m.rows];
    const rowIdx = new Int32Array(nnz);
    for (let i = 0; i < m.rows; i++) for (let p = m.rowPtr[i]; p < m.rowPtr[i + 1]; p++) rowIdx[p] = i;
    return { rows: m.rows, cols: m.cols, rowIdx, colIdx: m.colIdx.slice(0, nnz), values: m.values.slice(0, nnz) };
  }
  const dense = m as readonly (readonly number[])[];
  let nnz = 0;
  for (const row of dense) for (const v of row) if (v !== 0) nnz++;
  const rowIdx = new Int32Array(nnz);
  const colIdx = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let p = 0;
  dense.forEach((row, i) =>
    row.forEach((v, j) => {
      if (v === 0) return;
      rowIdx[p] = i;
      colIdx[p] = j;
      values[p++] = v;
    }),
  );
  return { rows: dense.length, cols: dense.length > 0 ? dense[0].length : cols, rowIdx, colIdx, values };
}

/** The buffers of a sparse view, for postMessage's transfer list. */
export const sparseBuffers = (m: SparseMatrixView): ArrayBuffer[] => [m.rowIdx.buffer as ArrayBuffer, m.colIdx.buffer as ArrayBuffer, m.values.buffer as ArrayBuffer];
