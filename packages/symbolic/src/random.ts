/** SeededRandom: a small deterministic generator (mulberry32) for evaluation points and pivot checks. */

export class SeededRandom {
  private state: number;
  constructor(seed = 0x5eed) {
    this.state = seed >>> 0;
  }

  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [lo, hi). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo));
  }
}
