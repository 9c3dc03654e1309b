/**
 * seededRandom: the workspace's one seeded pseudo-random generator, mulberry32 (Tommy Ettinger, 2017, public
 * domain): a 32-bit state advanced by a Weyl step, its output mixed by two multiply–xorshift rounds; period 2^32.
 * Integer arithmetic only (Math.imul), so a seed gives the same sequence on every platform. Used for test data,
 * generated benchmark networks and generic evaluation points; not for statistics (studies has its own generator
 * with 53-bit draws) and never for anything secret.
 */
import { SysgraphError } from './errors';

const TWO_POW_32 = 4294967296;

/**
 * Uniform numbers in [0, 1), each a 32-bit output u divided by 2^32 (exact). The seed is an integer taken modulo
 * 2^32 (−1 and 2^32 − 1 give one sequence); anything else is refused.
 *
 *   x ← x + 0x6D2B79F5 (mod 2^32)
 *   z ← (x ⊕ (x ≫ 15)) · (x | 1)
 *   z ← z ⊕ (z + (z ⊕ (z ≫ 7)) · (z | 61))
 *   u ← z ⊕ (z ≫ 14)
 */
export function seededRandom(seed: number): () => number {
  if (!Number.isInteger(seed)) {
    throw new SysgraphError('bad-option', `seed: expected an integer, got ${seed}`, { field: 'seed', expected: 'an integer (taken modulo 2^32)' });
  }
  let x = seed >>> 0;
  return () => {
    x = (x + 0x6d2b79f5) >>> 0;
    let z = Math.imul(x ^ (x >>> 15), x | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / TWO_POW_32;
  };
}
