/** expm: the matrix exponential by Padé approximation with scaling and squaring (Higham, SIAM J. Matrix Anal. Appl. 26(4), 2005, Alg. 2.3). */
import { checkDense, fromFlat, toFlat } from './check-dense';
import type { DenseRows } from './check-dense';
import { matmulFlat, norm1Flat } from './flat-kernels';
import { luFactorInPlace, luSolveMatrixInPlace } from './lu-in-place';
import { SingularMatrixError } from '../singular-matrix-error';
import type { DenseMatrix } from './dense-matrix';

/** θ_m of Higham 2005, Table 2.3: the largest ‖A‖₁ for which the [m/m] Padé approximant is accurate to unit roundoff. */
const THETA: ReadonlyArray<[number, number]> = [
  [3, 1.495585217958292e-2],
  [5, 2.539398330063230e-1],
  [7, 9.504178996162932e-1],
  [9, 2.097847961257068e0],
];
const THETA_13 = 5.371920351148152e0;

/** Coefficients of the [m/m] Padé numerator p_m(x) = Σ_j b_j x^j, b_j = (2m−j)! m! / ((2m)! j! (m−j)!). */
function padeCoefficients(m: number): Float64Array {
  const b = new Float64Array(m + 1);
  b[0] = 1;
  // b_j / b_{j−1} = (m − j + 1) / (j (2m − j + 1))
  for (let j = 1; j <= m; j++) b[j] = (b[j - 1] * (m - j + 1)) / (j * (2 * m - j + 1));
  return b;
}

/** c ← c + s·x */
function axpy(c: Float64Array, s: number, x: Float64Array): void {
  for (let p = 0; p < c.length; p++) c[p] += s * x[p];
}

/** out += c6 A6 + c4 A4 + c2 A2 + c0 I, in one pass over the entries. */
function addCombination(out: Float64Array, n: number, c6: number, a6: Float64Array, c4: number, a4: Float64Array, c2: number, a2: Float64Array, c0: number): Float64Array {
  for (let p = 0; p < out.length; p++) out[p] += c6 * a6[p] + c4 * a4[p] + c2 * a2[p];
  for (let i = 0; i < n; i++) out[i * n + i] += c0;
  return out;
}

/** r_m(A) = (V − U)⁻¹ (V + U) with U the odd part and V the even part of p_m(A). */
function pade(a: Float64Array, n: number, m: number): Float64Array {
  const b = padeCoefficients(m);
  const a2 = matmulFlat(a, a, n);
  let u: Float64Array;
  let v: Float64Array;
  if (m === 13) {
    const a4 = matmulFlat(a2, a2, n);
    const a6 = matmulFlat(a4, a2, n);
    // U = A [A6 (b13 A6 + b11 A4 + b9 A2) + b7 A6 + b5 A4 + b3 A2 + b1 I]
    const uSum = matmulFlat(a6, addCombination(new Float64Array(n * n), n, b[13], a6, b[11], a4, b[9], a2, 0), n);
    u = matmulFlat(a, addCombination(uSum, n, b[7], a6, b[5], a4, b[3], a2, b[1]), n);
    // V = A6 (b12 A6 + b10 A4 + b8 A2) + b6 A6 + b4 A4 + b2 A2 + b0 I
    v = matmulFlat(a6, addCombination(new Float64Array(n * n), n, b[12], a6, b[10], a4, b[8], a2, 0), n);
    addCombination(v, n, b[6], a6, b[4], a4, b[2], a2, b[0]);
  } else {
    // U = A Σ_{j odd} b_j A^{j−1},  V = Σ_{j even} b_j A^j
    const identity = new Float64Array(n * n);
    for (let i = 0; i < n; i++) identity[i * n + i] = 1;
    v = new Float64Array(n * n);
    const uSum = new Float64Array(n * n);
    let power: Float64Array = identity; // A^{2i}
    for (let j = 0; j <= m; j += 2) {
      axpy(v, b[j], power);
      axpy(uSum, b[j + 1], power);
      if (j + 2 <= m) power = matmulFlat(power, a2, n);
    }
    u = matmulFlat(a, uSum, n);
  }
  // (V − U) X = V + U
  const lhs = new Float64Array(n * n);
  const rhs = new Float64Array(n * n);
  for (let p = 0; p < n * n; p++) {
    lhs[p] = v[p] - u[p];
    rhs[p] = v[p] + u[p];
  }
  const piv = new Int32Array(n);
  if (!luFactorInPlace(lhs, n, piv)) throw new SingularMatrixError('expm Padé denominator V − U', piv.indexOf(-1), 'zero pivot');
  luSolveMatrixInPlace(lhs, n, piv, rhs, n);
  return rhs;
}

/** e^A on a row-major Float64Array (n×n). */
export function expmFlat(a: Float64Array, n: number): Float64Array {
  if (n === 0) return new Float64Array(0);
  const norm = norm1Flat(a, n);
  for (const [m, theta] of THETA) if (norm <= theta) return pade(a, n, m);
  // e^A = (r_13(A / 2^s))^(2^s), s = max(0, ⌈log2(‖A‖₁ / θ13)⌉)
  const s = Math.max(0, Math.ceil(Math.log2(norm / THETA_13)));
  const scaled = new Float64Array(a.length);
  const f = Math.pow(2, -s);
  for (let p = 0; p < a.length; p++) scaled[p] = a[p] * f;
  let x = pade(scaled, n, 13);
  for (let k = 0; k < s; k++) x = matmulFlat(x, x, n);
  return x;
}

/** e^A of a square DenseMatrix (not checked: the solvers' hot path). O(n³ (7 + s)) with s the number of squarings. */
export function denseExpm(a: DenseMatrix): DenseMatrix {
  return { rows: a.rows, cols: a.rows, data: expmFlat(a.data, a.rows) };
}

/** e^A for a real square matrix given as rows (checked: finite, square). O(n³ (7 + s)) with s the number of squarings. */
export function expm(a: DenseRows): number[][] {
  const [n] = checkDense(a, 'expm A', { square: true });
  return fromFlat(expmFlat(toFlat(a, n, n), n), n, n);
}
