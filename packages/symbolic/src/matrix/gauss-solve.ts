/**
 * gaussSolve: M X = B by Gaussian elimination over any Field, pivoting by the field's pivotCost among
 * the nonzero candidates of each column (largest magnitude for floats, smallest expression for rational
 * functions, ties to the lowest row), then back substitution (Golub & Van Loan, "Matrix Computations",
 * Algorithm 3.4.1). Zero entries are skipped, which is what keeps sparse network matrices cheap.
 */
import { FieldMatrix } from './field-matrix';
import { notSquare, rhsMismatch, singularMatrix } from './singular';

export function gaussSolve<T>(m: FieldMatrix<T>, b: FieldMatrix<T>): FieldMatrix<T> {
  const F = m.field;
  const n = m.rows;
  if (!m.isSquare) throw notSquare(m.rows, m.cols);
  if (b.rows !== n) throw rhsMismatch(n, b.rows);
  const w = n + b.cols;
  const a: T[][] = Array.from({ length: n }, (_, i) => [...m.row(i), ...b.row(i)]);
  for (let k = 0; k < n; k++) {
    let best = -1;
    let bestCost = Infinity;
    for (let i = k; i < n; i++) {
      const v = a[i][k];
      if (F.isZero(v)) continue;
      const cost = F.pivotCost(v);
      if (cost < bestCost) {
        best = i;
        bestCost = cost;
      }
    }
    if (best < 0) throw singularMatrix(k, n);
    if (best !== k) [a[k], a[best]] = [a[best], a[k]];
    const pivot = a[k][k];
    for (let i = k + 1; i < n; i++) {
      const aik = a[i][k];
      if (F.isZero(aik)) continue;
      // row_i ← row_i − (a_ik / a_kk) row_k
      const f = F.div(aik, pivot);
      for (let j = k + 1; j < w; j++) {
        const akj = a[k][j];
        if (!F.isZero(akj)) a[i][j] = F.sub(a[i][j], F.mul(f, akj));
      }
      a[i][k] = F.zero;
    }
  }
  const x = FieldMatrix.zeros(F, n, b.cols);
  for (let c = 0; c < b.cols; c++) {
    for (let i = n - 1; i >= 0; i--) {
      // x_i = (b_i − Σ_{j>i} u_ij x_j) / u_ii
      let s = a[i][n + c];
      for (let j = i + 1; j < n; j++) {
        const u = a[i][j];
        const xj = x.get(j, c);
        if (!F.isZero(u) && !F.isZero(xj)) s = F.sub(s, F.mul(u, xj));
      }
      if (!F.isZero(s)) x.set(i, c, F.div(s, a[i][i]));
    }
  }
  return x;
}

/** det(M) as the signed product of the Gaussian pivots (0 for a singular matrix). */
export function gaussDeterminant<T>(m: FieldMatrix<T>): T {
  const F = m.field;
  const n = m.rows;
  if (!m.isSquare) throw notSquare(m.rows, m.cols);
  const a: T[][] = m.toRows();
  let det = F.one;
  for (let k = 0; k < n; k++) {
    let best = -1;
    let bestCost = Infinity;
    for (let i = k; i < n; i++) {
      if (F.isZero(a[i][k])) continue;
      const cost = F.pivotCost(a[i][k]);
      if (cost < bestCost) {
        best = i;
        bestCost = cost;
      }
    }
    if (best < 0) return F.zero;
    if (best !== k) {
      [a[k], a[best]] = [a[best], a[k]];
      det = F.neg(det);
    }
    const pivot = a[k][k];
    det = F.mul(det, pivot);
    for (let i = k + 1; i < n; i++) {
      if (F.isZero(a[i][k])) continue;
      const f = F.div(a[i][k], pivot);
      for (let j = k + 1; j < n; j++) if (!F.isZero(a[k][j])) a[i][j] = F.sub(a[i][j], F.mul(f, a[k][j]));
    }
  }
  return det;
}
