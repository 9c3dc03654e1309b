/**
 * Univariate images of multivariate polynomials modulo a small prime: every variable but one replaced
 * by a residue, and the Euclidean gcd of two such images (Geddes, Czapor, Labahn 1992, §7.4 "evaluation
 * homomorphisms"). Primes are below 2^15, so a product of two residues is below 2^30 and stays a small
 * integer for the JavaScript engine (integer multiply and modulus, several times faster than doubles).
 * The price is a chance of about deg/p that an image is unlucky; the callers then retry or fall back.
 */
import type { Polynomial } from '../polynomial/polynomial';

export const PRIMES = [32749, 32719, 32717, 32713] as const;

export function mulmod(a: number, b: number, p: number): number {
  return (a * b) % p;
}

/** a^{-1} mod p by the extended Euclidean algorithm (a ≢ 0). */
export function invmod(a: number, p: number): number {
  let [r0, r1] = [p, a % p];
  let [s0, s1] = [0, 1];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % p) + p) % p;
}

/** c mod p in [0, p). */
export function residue(c: bigint, p: number): number {
  let r = Number(c % BigInt(p));
  if (r < 0) r += p;
  return r;
}

/**
 * Dense image of f in Z_p[x_v]: coefficient of x_v^d at index d, every other variable u replaced by
 * point[u]. The array has length deg_{x_v}(f) + 1.
 */
export function univariateImage(f: Polynomial, v: number, point: readonly number[], p: number): number[] {
  const out = new Array<number>(f.degreeIn(v) + 1).fill(0);
  const nvars = f.nw * 4;
  const res = f.residues(p);
  for (let i = 0; i < f.size; i++) {
    let t = res[i];
    let d = 0;
    for (let u = 0; u < nvars && t !== 0; u++) {
      const e = f.exponent(i, u);
      if (e === 0) continue;
      if (u === v) {
        d = e;
        continue;
      }
      const r = point[u] ?? 0;
      for (let k = 0; k < e; k++) t = mulmod(t, r, p);
    }
    out[d] = (out[d] + t) % p;
  }
  return out;
}

function trim(a: number[]): number[] {
  let n = a.length;
  while (n > 0 && a[n - 1] === 0) n--;
  a.length = n;
  return a;
}

/** Degree of gcd(a, b) in Z_p[x] (−1 when both are zero). Inputs are dense, index = degree. */
export function univariateGcdDegree(a0: readonly number[], b0: readonly number[], p: number): number {
  let a = trim(a0.slice());
  let b = trim(b0.slice());
  while (b.length > 0) {
    // a ← a mod b
    const inv = invmod(b[b.length - 1], p);
    while (a.length >= b.length) {
      const shift = a.length - b.length;
      const f = mulmod(a[a.length - 1], inv, p);
      if (f !== 0) {
        for (let i = 0; i < b.length; i++) {
          a[i + shift] = (a[i + shift] - mulmod(f, b[i], p) + p) % p;
        }
      }
      a.pop();
      trim(a);
    }
    [a, b] = [b, a];
  }
  return a.length - 1;
}
