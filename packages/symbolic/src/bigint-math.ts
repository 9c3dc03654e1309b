/** Integer helpers on bigint: gcd, absolute value, integer square root, bit length (Knuth TAOCP vol. 2, 4.5.2). */

export function babs(a: bigint): bigint {
  return a < 0n ? -a : a;
}

/** gcd(a, b) ≥ 0 by Euclid's algorithm; gcd(0, 0) = 0. */
export function igcd(a: bigint, b: bigint): bigint {
  a = babs(a);
  b = babs(b);
  while (b !== 0n) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** ⌊√n⌋ for n ≥ 0, by Newton's iteration x ← (x + n/x)/2 from an upper starting value. */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << BigInt((bitLength(n) >> 1) + 1);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** Number of bits of |n| (0 for 0). */
export function bitLength(n: bigint): number {
  if (n < 0n) n = -n;
  if (n === 0n) return 0;
  return n.toString(16).length * 4 - (Math.clz32(parseInt(n.toString(16)[0], 16)) - 28);
}

/** Symmetric residue of a modulo m (m > 0): the representative in (−m/2, m/2]. */
export function symmetricMod(a: bigint, m: bigint): bigint {
  let r = a % m;
  if (r < 0n) r += m;
  if (2n * r > m) r -= m;
  return r;
}
