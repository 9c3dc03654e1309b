/**
 * Packed monomials: an exponent vector stored as 8-bit fields, four variables per 32-bit word, variable 0
 * in the highest byte of word 0. Comparing the words as unsigned integers, most significant word first,
 * is the lexicographic order with x0 > x1 > x2 > … (Cox, Little, O'Shea, "Ideals, Varieties, and
 * Algorithms", §2.2). Exponents are at most 127, so the top bit of every byte is a guard bit: a sum of two
 * monomials never carries across fields and a difference borrows only into the guard bit.
 */
import { SysgraphError } from '@sysgraph/core';

export const MAX_EXPONENT = 127;
const GUARD = 0x80808080;

/** Words per monomial for `nvars` variables (at least one word). */
export function wordsFor(nvars: number): number {
  return Math.max(1, (nvars + 3) >> 2);
}

/** Bit shift of variable v inside its word. */
export function shiftOf(v: number): number {
  return (3 - (v & 3)) << 3;
}

/** Exponent of variable v in the monomial at a[off…]. */
export function exponentOf(a: Uint32Array, off: number, v: number, nw: number): number {
  const w = v >> 2;
  return w < nw ? (a[off + w] >>> shiftOf(v)) & 0xff : 0;
}

/** Lexicographic comparison of the monomials at a[ai…] and b[bi…]: −1, 0 or 1. */
export function compareMonomials(a: Uint32Array, ai: number, b: Uint32Array, bi: number, nw: number): number {
  for (let k = 0; k < nw; k++) {
    const x = a[ai + k];
    const y = b[bi + k];
    if (x !== y) return x > y ? 1 : -1;
  }
  return 0;
}

/** out[oi…] = a[ai…] · b[bi…] (exponent vectors added); throws when an exponent would exceed MAX_EXPONENT. */
export function multiplyMonomials(
  a: Uint32Array,
  ai: number,
  b: Uint32Array,
  bi: number,
  out: Uint32Array,
  oi: number,
  nw: number,
): void {
  for (let k = 0; k < nw; k++) {
    const s = a[ai + k] + b[bi + k];
    if ((s & GUARD) !== 0) throw exponentOverflow();
    out[oi + k] = s >>> 0;
  }
}

/** True when the monomial b[bi…] divides a[ai…] (every exponent of b ≤ that of a). */
export function monomialDivides(b: Uint32Array, bi: number, a: Uint32Array, ai: number, nw: number): boolean {
  for (let k = 0; k < nw; k++) {
    // Per byte: (a | 0x80) − b keeps the guard bit exactly when a ≥ b.
    if ((((a[ai + k] | GUARD) - b[bi + k]) & GUARD) >>> 0 !== GUARD >>> 0) return false;
  }
  return true;
}

/** out[oi…] = a[ai…] / b[bi…]; the caller has checked divisibility. */
export function divideMonomials(
  a: Uint32Array,
  ai: number,
  b: Uint32Array,
  bi: number,
  out: Uint32Array,
  oi: number,
  nw: number,
): void {
  for (let k = 0; k < nw; k++) out[oi + k] = (a[ai + k] - b[bi + k]) >>> 0;
}

/** Total degree of the monomial at a[off…]. */
export function totalDegree(a: Uint32Array, off: number, nw: number): number {
  let d = 0;
  for (let k = 0; k < nw; k++) {
    const w = a[off + k];
    d += (w >>> 24) + ((w >>> 16) & 0xff) + ((w >>> 8) & 0xff) + (w & 0xff);
  }
  return d;
}

/** Bytes 0xff where the byte of x ≥ the byte of y (bytes ≤ 127), by the guard-bit subtraction. */
function geMask(x: number, y: number): number {
  const d = ((x | GUARD) - y) & GUARD; // guard bit kept exactly where x ≥ y
  return ((d >>> 7) * 0xff) >>> 0;
}

/** Per-byte minimum of two words (exponent-wise gcd of four variables). */
export function minWord(x: number, y: number): number {
  const m = geMask(x, y);
  return ((y & m) | (x & ~m)) >>> 0;
}

/** Per-byte maximum of two words (exponent-wise lcm of four variables). */
export function maxWord(x: number, y: number): number {
  const m = geMask(x, y);
  return ((x & m) | (y & ~m)) >>> 0;
}

/** Pack an exponent vector (index = variable) into nw words. */
export function packExponents(exps: ArrayLike<number>, out: Uint32Array, oi: number, nw: number): void {
  for (let k = 0; k < nw; k++) out[oi + k] = 0;
  for (let v = 0; v < exps.length; v++) {
    const e = exps[v];
    if (e === 0) continue;
    if (!Number.isInteger(e) || e < 0 || e > MAX_EXPONENT) throw exponentOverflow();
    out[oi + (v >> 2)] = (out[oi + (v >> 2)] | (e << shiftOf(v))) >>> 0;
  }
}

/** Exponent vector of length nvars from the packed monomial. */
export function unpackExponents(a: Uint32Array, off: number, nw: number, nvars: number): number[] {
  const out = new Array<number>(nvars).fill(0);
  for (let v = 0; v < nvars; v++) out[v] = exponentOf(a, off, v, nw);
  return out;
}

export function exponentOverflow(): SysgraphError {
  return new SysgraphError('unsupported', `an exponent exceeds ${MAX_EXPONENT}`, {
    field: 'exponent',
    expected: `exponents of at most ${MAX_EXPONENT} per parameter`,
  });
}
