/**
 * LinearOperator: one view of a model matrix given dense (row arrays) or sparse (CsrMatrix), validated once at
 * the boundary. Mat-vecs run on the CSR arrays directly or on a row-major Float64Array.
 */
import { SysgraphError } from '@sysgraph/core';
import type { CsrMatrix, DenseMatrix } from '@sysgraph/linalg';
import type { RowSumProgram } from '@sysgraph/linalg';
import { csrMulVec, csrMulVecAdd, denseFromRows, denseMulVec, denseMulVecAdd, denseZeros, rowSumProgram, runRowSumProgram } from '@sysgraph/linalg';
import type { MatrixLike } from '../model';

export interface LinearOperator {
  readonly rows: number;
  readonly cols: number;
  /** Present when the matrix was given sparse. */
  readonly csr?: CsrMatrix;
  /** y = A x. */
  mulVec(x: ArrayLike<number>, y: Float64Array): Float64Array;
  /** y += alpha·A x. */
  mulVecAdd(x: ArrayLike<number>, y: Float64Array, alpha?: number): Float64Array;
  /** The dense form (formed on demand; only for small matrices). */
  toDense(): DenseMatrix;
  /** True when every entry is zero. */
  readonly isZero: boolean;
}

export function isCsr(m: unknown): m is CsrMatrix {
  return typeof m === 'object' && m !== null && 'rowPtr' in m && 'colIdx' in m && 'values' in m;
}

function shapeError(name: string, expected: string): SysgraphError {
  return new SysgraphError('bad-option', `model matrix ${name} has the wrong shape: expected ${expected}`, {
    field: name,
    expected,
  });
}

/** Wrap `m` (or a zero matrix when absent) as a rows × cols operator; wrong shapes are 'bad-option' on `name`. */
export function toOperator(m: MatrixLike | undefined, rows: number, cols: number, name: string): LinearOperator {
  if (m === undefined) return denseOperator(denseZeros(rows, cols));
  if (isCsr(m)) {
    if (m.rows !== rows || m.cols !== cols) throw shapeError(name, `${rows}×${cols}, got ${m.rows}×${m.cols}`);
    return csrOperator(m);
  }
  if (!Array.isArray(m) || m.length !== rows) throw shapeError(name, `${rows} rows of ${cols} numbers`);
  for (let i = 0; i < rows; i++) {
    const row = m[i];
    if (!Array.isArray(row) || row.length !== cols) throw shapeError(name, `${rows} rows of ${cols} numbers (row ${i})`);
    for (let j = 0; j < cols; j++) {
      if (typeof row[j] !== 'number' || !Number.isFinite(row[j])) {
        throw new SysgraphError('bad-option', `model matrix ${name}[${i}][${j}] is not a finite number`, {
          field: `${name}[${i}][${j}]`,
          expected: 'a finite number',
        });
      }
    }
  }
  return denseOperator(denseFromRows(m, cols));
}

export function denseOperator(a: DenseMatrix): LinearOperator {
  let zero = true;
  for (let k = 0; k < a.data.length && zero; k++) if (a.data[k] !== 0) zero = false;
  return {
    rows: a.rows,
    cols: a.cols,
    mulVec: (x, y) => denseMulVec(a, x, y),
    mulVecAdd: (x, y, alpha = 1) => denseMulVecAdd(a, x, y, alpha),
    toDense: () => a,
    isZero: zero,
  };
}

export function csrOperator(a: CsrMatrix): LinearOperator {
  const { rows, cols, rowPtr, colIdx, values } = a;
  let zero = true;
  for (let k = 0; k < rowPtr[rows] && zero; k++) if (values[k] !== 0) zero = false;
  // y_i = Σ_p values[p] x[colIdx[p]], p ∈ [rowPtr[i], rowPtr[i+1]): linalg's row program (rows by width, the same
  // bits as the CSR loop), built at the first product; csrMulVec for an x that is not a Float64Array
  let program: RowSumProgram | undefined;
  let sums: Float64Array | undefined;
  const product = (x: Float64Array, y: Float64Array) => runRowSumProgram((program ??= rowSumProgram(rowPtr, colIdx, values, 0, rows)), x, y);
  return {
    rows,
    cols,
    csr: a,
    mulVec(x, y) {
      if (x instanceof Float64Array) product(x, y);
      else csrMulVec(a, x, y);
      return y;
    },
    mulVecAdd(x, y, alpha = 1) {
      if (!(x instanceof Float64Array)) return csrMulVecAdd(a, x, y, alpha);
      sums ??= new Float64Array(rows);
      product(x, sums);
      addScaled(y, alpha, sums);
      return y;
    },
    toDense() {
      const d = denseZeros(rows, cols);
      for (let i = 0; i < rows; i++)
        for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) d.data[i * cols + colIdx[p]] += values[p];
      return d;
    },
    isZero: zero,
  };
}

/** y_i += α s_i, i < s.length (a loop of its own: nothing after it). */
function addScaled(y: Float64Array, alpha: number, s: Float64Array): void {
  for (let i = 0; i < s.length; i++) y[i] += alpha * s[i];
}
