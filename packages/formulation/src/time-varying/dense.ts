/**
 * Small dense kernels on row arrays (number[][]) for the per-step evaluation of time-varying models: products,
 * sums and an LU factorisation with partial pivoting (Golub & Van Loan, Matrix Computations, algorithm 3.4.1).
 * Meant for the few states of a lumped model: O(n³) factorisation, no allocation beyond the results.
 */
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

export function luFactor(a: Rows, onSingular: (column: number) => Error, relativeTolerance = 1e-13): Lu {
  const n = a.length;
  const lu = a.map((row) => row.slice());
  const perm = Array.from({ length: n }, (_, i) => i);
  let scale = 0;
  for (const row of a) for (const x of row) scale = Math.max(scale, Math.abs(x));
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(lu[i][k]) > Math.abs(lu[p][k])) p = i;
    if (!(Math.abs(lu[p][k]) > relativeTolerance * scale)) throw onSingular(k);
    if (p !== k) {
      [lu[p], lu[k]] = [lu[k], lu[p]];
      [perm[p], perm[k]] = [perm[k], perm[p]];
    }
    const pivot = lu[k][k];
    for (let i = k + 1; i < n; i++) {
      const f = (lu[i][k] /= pivot);
      if (f === 0) continue;
      for (let j = k + 1; j < n; j++) lu[i][j] -= f * lu[k][j];
    }
  }
  const solve = (b: Rows, cols: number): Rows => {
    const x = perm.map((pi) => b[pi].slice(0, cols));
    for (let i = 0; i < n; i++) for (let k = 0; k < i; k++) if (lu[i][k] !== 0) for (let j = 0; j < cols; j++) x[i][j] -= lu[i][k] * x[k][j];
    for (let i = n - 1; i >= 0; i--) {
      for (let k = i + 1; k < n; k++) if (lu[i][k] !== 0) for (let j = 0; j < cols; j++) x[i][j] -= lu[i][k] * x[k][j];
      for (let j = 0; j < cols; j++) x[i][j] /= lu[i][i];
    }
    return x;
  };
  return { solve, inverse: () => solve(identity(n), n) };
}
