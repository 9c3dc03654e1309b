/**
 * besselJ: J_0(x) … J_K(x) for x ≥ 0 by Miller's backward recurrence J_{k−1} = (2k/x) J_k − J_{k+1}, started well
 * above max(K, x) and normalised by J_0 + 2 Σ_{k≥1} J_{2k} = 1 (Abramowitz & Stegun 9.1.27 and 9.1.46; Numerical
 * Recipes §6.5). Accurate to a few ulps relative to max |J_k| for every k ≤ K. O(K + x).
 */
export function besselJ(x: number, K: number): Float64Array {
  const out = new Float64Array(K + 1);
  if (x === 0) {
    out[0] = 1;
    return out;
  }
  const start = 2 * Math.ceil((Math.max(K, x) + 30 + Math.sqrt(40 * Math.max(K, x))) / 2);
  let next = 0; // J_{k+1}
  let cur = 1e-300; // J_k (unnormalised)
  let sum = 0;
  for (let k = start; k >= 1; k--) {
    // J_{k−1} = (2k/x) J_k − J_{k+1}
    const prev = ((2 * k) / x) * cur - next;
    next = cur;
    cur = prev;
    if (k - 1 <= K) out[k - 1] = cur;
    if ((k - 1) % 2 === 0 && k - 1 > 0) sum += 2 * cur;
    if (Math.abs(cur) > 1e250) {
      // rescale everything computed so far
      next *= 1e-250;
      cur *= 1e-250;
      sum *= 1e-250;
      for (let j = k - 1; j <= K; j++) out[j] *= 1e-250;
    }
  }
  sum += cur; // J_0
  for (let k = 0; k <= K; k++) out[k] /= sum;
  return out;
}
