/**
 * Heuristic GCD (GCDHEU) of Char, Geddes and Gonnet, "GCDHEU: heuristic polynomial GCD algorithm based on
 * integer GCD computation", J. Symbolic Computation 7 (1989), in the recursive multivariate form of
 * Geddes, Czapor, Labahn (1992) §7.7 and SymPy's dmp_zz_heu_gcd. Evaluate one variable at a large integer
 * ξ, take the gcd of the images recursively, rebuild a candidate from its symmetric ξ-adic digits and
 * accept it only after exact trial division of both inputs. Returns null when the heuristic gives up.
 */
import { igcd, isqrt, bitLength, symmetricMod, babs } from '../bigint-math';
import { Polynomial } from '../polynomial/polynomial';
import { MAX_EXPONENT, shiftOf } from '../polynomial/monomial';

const TRIES = 6;
/** ξ larger than this many bits makes the integer arithmetic too slow to beat the fallback. */
const MAX_XI_BITS = 6000;

/** gcd(f, g) with positive leading coefficient, or null. f and g are nonzero with equal word width. */
export function heuristicGcd(f: Polynomial, g: Polynomial): Polynomial | null {
  if (f.isConstant() || g.isConstant()) return Polynomial.constant(igcd(f.content(), g.content()), f.nw);
  const nw = f.nw;
  // Common integer content: gcd(c·f', c·g') = c·gcd(f', g').
  const c = igcd(f.content(), g.content());
  if (c !== 1n) {
    f = f.divideByInteger(c);
    g = g.divideByInteger(c);
  }
  const x = Math.min(...f.variables(), ...g.variables());
  const fn = f.maxNorm();
  const gn = g.maxNorm();
  const b = 2n * (fn < gn ? fn : gn) + 29n;
  const lcBound = 2n * minBig(fn / babs(f.leadingCoefficient()), gn / babs(g.leadingCoefficient())) + 2n;
  let xi = maxBig(minBig(b, 99n * isqrt(b)), lcBound);

  for (let attempt = 0; attempt < TRIES; attempt++) {
    if (bitLength(xi) > MAX_XI_BITS) return null;
    const ff = f.evaluateAt(x, xi);
    const gg = g.evaluateAt(x, xi);
    if (!ff.isZero() && !gg.isZero()) {
      const h = heuristicGcd(ff, gg);
      if (h !== null) {
        // The candidate itself.
        const cand = interpolate(h, x, xi, nw);
        if (cand !== null) {
          const hp = cand.primitivePart().normalizeSign();
          if (!hp.isZero() && hp.divides(f) && hp.divides(g)) return hp.scale(c);
        }
        // Or the gcd recovered through a cofactor: h = f / cff.
        for (const [src, img, other] of [
          [f, ff, g],
          [g, gg, f],
        ] as const) {
          const cof = img.tryDivide(h);
          if (cof === null) continue;
          const cofPoly = interpolate(cof, x, xi, nw);
          if (cofPoly === null || cofPoly.isZero()) continue;
          const hh = src.tryDivide(cofPoly);
          if (hh !== null && hh.divides(other)) return hh.primitivePart().normalizeSign().scale(c);
        }
      }
    }
    // Next evaluation point, as in the original paper: ξ ← ⌊73794·ξ·ξ^{1/4} / 27011⌋.
    xi = (73794n * xi * isqrt(isqrt(xi))) / 27011n;
  }
  return null;
}

/**
 * Rebuild a polynomial in x from an image with integer coefficients: every coefficient is written in the
 * symmetric base-ξ representation c = Σ d_i ξ^i, |d_i| ≤ ξ/2, and d_i becomes the coefficient of x^i.
 */
function interpolate(h: Polynomial, x: number, xi: bigint, nw: number): Polynomial | null {
  const hw = h.widen(Math.max(nw, h.nw));
  const w = x >> 2;
  const shift = shiftOf(x);
  const monos: number[] = [];
  const coeffs: bigint[] = [];
  for (let t = 0; t < hw.size; t++) {
    let c = hw.coeffs[t];
    let i = 0;
    while (c !== 0n) {
      if (i > MAX_EXPONENT) return null;
      const d = symmetricMod(c, xi);
      if (d !== 0n) {
        for (let k = 0; k < hw.nw; k++) {
          const word = hw.monos[t * hw.nw + k];
          monos.push(k === w ? (word | (i << shift)) >>> 0 : word);
        }
        coeffs.push(d);
      }
      c = (c - d) / xi;
      i++;
    }
  }
  return Polynomial.fromUnsorted(hw.nw, Uint32Array.from(monos), coeffs);
}

function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
