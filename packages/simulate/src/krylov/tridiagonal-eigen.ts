/**
 * Eigendecomposition T = X Λ Xᵀ of a symmetric tridiagonal matrix by the implicit QL method with Wilkinson
 * shifts (EISPACK tql2; Bowdler, Martin, Reinsch & Wilkinson, Numer. Math. 11, 1968), X orthogonal.
 * Time O(k³) with the eigenvectors (O(k²) per sweep, ≈ 1.5 sweeps per eigenvalue), memory k².
 */

export interface TridiagonalEigen {
  readonly values: Float64Array;
  /** Row-major k × k: column j is the unit eigenvector of values[j]. */
  readonly vectors: Float64Array;
}

const MAX_SWEEPS = 60;
/** Squares in this range neither overflow nor lose digits to underflow. */
const SAFE_LOW = 1e-280;
const SAFE_HIGH = 1e280;

/** √(a² + b²): the plain formula where it is safe (Math.hypot is several times slower), Math.hypot elsewhere. */
function hypot(a: number, b: number): number {
  const s = a * a + b * b;
  return s > SAFE_LOW && s < SAFE_HIGH ? Math.sqrt(s) : Math.hypot(a, b);
}
/** Off-diagonal entries below this are zero (denormals would make the rotations overflow). */
const TINY = 1e-290;

/**
 * `diagonal` d_0 … d_{k−1}; `offDiagonal` e_0 … e_{k−2} with T(i + 1, i) = T(i, i + 1) = e_i. Returns undefined
 * when an eigenvalue does not converge in 60 sweeps (callers fall back to a general method).
 */
export function tridiagonalEigen(diagonal: ArrayLike<number>, offDiagonal: ArrayLike<number>, k: number): TridiagonalEigen | undefined {
  const d = Float64Array.from({ length: k }, (_, i) => diagonal[i]);
  const e = new Float64Array(k);
  for (let i = 0; i + 1 < k; i++) e[i] = offDiagonal[i];
  const z = new Float64Array(k * k);
  for (let i = 0; i < k; i++) z[i * k + i] = 1;
  let f = 0;
  let tst1 = 0;
  for (let l = 0; l < k; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
    let m = l;
    while (m < k - 1 && Math.abs(e[m]) > Number.EPSILON * tst1 + TINY) m++;
    if (m > l) {
      let sweeps = 0;
      do {
        if (++sweeps > MAX_SWEEPS) return undefined;
        // shift from the leading 2 × 2 block
        let g = d[l];
        let p = (d[l + 1] - g) / (2 * e[l]);
        let r = hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l] / (p + r);
        d[l + 1] = e[l] * (p + r);
        const dl1 = d[l + 1];
        let h = g - d[l];
        for (let i = l + 2; i < k; i++) d[i] -= h;
        f += h;
        // implicit QL transformation
        p = d[m];
        let c = 1;
        let c2 = c;
        let c3 = c;
        const el1 = e[l + 1];
        let s = 0;
        let s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i];
          h = c * p;
          r = hypot(p, e[i]);
          e[i + 1] = s * r;
          s = e[i] / r;
          c = p / r;
          p = c * d[i] - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]);
          for (let row = 0; row < k; row++) {
            const zi1 = z[row * k + i + 1];
            const zi = z[row * k + i];
            z[row * k + i + 1] = s * zi + c * zi1;
            z[row * k + i] = c * zi - s * zi1;
          }
        }
        p = (-s * s2 * c3 * el1 * e[l]) / dl1;
        e[l] = s * p;
        d[l] = c * p;
      } while (Math.abs(e[l]) > Number.EPSILON * tst1 + TINY);
    }
    d[l] += f;
    e[l] = 0;
  }
  for (let i = 0; i < k; i++) if (!Number.isFinite(d[i])) return undefined;
  return { values: d, vectors: z };
}
