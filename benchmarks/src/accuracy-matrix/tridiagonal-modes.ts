/**
 * Modal reference of a line whose state matrix is tridiagonal with a skew coupling, x' = J x + b u, x(0) = 0:
 *
 *   J = diag(d) + s S,   S = tridiag(sub = +1, 0, super = −1),   d real (the losses of each state)
 *
 * (the lossy line's energy-scaled states interleaved x_i,1, x_v,1, x_i,2, … : families.ts). With D = diag(i^k),
 * D⁻¹ S D = −i T, T = tridiag(1, 0, 1), so J = D A D⁻¹ with the complex symmetric tridiagonal
 *
 *   A = diag(d) − i s T   (A = Aᵀ, not Hermitian).
 *
 * Eigenvalues of A by the implicit QL iteration in complex arithmetic (tqli of Numerical Recipes with complex d, e:
 * Cullum & Willoughby's method for complex symmetric tridiagonals), O(n²) for all of them; each eigenvector y by
 * inverse iteration with the converged λ (a tridiagonal LU with partial pivoting, O(n)). Since A is symmetric, yᵀ is
 * its left eigenvector: J's right eigenvector is v = D y, its left one yᵀ D⁻¹, and b's modal coefficient
 * α = yᵀ D⁻¹ b / (yᵀ y). A conjugate pair contributes 2 Re(α (P v) y(λ, t)): one mode with weight 2α P v (Im λ > 0);
 * a real eigenvalue one mode with weight α P v. O(n²) in all, against O(n³) for the dense decomposition
 * (general-modes.ts), which it is checked against at 10 and 100 states (benchmarks/test/tridiagonal-modes.test.ts).
 */
import type { Mode } from './modes';
import type { Complex } from './scalar-response';
import { cadd, cdiv, cmul, cx } from './scalar-response';

export interface TridiagonalModes {
  readonly modes: Mode[];
  /** max over eigenpairs of ‖A y − λ y‖∞ / (‖A‖∞ ‖y‖∞). */
  readonly residual: number;
  /** min over eigenpairs of |yᵀ y| / ‖y‖₂²: near 0 a quasi-null vector (an ill-conditioned eigenvalue). */
  readonly conditioning: number;
}

const csub = (a: Complex, b: Complex): Complex => ({ re: a.re - b.re, im: a.im - b.im });
const cabs = (a: Complex) => Math.hypot(a.re, a.im);
/** The principal square root. */
function csqrt(z: Complex): Complex {
  const r = cabs(z);
  if (r === 0) return cx(0);
  const re = Math.sqrt((r + Math.abs(z.re)) / 2);
  const im = z.im / (2 * re);
  return z.re >= 0 ? cx(re, im) : cx(Math.abs(im), z.im >= 0 ? re : -re);
}

const MAX_ITERATIONS = 60;

/** The eigenvalues of the complex symmetric tridiagonal with diagonal `diag` and off-diagonal `off` (length n − 1). */
export function complexSymmetricEigenvalues(diag: readonly Complex[], off: readonly Complex[]): Complex[] {
  const n = diag.length;
  const d = diag.map((z) => ({ ...z }));
  const e = [...off.map((z) => ({ ...z })), cx(0)];
  for (let l = 0; l < n; l++) {
    let iter = 0;
    let m: number;
    do {
      for (m = l; m < n - 1; m++) {
        const dd = cabs(d[m]) + cabs(d[m + 1]);
        if (cabs(e[m]) <= Number.EPSILON * dd) break;
      }
      if (m === l) break;
      if (iter++ === MAX_ITERATIONS) throw new RangeError(`complexSymmetricEigenvalues: no convergence at ${l}`);
      // Wilkinson-like shift from the leading 2×2 block
      let g = cdiv(csub(d[l + 1], d[l]), cmul(cx(2), e[l]));
      let r = csqrt(cadd(cmul(g, g), cx(1)));
      // r with the sign that makes |g + r| largest
      if (g.re * r.re + g.im * r.im < 0) r = cx(-r.re, -r.im);
      g = cadd(csub(d[m], d[l]), cdiv(e[l], cadd(g, r)));
      let s = cx(1);
      let c = cx(1);
      let p = cx(0);
      let i: number;
      let broke = false;
      for (i = m - 1; i >= l; i--) {
        const f = cmul(s, e[i]);
        const b = cmul(c, e[i]);
        r = csqrt(cadd(cmul(f, f), cmul(g, g)));
        e[i + 1] = r;
        if (cabs(r) === 0) {
          d[i + 1] = csub(d[i + 1], p);
          e[m] = cx(0);
          broke = true;
          break;
        }
        s = cdiv(f, r);
        c = cdiv(g, r);
        g = csub(d[i + 1], p);
        r = cadd(cmul(csub(d[i], g), s), cmul(cx(2), cmul(c, b)));
        p = cmul(s, r);
        d[i + 1] = cadd(g, p);
        g = csub(cmul(c, r), b);
      }
      if (broke) continue;
      d[l] = csub(d[l], p);
      e[l] = g;
      e[m] = cx(0);
    } while (m !== l);
  }
  return d;
}

/** Solve (A − λ I) y = rhs for the complex symmetric tridiagonal A (diag, off), Gaussian elimination with row pivoting. */
function shiftedSolve(diag: readonly Complex[], off: readonly Complex[], lambda: Complex, rhs: Complex[]): Complex[] {
  const n = diag.length;
  // rows as (a: diagonal, b: first super, c: second super) after pivoting
  const a = diag.map((z) => csub(z, lambda));
  const b = [...off, cx(0)];
  const c: Complex[] = Array.from({ length: n }, () => cx(0));
  const sub = [...off];
  const y = rhs.map((z) => ({ ...z }));
  const tiny = Number.EPSILON * Math.max(...diag.map(cabs), ...off.map(cabs));
  for (let k = 0; k < n - 1; k++) {
    // candidate pivots: row k (a[k]) and row k + 1 (sub[k])
    if (cabs(sub[k]) > cabs(a[k])) {
      // swap rows k and k + 1: row k + 1 is (sub[k], a[k+1], b[k+1]) in columns k, k+1, k+2
      const rowK = { a: a[k], b: b[k], c: c[k], y: y[k] };
      a[k] = sub[k];
      b[k] = a[k + 1];
      c[k] = k + 1 < n - 1 ? b[k + 1] : cx(0);
      y[k] = y[k + 1];
      // the old row k moves to k + 1: (rowK.a, rowK.b, rowK.c) in columns k, k+1, k+2
      const factor = cdiv(rowK.a, a[k]);
      a[k + 1] = csub(rowK.b, cmul(factor, b[k]));
      b[k + 1] = csub(rowK.c, cmul(factor, c[k]));
      y[k + 1] = csub(rowK.y, cmul(factor, y[k]));
    } else {
      const pivot = cabs(a[k]) === 0 ? cx(tiny) : a[k];
      a[k] = pivot;
      const factor = cdiv(sub[k], pivot);
      a[k + 1] = csub(a[k + 1], cmul(factor, b[k]));
      if (k + 1 < n - 1) b[k + 1] = csub(b[k + 1], cmul(factor, c[k]));
      y[k + 1] = csub(y[k + 1], cmul(factor, y[k]));
    }
  }
  if (cabs(a[n - 1]) === 0) a[n - 1] = cx(tiny);
  const x: Complex[] = new Array(n);
  for (let k = n - 1; k >= 0; k--) {
    let r = y[k];
    if (k + 1 < n) r = csub(r, cmul(b[k], x[k + 1]));
    if (k + 2 < n) r = csub(r, cmul(c[k], x[k + 2]));
    x[k] = cdiv(r, a[k]);
  }
  return x;
}

function normalise(y: Complex[]): Complex[] {
  let m = 0;
  for (const z of y) m = Math.max(m, cabs(z));
  return y.map((z) => cx(z.re / m, z.im / m));
}

/** i^k for k = 0, 1, 2, 3 … */
const iPower = (k: number): Complex => [cx(1), cx(0, 1), cx(-1), cx(0, -1)][k % 4];

/**
 * The modes of x' = (diag(d) + s S) x + b u read by the probe rows `probes` (each given as the states it reads and
 * their factors: the probes of the lines read one state each).
 */
export function tridiagonalModes(d: Float64Array, s: number, b: Float64Array, probes: readonly { state: number; scale: number }[]): TridiagonalModes {
  const n = d.length;
  const diag = Array.from(d, (x) => cx(x));
  const off = Array.from({ length: n - 1 }, () => cx(0, -s));
  const lambdas = complexSymmetricEigenvalues(diag, off);
  let normA = 0;
  for (let k = 0; k < n; k++) normA = Math.max(normA, Math.abs(d[k]) + (k > 0 ? s : 0) + (k < n - 1 ? s : 0));
  const modes: Mode[] = [];
  let residual = 0;
  let conditioning = Infinity;
  // the start vector: no eigenvector of a line is orthogonal to it in practice (checked by the residual)
  const start = Array.from({ length: n }, (_, k) => cx(1 + 0.37 * Math.sin(1.7 * k), 0.21 * Math.cos(0.9 * k)));
  const realTol = 1e-10 * normA;
  for (const lambda of lambdas) {
    if (lambda.im < -realTol) continue; // the conjugate of a pair taken with Im λ > 0
    const isReal = Math.abs(lambda.im) <= realTol;
    let y = normalise(shiftedSolve(diag, off, lambda, start));
    y = normalise(shiftedSolve(diag, off, lambda, y));
    // residual ‖A y − λ y‖∞
    let worst = 0;
    for (let k = 0; k < n; k++) {
      let r = cmul(csub(diag[k], lambda), y[k]);
      if (k > 0) r = cadd(r, cmul(off[k - 1], y[k - 1]));
      if (k < n - 1) r = cadd(r, cmul(off[k], y[k + 1]));
      worst = Math.max(worst, cabs(r));
    }
    residual = Math.max(residual, worst / normA);
    // yᵀ y (no conjugate) and yᵀ D⁻¹ b
    let yy = cx(0);
    let norm2 = 0;
    let yb = cx(0);
    for (let k = 0; k < n; k++) {
      yy = cadd(yy, cmul(y[k], y[k]));
      norm2 += y[k].re ** 2 + y[k].im ** 2;
      if (b[k] !== 0) yb = cadd(yb, cmul(y[k], cmul(iPower((4 - (k % 4)) % 4), cx(b[k]))));
    }
    conditioning = Math.min(conditioning, cabs(yy) / norm2);
    const alpha = cdiv(yb, yy);
    const factor = isReal ? 1 : 2;
    // P v with v = D y
    const w = probes.map(({ state, scale }) => {
      const pv = cmul(iPower(state), y[state]);
      const z = cmul(alpha, pv);
      return cx(factor * scale * z.re, factor * scale * z.im);
    });
    modes.push({ p: isReal ? cx(lambda.re) : lambda, w: isReal ? w.map((z) => cx(z.re)) : w });
  }
  return { modes, residual, conditioning };
}
