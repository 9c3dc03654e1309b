/**
 * Direct solvers for structured square systems M X = B: diagonal (x_i = b_i / d_i), upper triangular
 * (back substitution x_i = (b_i − Σ_{j>i} u_ij x_j) / u_ii) and lower triangular (forward substitution).
 */
import type { FieldMatrix } from './field-matrix';
import { FieldMatrix as Matrix } from './field-matrix';
import { singularMatrix } from './singular';

export function solveDiagonal<T>(m: FieldMatrix<T>, b: FieldMatrix<T>): FieldMatrix<T> {
  const F = m.field;
  const x = Matrix.zeros(F, m.rows, b.cols);
  for (let i = 0; i < m.rows; i++) {
    const d = m.get(i, i);
    if (F.isZero(d)) throw singularMatrix(i, m.rows);
    for (let c = 0; c < b.cols; c++) {
      const v = b.get(i, c);
      if (!F.isZero(v)) x.set(i, c, F.div(v, d));
    }
  }
  return x;
}

export function solveTriangular<T>(m: FieldMatrix<T>, b: FieldMatrix<T>, upper: boolean): FieldMatrix<T> {
  const F = m.field;
  const n = m.rows;
  const x = Matrix.zeros(F, n, b.cols);
  for (let step = 0; step < n; step++) {
    const i = upper ? n - 1 - step : step;
    const d = m.get(i, i);
    if (F.isZero(d)) throw singularMatrix(i, n);
    for (let c = 0; c < b.cols; c++) {
      let s = b.get(i, c);
      const lo = upper ? i + 1 : 0;
      const hi = upper ? n : i;
      for (let j = lo; j < hi; j++) {
        const a = m.get(i, j);
        const xj = x.get(j, c);
        if (!F.isZero(a) && !F.isZero(xj)) s = F.sub(s, F.mul(a, xj));
      }
      if (!F.isZero(s)) x.set(i, c, F.div(s, d));
    }
  }
  return x;
}
