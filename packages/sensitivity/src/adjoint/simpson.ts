/**
 * Composite Simpson weights on n = 2^k + 1 evenly spaced nodes of [a, b], and on every other node (the coarse rule
 * whose difference from the fine one estimates the fine rule's error: E_h ≈ (S_h − S_2h)/15).
 *
 *     ∫_a^b g ≈ (h/3) (g_0 + 4 g_1 + 2 g_2 + 4 g_3 + … + 4 g_{n−2} + g_{n−1}),  h = (b − a)/(n − 1)
 */
export function simpsonWeights(n: number, a: number, b: number): Float64Array {
  if (n < 3 || n % 2 === 0) throw new RangeError(`Simpson's rule needs an odd number of nodes ≥ 3, not ${n}`);
  const h = (b - a) / (n - 1);
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = (h / 3) * (i === 0 || i === n - 1 ? 1 : i % 2 === 1 ? 4 : 2);
  return w;
}

/** The coarse rule on nodes 0, 2, 4, … of the same grid, written on the fine grid (zero on the odd nodes). */
export function coarseSimpsonWeights(n: number, a: number, b: number): Float64Array {
  const coarse = simpsonWeights((n + 1) / 2, a, b);
  const w = new Float64Array(n);
  for (let i = 0; i < coarse.length; i++) w[2 * i] = coarse[i];
  return w;
}
