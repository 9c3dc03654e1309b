/**
 * Roots of a real polynomial by the Durand–Kerner (Weierstrass) iteration, an algorithm independent of the
 * QR eigenvalue routine behind poles(): z_i ← z_i − p(z_i) / Π_{j≠i} (z_i − z_j) for a monic p.
 */
import type { Complex } from '../../src/index';

const mul = (a: Complex, b: Complex): Complex => ({ re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re });
const div = (a: Complex, b: Complex): Complex => {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
};

/** Roots of Σ c_k z^k (ascending coefficients, c_n ≠ 0). */
export function polynomialRoots(ascending: readonly number[]): Complex[] {
  const n = ascending.length - 1;
  const lead = ascending[n];
  const c = ascending.map((x) => x / lead);
  // Cauchy bound on the root moduli for the starting circle.
  const radius = 1 + Math.max(0, ...c.slice(0, n).map(Math.abs));
  let z: Complex[] = Array.from({ length: n }, (_, k) => {
    const angle = (2 * Math.PI * k) / n + 0.4;
    return { re: radius * Math.cos(angle), im: radius * Math.sin(angle) };
  });
  const p = (x: Complex) => {
    let v: Complex = { re: 1, im: 0 };
    for (let k = n - 1; k >= 0; k--) v = { re: mul(v, x).re + c[k], im: mul(v, x).im };
    return v;
  };
  for (let it = 0; it < 2000; it++) {
    let change = 0;
    z = z.map((zi, i) => {
      let den: Complex = { re: 1, im: 0 };
      z.forEach((zj, j) => {
        if (j !== i) den = mul(den, { re: zi.re - zj.re, im: zi.im - zj.im });
      });
      const step = div(p(zi), den);
      change = Math.max(change, Math.hypot(step.re, step.im) / Math.max(1, Math.hypot(zi.re, zi.im)));
      return { re: zi.re - step.re, im: zi.im - step.im };
    });
    if (change < 1e-15) break;
  }
  return z;
}

/** Largest distance of a matched pair, each root of `a` matched to the nearest unmatched root of `b`, relative to max(1, |root|). */
export function rootSetDistance(a: readonly Complex[], b: readonly Complex[]): number {
  if (a.length !== b.length) return Infinity;
  const free = [...b];
  let worst = 0;
  for (const x of a) {
    let best = 0;
    free.forEach((y, k) => {
      if (Math.hypot(x.re - y.re, x.im - y.im) < Math.hypot(x.re - free[best].re, x.im - free[best].im)) best = k;
    });
    const y = free.splice(best, 1)[0];
    worst = Math.max(worst, Math.hypot(x.re - y.re, x.im - y.im) / Math.max(1, Math.hypot(x.re, x.im)));
  }
  return worst;
}
