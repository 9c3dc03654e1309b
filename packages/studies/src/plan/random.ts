/**
 * A seeded generator of uniform numbers in (0, 1): xoshiro128** (Blackman and Vigna) on four 32-bit words, seeded
 * through splitmix32, 53 bits per draw from two outputs. The same seed gives the same sequence on every platform
 * (integer arithmetic only, Math.imul), so a Monte Carlo plan is reproducible from its seed alone.
 */
export interface Random {
  /** A uniform number in the open interval (0, 1). */
  next(): number;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function seededRandom(seed: number): Random {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next32 = () => {
    // xoshiro128**: result = rotl(b·5, 7)·9
    const r = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return r;
  };
  return {
    next() {
      // 53 bits: (a·2^26 + b + ½) / 2^53 ∈ (0, 1), a the top 27 bits of one output, b the top 26 of the next
      const a = next32() >>> 5;
      const b = next32() >>> 6;
      return (a * 67108864 + b + 0.5) / 9007199254740992;
    },
  };
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
