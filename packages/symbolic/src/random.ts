/** SeededRandom: the workspace's seeded generator (seededRandom, @sysgraph/core) for evaluation points and pivot checks. */
import { seededRandom } from '@sysgraph/core';

export class SeededRandom {
  private readonly uniform: () => number;
  constructor(seed = 0x5eed) {
    this.uniform = seededRandom(seed);
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.uniform();
  }

  /** Uniform integer in [lo, hi). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo));
  }
}
