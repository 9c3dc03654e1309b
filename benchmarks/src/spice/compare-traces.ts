/**
 * Comparison of traces at common sample times: linear interpolation of a tool's output onto the sample times
 * and the largest deviation from a reference over every probe and sample, relative to the reference's peak.
 */

/** y(t) at each of `at`, linear between the points (t ascending; repeated times take the later row). */
export function interpolateLinear(t: Float64Array, y: Float64Array, at: Float64Array): Float64Array {
  const out = new Float64Array(at.length);
  let k = 0;
  for (let i = 0; i < at.length; i++) {
    const x = at[i];
    while (k + 1 < t.length && t[k + 1] <= x) k++;
    if (k + 1 >= t.length || t[k] === x) out[i] = y[k];
    else if (x < t[0]) out[i] = y[0];
    else out[i] = y[k] + ((y[k + 1] - y[k]) * (x - t[k])) / (t[k + 1] - t[k]);
  }
  return out;
}

/** max over probes and samples of |value|. */
export function peakOf(traces: readonly Float64Array[]): number {
  let peak = 0;
  for (const tr of traces) for (const x of tr) peak = Math.max(peak, Math.abs(x));
  return peak;
}

/** max |a − b| over probes and samples, divided by `scale`. */
export function maxDeviation(a: readonly Float64Array[], b: readonly Float64Array[], scale: number): number {
  if (a.length !== b.length) throw new RangeError(`maxDeviation: ${a.length} vs ${b.length} probes`);
  let err = 0;
  a.forEach((x, p) => {
    if (x.length !== b[p].length) throw new RangeError(`maxDeviation: probe ${p}: ${x.length} vs ${b[p].length} samples`);
    for (let i = 0; i < x.length; i++) err = Math.max(err, Math.abs(x[i] - b[p][i]));
  });
  return err / scale;
}

/** The n evenly spaced times k·tEnd/(n − 1), k = 0 … n − 1 (those of simulate's `samples`). */
export function sampleTimes(tEnd: number, n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, k) => (k === n - 1 ? tEnd : (k * tEnd) / (n - 1)));
}
