/**
 * Small dense kernels on row arrays (number[][]) for the per-step evaluation of time-varying models: products,
 * sums, and the LU factorisation of @sysgraph/linalg on rows (partial pivoting, Golub & Van Loan, algorithm 3.4.1).
 * Meant for the few states of a lumped model: O(n³) factorisation.
 */
import { luFactorInPlace, luSolveMatrixInPlace } from '@sysgraph/linalg';

export type Rows = number[][];

export function zeros(rows: number, cols: number): Rows {
  const m: Rows = new Array(rows);
  for (let i = 0; i < rows; i++) {
    const row = new Array<number>(cols);
    for (let j = 0; j < cols; j++) row[j] = 0;
    m[i] = row;
  }
  return m;
}

export function identity(n: number): Rows {
  const m = zeros(n, n);
  for (let i = 0; i < n; i++) m[i][i] = 1;
  return m;
}

/** a·b, with the column count of b given (b may have no rows). */
export function mul(a: Rows, b: Rows, cols: number): Rows {
  const out = zeros(a.length, cols);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i];
    const oi = out[i];
    for (let k = 0; k < ai.length; k++) {
      const c = ai[k];
      if (c === 0) continue;
      const bk = b[k];
      for (let j = 0; j < cols; j++) oi[j] += c * bk[j];
    }
  }
  return out;
}

/** a + s·b (new matrix). */
export function addScaled(a: Rows, b: Rows, s = 1): Rows {
  const out: Rows = new Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i];
    const bi = b[i];
    const row = new Array<number>(ai.length);
    for (let j = 0; j < ai.length; j++) row[j] = ai[j] + s * bi[j];
    out[i] = row;
  }
  return out;
}

/** diag(d)·a: scales row i by d[i]. */
export function scaleRows(d: ArrayLike<number>, a: Rows): Rows {
  return a.map((row, i) => row.map((x) => d[i] * x));
}

export function vstack(top: Rows, bottom: Rows): Rows {
  return [...top, ...bottom];
}

/** The given columns of a (in order). */
export function columns(a: Rows, cols: ArrayLike<number>): Rows {
  return a.map((row) => Array.from(cols, (j) => row[j]));
}

/** y = a·x (+ y when accumulate). */
export function mulVec(a: Rows, x: ArrayLike<number>, y: Float64Array, accumulate = false): void {
  for (let i = 0; i < a.length; i++) {
    const ai = a[i];
    let s = accumulate ? y[i] : 0;
    for (let j = 0; j < ai.length; j++) s += ai[j] * x[j];
    y[i] = s;
  }
}

/** PA = LU with partial pivoting; `solve` returns a⁻¹b. Throws `onSingular(column)` on a pivot ≤ tol·max|a|. */
export interface Lu {
  solve(b: Rows, cols: number): Rows;
  inverse(): Rows;
}

/** On the LU kernel of @sysgraph/linalg (rows copied into one row-major array). O(n³); a solve O(n² cols). */
export function luFactor(a: Rows, onSingular: (column: number) => Error, relativeTolerance = 1e-13): Lu {
  const n = a.length;
  const lu = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) lu[i * n + j] = a[i][j];
  const piv = new Int32Array(n);
  if (!luFactorInPlace(lu, n, piv, relativeTolerance)) throw onSingular(piv.indexOf(-1));
  const solve = (b: Rows, cols: number): Rows => {
    const x = new Float64Array(n * cols);
    for (let i = 0; i < n; i++) for (let j = 0; j < cols; j++) x[i * cols + j] = b[i][j];
    luSolveMatrixInPlace(lu, n, piv, x, cols);
    const out: Rows = new Array(n);
    for (let i = 0; i < n; i++) out[i] = Array.from(x.subarray(i * cols, (i + 1) * cols));
    return out;
  };
  return { solve, inverse: () => solve(identity(n), n) };
}
