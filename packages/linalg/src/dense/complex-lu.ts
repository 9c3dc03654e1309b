/** factorComplexLU, complexSolve, factorResolvent: LU with partial pivoting in complex arithmetic (Golub & Van Loan, Alg. 3.4.1), for H(s) = C (sI − A)⁻¹ B + D. */
import { SysgraphError } from '@sysgraph/core';
import { SingularMatrixError } from '../singular-matrix-error';
import { checkDense, checkVector } from './check-dense';
import type { DenseRows } from './check-dense';

/** A complex vector as parallel real and imaginary parts. */
export interface ComplexVector {
  readonly re: Float64Array;
  readonly im: Float64Array;
}

/** P M = L U of a complex n×n matrix M = Mre + i·Mim, reusable for many right-hand sides. */
export interface ComplexLU {
  readonly n: number;
  /** x = M⁻¹ b; O(n²). */
  solve(bRe: ArrayLike<number>, bIm?: ArrayLike<number>): ComplexVector;
}

class ComplexLUFactors implements ComplexLU {
  constructor(
    readonly n: number,
    private readonly re: Float64Array,
    private readonly im: Float64Array,
    private readonly perm: Int32Array,
  ) {}

  solve(bRe: ArrayLike<number>, bIm?: ArrayLike<number>): ComplexVector {
    const { n, re, im, perm } = this;
    checkVector(bRe, 'complexSolve bRe', n);
    if (bIm) checkVector(bIm, 'complexSolve bIm', n);
    const xr = new Float64Array(n);
    const xi = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      xr[i] = bRe[perm[i]];
      xi[i] = bIm ? bIm[perm[i]] : 0;
    }
    // L y = P b (unit lower).
    for (let i = 1; i < n; i++) {
      let sr = xr[i];
      let si = xi[i];
      for (let k = 0; k < i; k++) {
        const lr = re[i * n + k];
        const li = im[i * n + k];
        sr -= lr * xr[k] - li * xi[k];
        si -= lr * xi[k] + li * xr[k];
      }
      xr[i] = sr;
      xi[i] = si;
    }
    // U x = y.
    for (let i = n - 1; i >= 0; i--) {
      let sr = xr[i];
      let si = xi[i];
      for (let k = i + 1; k < n; k++) {
        const ur = re[i * n + k];
        const ui = im[i * n + k];
        sr -= ur * xr[k] - ui * xi[k];
        si -= ur * xi[k] + ui * xr[k];
      }
      // (sr + i si) / (dr + i di)
      const dr = re[i * n + i];
      const di = im[i * n + i];
      const den = dr * dr + di * di;
      xr[i] = (sr * dr + si * di) / den;
      xi[i] = (si * dr - sr * di) / den;
    }
    return { re: xr, im: xi };
  }
}

/** Factorises M = Mre + i·Mim (Mim may be omitted for a real matrix). Singular → SingularMatrixError. O(n³). */
export function factorComplexLU(mRe: DenseRows, mIm?: DenseRows, singularTol = 1e-14): ComplexLU {
  const [n] = checkDense(mRe, 'complexSolve Are', { square: true });
  if (mIm) {
    const [r, c] = checkDense(mIm, 'complexSolve Aim');
    if (r !== n || c !== n) {
      throw new SysgraphError('bad-value', `complexSolve: Aim is ${r}×${c}, expected ${n}×${n}`, {
        element: 'complexSolve Aim',
        field: 'size',
        expected: `${n}×${n}, as Are`,
      });
    }
  }
  const re = new Float64Array(n * n);
  const im = new Float64Array(n * n);
  let scale = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      re[i * n + j] = mRe[i][j];
      im[i * n + j] = mIm ? mIm[i][j] : 0;
      scale = Math.max(scale, Math.hypot(re[i * n + j], im[i * n + j]));
    }
  }
  const perm = Int32Array.from({ length: n }, (_, i) => i);
  for (let k = 0; k < n; k++) {
    let piv = k;
    let best = -1;
    for (let i = k; i < n; i++) {
      const v = Math.hypot(re[i * n + k], im[i * n + k]);
      if (v > best) {
        best = v;
        piv = i;
      }
    }
    if (!(best > singularTol * scale)) throw new SingularMatrixError('complexSolve', k, 'zero pivot in complex LU');
    if (piv !== k) {
      for (let j = 0; j < n; j++) {
        swap(re, k * n + j, piv * n + j);
        swap(im, k * n + j, piv * n + j);
      }
      const t = perm[k];
      perm[k] = perm[piv];
      perm[piv] = t;
    }
    const dr = re[k * n + k];
    const di = im[k * n + k];
    const den = dr * dr + di * di;
    for (let i = k + 1; i < n; i++) {
      // l_ik = m_ik / m_kk
      const ar = re[i * n + k];
      const ai = im[i * n + k];
      if (ar === 0 && ai === 0) continue;
      const lr = (ar * dr + ai * di) / den;
      const li = (ai * dr - ar * di) / den;
      re[i * n + k] = lr;
      im[i * n + k] = li;
      // row_i ← row_i − l_ik row_k
      for (let j = k + 1; j < n; j++) {
        const ur = re[k * n + j];
        const ui = im[k * n + j];
        re[i * n + j] -= lr * ur - li * ui;
        im[i * n + j] -= lr * ui + li * ur;
      }
    }
  }
  return new ComplexLUFactors(n, re, im, perm);
}

/** x = (Are + i·Aim)⁻¹ (bRe + i·bIm). O(n³). */
export function complexSolve(
  aRe: DenseRows,
  aIm: DenseRows,
  bRe: ArrayLike<number>,
  bIm: ArrayLike<number>,
): ComplexVector {
  return factorComplexLU(aRe, aIm).solve(bRe, bIm);
}

/** Factorises sI − A at the complex point s = sRe + i·sIm (frequency response: s = jω). O(n³). */
export function factorResolvent(a: DenseRows, sRe: number, sIm: number): ComplexLU {
  const [n] = checkDense(a, 'factorResolvent A', { square: true });
  if (!Number.isFinite(sRe) || !Number.isFinite(sIm)) {
    throw new SysgraphError('bad-value', `factorResolvent: s = ${sRe} + ${sIm}j is not finite`, {
      element: 'factorResolvent',
      field: Number.isFinite(sRe) ? 'sIm' : 'sRe',
      expected: 'a finite complex frequency',
    });
  }
  const mRe = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? sRe : 0) - a[i][j]));
  const mIm = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? sIm : 0)));
  return factorComplexLU(mRe, mIm);
}

function swap(x: Float64Array, i: number, j: number): void {
  const t = x[i];
  x[i] = x[j];
  x[j] = t;
}
