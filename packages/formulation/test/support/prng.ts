/**
 * Draws from the workspace's seeded generator (seededRandom, @sysgraph/core: mulberry32, 32-bit state, period
 * 2^32). Deterministic for a given seed; no Math.random anywhere in the oracle.
 */
import { seededRandom } from '@sysgraph/core';

export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number;
  /** Uniform in [lo, hi). */
  uniform(lo: number, hi: number): number;
  /** Log-uniform in [lo, hi). */
  logUniform(lo: number, hi: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
}

export function mulberry32(seed: number): Prng {
  const next = seededRandom(seed);
  return {
    next,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    uniform: (lo, hi) => lo + (hi - lo) * next(),
    logUniform: (lo, hi) => Math.exp(Math.log(lo) + (Math.log(hi) - Math.log(lo)) * next()),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

/** Mix a seed with a label (FNV-1a over the label, then xor) so that families draw independent streams. */
export function mixSeed(seed: number, label: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < label.length; k++) {
    h ^= label.charCodeAt(k);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h ^ Math.imul(seed >>> 0, 0x9e3779b1)) >>> 0;
}
