/**
 * DenseMatrix: the one dense matrix type of the packages, row-major on a Float64Array, and its small kernels
 * (products, sums, blocks; no n×n inverses). Functions that accept rows (number[][]) take DenseRows instead.
 */
import { matmulFlat, norm1Flat } from './flat-kernels';

export interface DenseMatrix {
  readonly rows: number;
  readonly cols: number;
  /** Row-major: entry (i, j) at data[i·cols + j]. */
  readonly data: Float64Array;
}

export function denseZeros(rows: number, cols: number): DenseMatrix {
  return { rows, cols, data: new Float64Array(rows * cols) };
}

export function denseIdentity(n: number, scale = 1): DenseMatrix {
  const m = denseZeros(n, n);
  for (let i = 0; i < n; i++) m.data[i * n + i] = scale;
  return m;
}

export function denseFromRows(rows: readonly (readonly number[])[], cols = rows[0]?.length ?? 0): DenseMatrix {
  const m = denseZeros(rows.length, cols);
  for (let i = 0; i < rows.length; i++) for (let j = 0; j < cols; j++) m.data[i * cols + j] = rows[i][j];
  return m;
}

export function denseToRows(a: DenseMatrix): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < a.rows; i++) out.push(Array.from(a.data.subarray(i * a.cols, (i + 1) * a.cols)));
  return out;
}

/** C = A·B (i-k-j order: unit stride in the inner loop). O(n p m). */
export function denseMul(a: DenseMatrix, b: DenseMatrix): DenseMatrix {
  return { rows: a.rows, cols: b.cols, data: matmulFlat(a.data, b.data, a.rows, a.cols, b.cols) };
}

/** y = A x (overwrites y). */
export function denseMulVec(a: DenseMatrix, x: ArrayLike<number>, y: Float64Array): Float64Array {
  const { rows, cols, data } = a;
  for (let i = 0; i < rows; i++) {
    let s = 0;
    const r = i * cols;
    for (let j = 0; j < cols; j++) s += data[r + j] * x[j];
    y[i] = s;
  }
  return y;
}

/** y += alpha·A x. */
export function denseMulVecAdd(a: DenseMatrix, x: ArrayLike<number>, y: Float64Array, alpha = 1): Float64Array {
  const { rows, cols, data } = a;
  for (let i = 0; i < rows; i++) {
    let s = 0;
    const r = i * cols;
    for (let j = 0; j < cols; j++) s += data[r + j] * x[j];
    y[i] += alpha * s;
  }
  return y;
}

/** alpha·A + beta·B. */
export function denseAdd(alpha: number, a: DenseMatrix, beta: number, b: DenseMatrix): DenseMatrix {
  const c = new Float64Array(a.data.length);
  for (let k = 0; k < c.length; k++) c[k] = alpha * a.data[k] + beta * b.data[k];
  return { rows: a.rows, cols: a.cols, data: c };
}

/** ‖A‖₁ = max_j Σ_i |a_ij|. */
export function denseNorm1(a: DenseMatrix): number {
  return norm1Flat(a.data, a.rows, a.cols);
}

/** The sub-block rows [r0, r0+nr) × cols [c0, c0+nc). */
export function denseBlock(a: DenseMatrix, r0: number, c0: number, nr: number, nc: number): DenseMatrix {
  const b = denseZeros(nr, nc);
  for (let i = 0; i < nr; i++) for (let j = 0; j < nc; j++) b.data[i * nc + j] = a.data[(r0 + i) * a.cols + c0 + j];
  return b;
}

/** Write block b into a at (r0, c0), scaled. */
export function denseSetBlock(a: DenseMatrix, r0: number, c0: number, b: DenseMatrix, scale = 1): void {
  for (let i = 0; i < b.rows; i++)
    for (let j = 0; j < b.cols; j++) a.data[(r0 + i) * a.cols + c0 + j] = scale * b.data[i * b.cols + j];
}
