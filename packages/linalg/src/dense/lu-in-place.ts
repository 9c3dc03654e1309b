/**
 * The dense LU kernel: P A = L U with partial pivoting, in place on a row-major n×n Float64Array (Golub & Van Loan,
 * Matrix Computations, 4th ed., Algorithm 3.4.1). L (unit lower, below the diagonal) and U (upper) overwrite A;
 * no allocation, so a caller that factors the same size many times (an iteration matrix per step, a coupled block
 * per evaluation) keeps its arrays. Every dense factorisation and solve of the packages runs on these three loops.
 */

/**
 * Factors `a` in place; piv[k] = the row swapped into row k. A pivot counts as zero when
 * max_i≥k |a_ik| ≤ singularTol · max|A| (or is not finite); then the function returns false, leaves piv[k] = −1
 * at that column k and `a` partly eliminated. singularTol = 0 accepts any nonzero finite pivot. O(n³ / 3 · 2).
 */
export function luFactorInPlace(a: Float64Array, n: number, piv: Int32Array, singularTol = 0): boolean {
  let threshold = 0;
  if (singularTol > 0) {
    let scale = 0;
    for (let p = 0; p < n * n; p++) scale = Math.max(scale, Math.abs(a[p]));
    threshold = singularTol * scale;
  }
  for (let k = 0; k < n; k++) {
    const rk = k * n;
    let best = k;
    let max = Math.abs(a[rk + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[i * n + k]);
      if (v > max) {
        max = v;
        best = i;
      }
    }
    if (!(max > threshold) || !Number.isFinite(max)) {
      piv[k] = -1;
      return false;
    }
    piv[k] = best;
    if (best !== k) {
      const rb = best * n;
      for (let j = 0; j < n; j++) {
        const t = a[rk + j];
        a[rk + j] = a[rb + j];
        a[rb + j] = t;
      }
    }
    const pivot = a[rk + k];
    for (let i = k + 1; i < n; i++) {
      const ri = i * n;
      // l_ik = a_ik / u_kk;  row_i ← row_i − l_ik · row_k
      const l = (a[ri + k] /= pivot);
      if (l === 0) continue;
      for (let j = k + 1; j < n; j++) a[ri + j] -= l * a[rk + j];
    }
  }
  return true;
}

/**
 * Solves A x = b in place (b becomes x) with A factored by luFactorInPlace: x = U⁻¹ L⁻¹ P b. The entries of b
 * are b[offset + i·stride] (stride m, offset j: column j of a row-major n×m matrix). O(n²).
 */
export function luSolveInPlace(lu: Float64Array, n: number, piv: Int32Array, b: Float64Array, offset = 0, stride = 1): void {
  for (let k = 0; k < n; k++) {
    const p = piv[k];
    if (p !== k) {
      const t = b[offset + k * stride];
      b[offset + k * stride] = b[offset + p * stride];
      b[offset + p * stride] = t;
    }
  }
  // L y = P b (L unit lower)
  for (let i = 1; i < n; i++) {
    let s = b[offset + i * stride];
    const ri = i * n;
    for (let j = 0; j < i; j++) s -= lu[ri + j] * b[offset + j * stride];
    b[offset + i * stride] = s;
  }
  // U x = y
  for (let i = n - 1; i >= 0; i--) {
    let s = b[offset + i * stride];
    const ri = i * n;
    for (let j = i + 1; j < n; j++) s -= lu[ri + j] * b[offset + j * stride];
    b[offset + i * stride] = s / lu[ri + i];
  }
}

/**
 * Solves A X = B in place for a row-major n×m B (B becomes X), by whole-row updates (unit stride in the inner
 * loop: faster than m strided solves when m is large). O(n² m).
 */
export function luSolveMatrixInPlace(lu: Float64Array, n: number, piv: Int32Array, b: Float64Array, m: number): void {
  for (let k = 0; k < n; k++) {
    const p = piv[k];
    if (p !== k) {
      for (let j = 0; j < m; j++) {
        const t = b[k * m + j];
        b[k * m + j] = b[p * m + j];
        b[p * m + j] = t;
      }
    }
  }
  // row_i(Y) = row_i(P B) − Σ_{k<i} l_ik row_k(Y)
  for (let i = 1; i < n; i++) {
    const ri = i * m;
    for (let k = 0; k < i; k++) {
      const l = lu[i * n + k];
      if (l === 0) continue;
      const rk = k * m;
      for (let j = 0; j < m; j++) b[ri + j] -= l * b[rk + j];
    }
  }
  // row_i(X) = (row_i(Y) − Σ_{k>i} u_ik row_k(X)) / u_ii
  for (let i = n - 1; i >= 0; i--) {
    const ri = i * m;
    for (let k = i + 1; k < n; k++) {
      const u = lu[i * n + k];
      if (u === 0) continue;
      const rk = k * m;
      for (let j = 0; j < m; j++) b[ri + j] -= u * b[rk + j];
    }
    const d = lu[i * n + i];
    for (let j = 0; j < m; j++) b[ri + j] /= d;
  }
}
