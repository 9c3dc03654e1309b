/**
 * Integer draws from a seeded generator (seededRandom, @sysgraph/core), so that every generated system is a pure
 * function of its seed.
 */
export type Random = () => number;

/** An integer in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n);
}
