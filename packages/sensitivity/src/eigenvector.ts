/**
 * eigenvector: a right eigenvector v of a real square matrix A for a computed eigenvalue λ (A v = λ v), by
 * inverse iteration with the shift λ̂ = λ + δ, δ = 1e-8 ‖A‖ (Golub & Van Loan §7.6.1): each step multiplies the
 * error by δ/gap, three steps leave (δ/gap)³. Complex arithmetic through the complex LU of @sysgraph/linalg.
 * The left eigenvector (wᴴ A = λ wᴴ) is the conjugate of the right eigenvector of Aᵀ: call with Aᵀ.
 */
import type { ComplexVector } from '@sysgraph/linalg';
import { factorComplexLU } from '@sysgraph/linalg';

export const INVERSE_ITERATIONS = 3;

export function eigenvector(a: readonly (readonly number[])[], lambdaRe: number, lambdaIm: number): ComplexVector {
  const n = a.length;
  let norm = 0;
  for (const row of a) for (const x of row) norm = Math.max(norm, Math.abs(x));
  const delta = 1e-8 * Math.max(norm, Math.hypot(lambdaRe, lambdaIm), Number.MIN_VALUE);
  // (A − λ̂ I)
  const mRe = a.map((row, i) => row.map((x, j) => (i === j ? x - lambdaRe - delta : x)));
  const mIm = a.map((row, i) => row.map((_, j) => (i === j ? -lambdaIm : 0)));
  const lu = factorComplexLU(mRe, mIm, 0);
  // a start with a component along every eigenvector (generic, deterministic)
  let v: ComplexVector = { re: Float64Array.from({ length: n }, (_, i) => 1 + 0.37 * Math.sin(i + 1)), im: new Float64Array(n) };
  for (let it = 0; it < INVERSE_ITERATIONS; it++) v = normalise(lu.solve(v.re, v.im));
  return v;
}

/** v / v_j, j the entry of largest modulus (a canonical phase; the largest entry becomes 1). */
function normalise(v: ComplexVector): ComplexVector {
  let j = 0;
  let best = -1;
  for (let i = 0; i < v.re.length; i++) {
    const m = Math.hypot(v.re[i], v.im[i]);
    if (m > best) {
      best = m;
      j = i;
    }
  }
  const dr = v.re[j];
  const di = v.im[j];
  const den = dr * dr + di * di;
  const re = new Float64Array(v.re.length);
  const im = new Float64Array(v.re.length);
  for (let i = 0; i < v.re.length; i++) {
    re[i] = (v.re[i] * dr + v.im[i] * di) / den;
    im[i] = (v.im[i] * dr - v.re[i] * di) / den;
  }
  return { re, im };
}
