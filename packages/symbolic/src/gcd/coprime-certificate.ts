/**
 * Coprimality certificate: a proof, by univariate images mod p, that gcd(f, g) has degree 0 in every
 * common variable (so it is an integer). For a variable x and a point where lc_x(f) does not vanish mod p,
 * the image map φ (other variables ↦ residues, coefficients mod p) is a ring homomorphism with
 * deg φ(f) = deg_x f, hence deg φ(h) = deg_x h for h = gcd(f, g) (lc_x h divides lc_x f), and
 * φ(h) | gcd(φ f, φ g). So deg gcd(φ f, φ g) = 0 proves deg_x h = 0 (Brown, "On Euclid's algorithm and
 * the computation of polynomial greatest common divisors", JACM 18, 1971).
 * All variables share one random point, so one pass over the terms yields every image: the full term
 * value c·Π r_v^{e_v} times r_x^{−e_x}. Cost O((#f + #g)·(deg + #variables)); never a false "coprime".
 */
import type { Polynomial } from '../polynomial/polynomial';
import type { SeededRandom } from '../random';
import { invmod, mulmod, PRIMES, univariateGcdDegree, univariateImage } from './modular-image';

/** True when deg_x gcd(f, g) = 0 is proven for every x in `variables`. */
export function provesCoprime(f: Polynomial, g: Polynomial, variables: readonly number[], rng: SeededRandom): boolean {
  const p = PRIMES[0];
  const nvars = Math.max(f.nw, g.nw) * 4;
  const point = Array.from({ length: nvars }, () => rng.int(2, p));
  const fi = allImages(f, variables, point, p);
  const gi = allImages(g, variables, point, p);
  for (let k = 0; k < variables.length; k++) {
    let a = fi[k];
    let b = gi[k];
    // An unlucky point (vanishing leading coefficient, or a spurious common root mod p) is retried at
    // fresh points; a true common factor in x fails every time and is left to an exact algorithm.
    let proven = false;
    for (let attempt = 0; attempt < 3 && !proven; attempt++) {
      if (attempt > 0) {
        const q = Array.from({ length: nvars }, () => rng.int(2, p));
        a = univariateImage(f, variables[k], q, p);
        b = univariateImage(g, variables[k], q, p);
      }
      if (a[a.length - 1] === 0 || b[b.length - 1] === 0) continue;
      if (univariateGcdDegree(a, b, p) === 0) proven = true;
      else if (attempt >= 1) break;
    }
    if (!proven) return false;
  }
  return true;
}

/** The univariate images of f in each listed variable at one point (all residues nonzero). */
function allImages(f: Polynomial, variables: readonly number[], point: readonly number[], p: number): number[][] {
  const nw = f.nw;
  const dv = f.degreeVector();
  const nvars = nw * 4;
  const maxDeg = new Int32Array(nvars);
  for (let v = 0; v < nvars; v++) maxDeg[v] = (dv[v >> 2] >>> ((3 - (v & 3)) << 3)) & 0xff;
  // pw[v][e] = r_v^e, inv[v][e] = r_v^{−e}
  const pw: number[][] = [];
  const inv: number[][] = [];
  for (let v = 0; v < nvars; v++) {
    const r = point[v];
    const ri = invmod(r, p);
    const a = [1];
    const b = [1];
    for (let e = 1; e <= maxDeg[v]; e++) {
      a.push(mulmod(a[e - 1], r, p));
      b.push(mulmod(b[e - 1], ri, p));
    }
    pw.push(a);
    inv.push(b);
  }
  const images = variables.map((x) => new Array<number>(maxDeg[x] + 1).fill(0));
  const res = f.residues(p);
  const monos = f.monos;
  for (let t = 0; t < f.size; t++) {
    let val = res[t];
    for (let k = 0; k < nw && val !== 0; k++) {
      const w = monos[t * nw + k];
      if (w === 0) continue;
      for (let j = 0; j < 4; j++) {
        const e = (w >>> ((3 - j) << 3)) & 0xff;
        if (e !== 0) val = mulmod(val, pw[4 * k + j][e], p);
      }
    }
    if (val === 0) continue;
    for (let i = 0; i < variables.length; i++) {
      const x = variables[i];
      const e = (monos[t * nw + (x >> 2)] >>> ((3 - (x & 3)) << 3)) & 0xff;
      const img = images[i];
      img[e] = (img[e] + (e === 0 ? val : mulmod(val, inv[x][e], p))) % p;
    }
  }
  return images;
}
