/** Products and norms on row-major Float64Array (Golub & Van Loan, "Matrix Computations", 4th ed., §1.1, §2.3). */

/** C = A B for A n×p and B p×m (m = p = n when omitted), i-k-j loop order (unit stride inside). O(n p m). */
export function matmulFlat(a: Float64Array, b: Float64Array, n: number, p = n, m = n): Float64Array {
  const c = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    const ci = i * m;
    const ai = i * p;
    for (let k = 0; k < p; k++) {
      const aik = a[ai + k];
      if (aik === 0) continue;
      const bk = k * m;
      for (let j = 0; j < m; j++) c[ci + j] += aik * b[bk + j];
    }
  }
  return c;
}

/** ‖A‖₁ = max_j Σ_i |a_ij| for A rows×cols (square n×n when cols is omitted). */
export function norm1Flat(a: Float64Array, rows: number, cols = rows): number {
  const sums = new Float64Array(cols);
  for (let i = 0; i < rows; i++) {
    const r = i * cols;
    for (let j = 0; j < cols; j++) sums[j] += Math.abs(a[r + j]);
  }
  let best = 0;
  for (let j = 0; j < cols; j++) if (sums[j] > best) best = sums[j];
  return best;
}
