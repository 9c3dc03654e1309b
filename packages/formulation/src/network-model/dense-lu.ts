/**
 * Dense LU with partial pivoting, in place on a row-major n×n Float64Array (Golub & Van Loan, Algorithm 3.4.1):
 * P A = L U, L unit lower, U upper, both stored in A. For the small coupled blocks of the static network
 * (a resistive loop, a two-port coupled through resistors); no allocation per call.
 */

/** Factors `a` in place; piv[k] = the row swapped into k. Returns false when a pivot is 0 or not finite. */
export function denseFactor(a: Float64Array, n: number, piv: Int32Array): boolean {
  for (let k = 0; k < n; k++) {
    let best = k;
    let max = Math.abs(a[k * n + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[i * n + k]);
      if (v > max) {
        max = v;
        best = i;
      }
    }
    piv[k] = best;
    if (!(max > 0) || !Number.isFinite(max)) return false;
    if (best !== k) {
      for (let j = 0; j < n; j++) {
        const tmp = a[k * n + j];
        a[k * n + j] = a[best * n + j];
        a[best * n + j] = tmp;
      }
    }
    const inv = 1 / a[k * n + k];
    for (let i = k + 1; i < n; i++) {
      const l = (a[i * n + k] *= inv);
      if (l === 0) continue;
      for (let j = k + 1; j < n; j++) a[i * n + j] -= l * a[k * n + j];
    }
  }
  return true;
}

/** Solves A x = b in place (b becomes x), A factored by denseFactor; b has stride `stride` from `offset`. */
export function denseSolve(a: Float64Array, n: number, piv: Int32Array, b: Float64Array, offset = 0, stride = 1): void {
  const at = (i: number) => offset + i * stride;
  for (let k = 0; k < n; k++) {
    const p = piv[k];
    if (p !== k) {
      const tmp = b[at(k)];
      b[at(k)] = b[at(p)];
      b[at(p)] = tmp;
    }
  }
  for (let i = 1; i < n; i++) {
    let s = b[at(i)];
    for (let j = 0; j < i; j++) s -= a[i * n + j] * b[at(j)];
    b[at(i)] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[at(i)];
    for (let j = i + 1; j < n; j++) s -= a[i * n + j] * b[at(j)];
    b[at(i)] = s / a[i * n + i];
  }
}
