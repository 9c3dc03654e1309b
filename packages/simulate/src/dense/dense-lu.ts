/** Dense LU with partial pivoting, PA = LU (Golub & Van Loan, Matrix Computations, alg. 3.4.1). */
import { SysgraphError } from '@sysgraph/core';
import type { DenseMatrix } from './dense-matrix';

export interface DenseLU {
  readonly n: number;
  /** Solve A x = b; writes into out (may alias b). */
  solve(b: ArrayLike<number>, out?: Float64Array): Float64Array;
  /** Solve A X = B column by column (B given row-major). */
  solveMatrix(b: DenseMatrix): DenseMatrix;
}

export function factorDenseLU(a: DenseMatrix, what = 'matrix'): DenseLU {
  const n = a.rows;
  const lu = Float64Array.from(a.data);
  const perm = new Int32Array(n);
  for (let i = 0; i < n; i++) perm[i] = i;
  let scale = 0;
  for (let k = 0; k < lu.length; k++) scale = Math.max(scale, Math.abs(lu[k]));
  for (let k = 0; k < n; k++) {
    let p = k;
    let best = Math.abs(lu[k * n + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(lu[i * n + k]);
      if (v > best) {
        best = v;
        p = i;
      }
    }
    if (!(best > scale * 1e-15 * n) || !Number.isFinite(best)) {
      throw new SysgraphError('solver-failure', `the ${what} is singular to working precision (pivot ${k})`, {
        field: what,
        expected: 'a nonsingular matrix',
      });
    }
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const t = lu[k * n + j];
        lu[k * n + j] = lu[p * n + j];
        lu[p * n + j] = t;
      }
      const t = perm[k];
      perm[k] = perm[p];
      perm[p] = t;
    }
    const pivot = lu[k * n + k];
    for (let i = k + 1; i < n; i++) {
      const l = (lu[i * n + k] /= pivot);
      if (l === 0) continue;
      const ri = i * n;
      const rk = k * n;
      for (let j = k + 1; j < n; j++) lu[ri + j] -= l * lu[rk + j];
    }
  }
  const work = new Float64Array(n);
  const solve = (b: ArrayLike<number>, out = new Float64Array(n)): Float64Array => {
    // L y = P b (unit lower), then U x = y
    for (let i = 0; i < n; i++) work[i] = b[perm[i]];
    for (let i = 0; i < n; i++) {
      let s = work[i];
      const ri = i * n;
      for (let j = 0; j < i; j++) s -= lu[ri + j] * work[j];
      work[i] = s;
    }
    for (let i = n - 1; i >= 0; i--) {
      let s = work[i];
      const ri = i * n;
      for (let j = i + 1; j < n; j++) s -= lu[ri + j] * work[j];
      work[i] = s / lu[ri + i];
    }
    out.set(work);
    return out;
  };
  const solveMatrix = (b: DenseMatrix): DenseMatrix => {
    const m = b.cols;
    const x = new Float64Array(n * m);
    const col = new Float64Array(n);
    for (let j = 0; j < m; j++) {
      for (let i = 0; i < n; i++) col[i] = b.data[i * m + j];
      solve(col, col);
      for (let i = 0; i < n; i++) x[i * m + j] = col[i];
    }
    return { rows: n, cols: m, data: x };
  };
  return { n, solve, solveMatrix };
}
