/** CsrMatrix: compressed sparse row storage (Saad, "Iterative Methods for Sparse Linear Systems", 2003, §3.4). */

/**
 * A sparse matrix in compressed sparse row form.
 * Row i holds the entries colIdx[rowPtr[i] .. rowPtr[i+1]-1] with values at the same positions;
 * column indices are strictly increasing within a row (sorted, no duplicates). Explicit zeros may be stored.
 * Instances are treated as immutable by every function of this package.
 */
export class CsrMatrix {
  readonly rows: number;
  readonly cols: number;
  /** length rows + 1; rowPtr[0] = 0, rowPtr[rows] = nnz. */
  readonly rowPtr: Int32Array;
  /** Column indices, sorted within each row, no duplicates. */
  readonly colIdx: Int32Array;
  readonly values: Float64Array;

  /** Wraps the arrays as they are (no copy, no check); use `checkCsr` on data from outside the package. */
  constructor(rows: number, cols: number, rowPtr: Int32Array, colIdx: Int32Array, values: Float64Array) {
    this.rows = rows;
    this.cols = cols;
    this.rowPtr = rowPtr;
    this.colIdx = colIdx;
    this.values = values;
  }

  /** Number of stored entries. */
  get nnz(): number {
    return this.rowPtr[this.rows];
  }

  /** A(i, j), 0 when not stored; binary search in row i, O(log nnz(row i)). */
  get(i: number, j: number): number {
    if (i < 0 || i >= this.rows || j < 0 || j >= this.cols) return 0;
    let lo = this.rowPtr[i];
    let hi = this.rowPtr[i + 1] - 1;
    const colIdx = this.colIdx;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = colIdx[mid];
      if (c === j) return this.values[mid];
      if (c < j) lo = mid + 1;
      else hi = mid - 1;
    }
    return 0;
  }
}
