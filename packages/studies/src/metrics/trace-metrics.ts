/**
 * Metrics of one sampled response y(t_0 … t_N) (a step response as a rule), each linearly interpolated between
 * samples:
 *   final value  y_f = y(t_N)
 *   peak         y_p = max_k y_k (min_k y_k when the response falls, y_f < y_0), and the time t_p of its first sample
 *   rise time    t_90 − t_10, the first times y reaches y_0 + 0.1 (y_f − y_0) and y_0 + 0.9 (y_f − y_0)
 *   settling     the last time |y − y_f| > band·|y_f − y_0| (0 when it never leaves the band; the band is relative
 *                to the change, so 0.02 is the 2 % band)
 *   overshoot    (y_p − y_f)/(y_f − y_0) (0 when the peak does not pass y_f), a fraction
 * A metric with no meaning for the response (no change: y_f = y_0; a crossing that never happens) is NaN.
 */

export interface TraceMetrics {
  readonly final: number;
  readonly peak: number;
  readonly peakTime: number;
  readonly rise: number;
  readonly settling: number;
  readonly overshoot: number;
}

/** The first time y crosses `level` going from y_0's side to the other, interpolated; NaN if never. */
export function firstCrossing(t: ArrayLike<number>, y: ArrayLike<number>, level: number, rising: boolean): number {
  for (let k = 0; k < y.length; k++) {
    const reached = rising ? y[k] >= level : y[k] <= level;
    if (!reached) continue;
    if (k === 0) return t[0];
    // y(t) = y_{k−1} + (y_k − y_{k−1})(t − t_{k−1})/(t_k − t_{k−1}) = level
    return t[k - 1] + ((level - y[k - 1]) * (t[k] - t[k - 1])) / (y[k] - y[k - 1]);
  }
  return NaN;
}

/** The last time |y − target| leaves the band of half-width h (interpolated); 0 when it never does. */
export function settlingTime(t: ArrayLike<number>, y: ArrayLike<number>, target: number, h: number): number {
  const n = y.length;
  for (let k = n - 1; k >= 0; k--) {
    const e = Math.abs(y[k] - target);
    if (e <= h) continue;
    if (k === n - 1) return NaN; // not settled within the span
    // the band's edge between t_k (outside) and t_{k+1} (inside): y crosses target ± h
    const edge = y[k] > target ? target + h : target - h;
    return t[k] + ((edge - y[k]) * (t[k + 1] - t[k])) / (y[k + 1] - y[k]);
  }
  return 0;
}

export function traceMetrics(t: ArrayLike<number>, y: ArrayLike<number>, band = 0.02): TraceMetrics {
  const n = y.length;
  const y0 = y[0];
  const yf = y[n - 1];
  const change = yf - y0;
  const rising = change >= 0;
  let kp = 0;
  for (let k = 1; k < n; k++) if (rising ? y[k] > y[kp] : y[k] < y[kp]) kp = k;
  const peak = y[kp];
  if (change === 0 || !Number.isFinite(change)) return { final: yf, peak, peakTime: t[kp], rise: NaN, settling: NaN, overshoot: NaN };
  const t10 = firstCrossing(t, y, y0 + 0.1 * change, rising);
  const t90 = firstCrossing(t, y, y0 + 0.9 * change, rising);
  const overshoot = Math.max(0, (peak - yf) / change);
  return { final: yf, peak, peakTime: t[kp], rise: t90 - t10, settling: settlingTime(t, y, yf, band * Math.abs(change)), overshoot };
}
