/**
 * gcd(f, g) of multivariate integer polynomials, exact: integer and monomial contents first, then cheap
 * exits (a unit, equal inputs, a modular coprimality certificate, one input dividing the other), then the
 * heuristic GCD with the primitive PRS as a fallback. The result divides both inputs and has a positive
 * leading coefficient; gcd(0, 0) = 0.
 */
import { igcd } from '../bigint-math';
import { minWord } from '../polynomial/monomial';
import { Polynomial } from '../polynomial/polynomial';
import { SeededRandom } from '../random';
import { provesCoprime } from './coprime-certificate';
import type { GcdCache } from './gcd-cache';
import { heuristicGcd } from './heuristic-gcd';
import { prsGcd } from './prs-gcd';

/** Counters of the paths taken, for benchmarks and tests. */
export interface GcdStats {
  calls: number;
  trivial: number;
  certified: number;
  divisor: number;
  heuristic: number;
  prs: number;
}

export function newGcdStats(): GcdStats {
  return { calls: 0, trivial: 0, certified: 0, divisor: 0, heuristic: 0, prs: 0 };
}

export interface GcdOptions {
  readonly cache?: GcdCache;
  readonly stats?: GcdStats;
  /** Skip the heuristic GCD (tests of the fallback). */
  readonly heuristic?: boolean;
}

export function gcd(f: Polynomial, g: Polynomial, opts: GcdOptions = {}): Polynomial {
  const nw = Math.max(f.nw, g.nw);
  f = f.widen(nw);
  g = g.widen(nw);
  if (opts.stats) opts.stats.calls++;
  if (f.isZero()) return g.normalizeSign();
  if (g.isZero()) return f.normalizeSign();

  // gcd = igcd(contents) · x^min(exponents) · gcd of the primitive, monomial-free parts.
  const cf = f.content();
  const cg = g.content();
  const c = igcd(cf, cg);
  const mf = f.monomialContent();
  const mg = g.monomialContent();
  const m = new Uint32Array(nw);
  for (let k = 0; k < nw; k++) m[k] = minWord(mf[k], mg[k]);
  const f1 = f.divideByInteger(cf).divideByMonomial(mf);
  const g1 = g.divideByInteger(cg).divideByMonomial(mg);
  const h = gcdPrimitive(f1, g1, opts);
  return h.mulTerm(c, m, 0);
}

/** lcm(f, g) = f·g / gcd(f, g), positive leading coefficient. */
export function lcm(f: Polynomial, g: Polynomial, opts: GcdOptions = {}): Polynomial {
  if (f.isZero() || g.isZero()) return Polynomial.zero(Math.max(f.nw, g.nw));
  return f.divideExact(gcd(f, g, opts)).mul(g).normalizeSign();
}

/** gcd of primitive polynomials without monomial content. */
function gcdPrimitive(f: Polynomial, g: Polynomial, opts: GcdOptions): Polynomial {
  const one = Polynomial.one(f.nw);
  const stats = opts.stats;
  if (f.size === 1 || g.size === 1) {
    if (stats) stats.trivial++;
    return one;
  }
  if (f.equals(g) || f.equals(g.neg())) {
    if (stats) stats.trivial++;
    return f.normalizeSign();
  }
  const cached = opts.cache?.get(f, g);
  if (cached) return cached;
  const result = gcdSearch(f, g, opts);
  opts.cache?.set(f, g, result);
  return result;
}

function gcdSearch(f: Polynomial, g: Polynomial, opts: GcdOptions): Polynomial {
  const stats = opts.stats;
  const fv = f.variables();
  const gv = new Set(g.variables());
  const common = fv.filter((v) => gv.has(v));
  const rng = new SeededRandom(0x9cd + f.size * 31 + g.size);
  if (common.length === 0 || provesCoprime(f, g, common, rng)) {
    if (stats) stats.certified++;
    return Polynomial.one(f.nw);
  }
  const [small, large] = f.size <= g.size ? [f, g] : [g, f];
  if (small.divides(large)) {
    if (stats) stats.divisor++;
    return small.normalizeSign();
  }
  if (opts.heuristic !== false) {
    const h = heuristicGcd(f, g);
    if (h !== null) {
      if (stats) stats.heuristic++;
      return h;
    }
  }
  if (stats) stats.prs++;
  return prsGcd(f, g, (a, b) => gcd(a, b, opts));
}
