/**
 * LinearOperator: one view of a model matrix given dense (row arrays) or sparse (CsrMatrix), validated once at
 * the boundary. Mat-vecs run on the CSR arrays directly or on a row-major Float64Array.
 */
import { SysgraphError } from '@sysgraph/core';
import type { CsrMatrix, DenseMatrix } from '@sysgraph/linalg';
import { denseFromRows, denseMulVec, denseMulVecAdd, denseZeros } from '@sysgraph/linalg';
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
  return {
    rows,
    cols,
    csr: a,
    // y_i = Σ_p values[p] x[colIdx[p]], p ∈ [rowPtr[i], rowPtr[i+1])
    mulVec(x, y) {
      for (let i = 0; i < rows; i++) {
        let s = 0;
        for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) s += values[p] * x[colIdx[p]];
        y[i] = s;
      }
      return y;
    },
    mulVecAdd(x, y, alpha = 1) {
      for (let i = 0; i < rows; i++) {
        let s = 0;
        for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) s += values[p] * x[colIdx[p]];
        y[i] += alpha * s;
      }
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
