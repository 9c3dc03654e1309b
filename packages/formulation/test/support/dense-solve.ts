/** Plain dense helpers for tests: products, sums and a⁻¹b by Gaussian elimination with partial pivoting, independent of the library's solvers. */
export type Mat = number[][];
export const zeros = (r: number, c: number): Mat => Array.from({ length: r }, () => new Array<number>(c).fill(0));
export const mul = (a: Mat, b: Mat, inner: number, cols: number): Mat => a.map((row) => Array.from({ length: cols }, (_, j) => row.reduce((s, x, k) => (k < inner ? s + x * b[k][j] : s), 0)));
export const add = (a: Mat, b: Mat): Mat => a.map((row, i) => row.map((x, j) => x + b[i][j]));
/** a⁻¹ b by Gaussian elimination with partial pivoting (independent of the library's solvers). */
export function solve(a: Mat, b: Mat): Mat {
  const n = a.length;
  const m = b[0]?.length ?? 0;
  const A = a.map((r) => r.slice());
  const B = b.map((r) => r.slice());
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(A[i][k]) > Math.abs(A[p][k])) p = i;
    [A[k], A[p]] = [A[p], A[k]];
    [B[k], B[p]] = [B[p], B[k]];
    for (let i = k + 1; i < n; i++) {
      const f = A[i][k] / A[k][k];
      if (f === 0) continue;
      for (let j = k; j < n; j++) A[i][j] -= f * A[k][j];
      for (let j = 0; j < m; j++) B[i][j] -= f * B[k][j];
    }
  }
  for (let k = n - 1; k >= 0; k--) {
    for (let j = 0; j < m; j++) {
      let s = B[k][j];
      for (let i = k + 1; i < n; i++) s -= A[k][i] * B[i][j];
      B[k][j] = s / A[k][k];
    }
  }
  return B;
}

