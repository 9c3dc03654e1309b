/**
 * mulberry32: a seeded 32-bit pseudo-random generator (Tommy Ettinger's public-domain mulberry32), so that
 * every generated system is a pure function of its seed. Returns floats in [0, 1).
 */
export type Random = () => number;

export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n);
}
