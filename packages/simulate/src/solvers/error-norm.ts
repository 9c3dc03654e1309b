/**
 * The weighted RMS error norm of Hairer, Nørsett & Wanner (Solving ODEs I, II.4, eq. 4.11):
 *   ‖e‖ = sqrt( (1/n) Σ (e_i / sc_i)² ),  sc_i = atol + rtol·max(|y0_i|, |y1_i|).
 * A step is accepted when ‖e‖ ≤ 1.
 */
export function errorNorm(e: Float64Array, y0: Float64Array, y1: Float64Array, rtol: number, atol: number): number {
  const n = e.length;
  if (n === 0) return 0;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const sc = atol + rtol * Math.max(Math.abs(y0[i]), Math.abs(y1[i]));
    const r = e[i] / sc;
    s += r * r;
  }
  // squares beyond the double range (a ratio above 1e154, e.g. rates of 1e300 against atol): the same norm
  // scaled by its largest ratio, m·sqrt((1/n) Σ (r_i/m)²)
  if (s === Infinity) return scaledRms(e, y0, y1, rtol, atol);
  return Math.sqrt(s / n);
}

function scaledRms(e: Float64Array, y0: Float64Array, y1: Float64Array, rtol: number, atol: number): number {
  const n = e.length;
  const ratio = (i: number) => Math.abs(e[i]) / (atol + rtol * Math.max(Math.abs(y0[i]), Math.abs(y1[i])));
  let m = 0;
  for (let i = 0; i < n; i++) m = Math.max(m, ratio(i));
  if (m === Infinity || m === 0) return m;
  let s = 0;
  for (let i = 0; i < n; i++) {
    const r = ratio(i) / m;
    s += r * r;
  }
  return m * Math.sqrt(s / n);
}

/** Scaled RMS norm of a single vector (sc_i = atol + rtol·|y_i|). */
export function scaledNorm(v: Float64Array, y: Float64Array, rtol: number, atol: number): number {
  return errorNorm(v, y, y, rtol, atol);
}

/**
 * The weighted max norm ‖e‖ = max_i |e_i| / sc_i (same sc_i): every component within its tolerance, whatever n.
 * The RMS norm divides by n, so in a large network whose activity is local (a front entering a 10^4-section
 * ladder) the few active components could carry errors up to √n times their tolerance; the max norm keeps the
 * accuracy of each component independent of the network's size (as SPICE's per-device truncation-error control).
 */
export function errorNormMax(e: Float64Array, y0: Float64Array, y1: Float64Array, rtol: number, atol: number): number {
  const n = e.length;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const sc = atol + rtol * Math.max(Math.abs(y0[i]), Math.abs(y1[i]));
    const r = Math.abs(e[i]) / sc;
    if (r > m) m = r;
    else if (r !== r) return NaN;
  }
  return m;
}
