/** checkDense: validate a dense matrix given as rows (rectangular, finite) at the package boundary. */
import { SysgraphError } from '@sysgraph/core';

/** A dense matrix given as an array of equal-length rows: the input form of the checked functions (denseSolve, expm, eigenvalues, …). */
export type DenseRows = ArrayLike<ArrayLike<number>>;

/** Returns [rows, cols]; throws SysgraphError('bad-value') naming the row, entry or shape at fault. */
export function checkDense(a: DenseRows, name: string, opts: { square?: boolean } = {}): [number, number] {
  const rows = a.length;
  const cols = rows > 0 ? a[0].length : 0;
  for (let i = 0; i < rows; i++) {
    const row = a[i];
    if (!row || row.length !== cols) {
      throw new SysgraphError('bad-value', `${name}: row ${i} has ${row ? row.length : 0} entries, not ${cols}`, {
        element: name,
        field: `[${i}]`,
        expected: `${cols} entries in every row`,
      });
    }
    for (let j = 0; j < cols; j++) {
      if (!Number.isFinite(row[j])) {
        throw new SysgraphError('bad-value', `${name}: entry (${i}, ${j}) is not a finite number`, {
          element: name,
          field: `[${i}][${j}]`,
          expected: 'a finite number',
        });
      }
    }
  }
  if (opts.square && rows !== cols) {
    throw new SysgraphError('bad-value', `${name}: matrix is ${rows}×${cols}, not square`, {
      element: name,
      field: 'cols',
      expected: 'a square matrix',
    });
  }
  return [rows, cols];
}

/** Checks a vector's length and entries. */
export function checkVector(b: ArrayLike<number>, name: string, length: number): void {
  if (b.length !== length) {
    throw new SysgraphError('bad-value', `${name}: length ${b.length}, expected ${length}`, {
      element: name,
      field: 'length',
      expected: `a vector of length ${length}`,
    });
  }
  for (let i = 0; i < length; i++) {
    if (!Number.isFinite(b[i])) {
      throw new SysgraphError('bad-value', `${name}: entry ${i} is not a finite number`, {
        element: name,
        field: `[${i}]`,
        expected: 'a finite number',
      });
    }
  }
}

/** Row-major copy of a dense matrix into a Float64Array. */
export function toFlat(a: DenseRows, rows: number, cols: number): Float64Array {
  const out = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) out[i * cols + j] = a[i][j];
  return out;
}

/** Rows of a row-major Float64Array. */
export function fromFlat(a: Float64Array, rows: number, cols: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < rows; i++) out.push(Array.from(a.subarray(i * cols, (i + 1) * cols)));
  return out;
}
