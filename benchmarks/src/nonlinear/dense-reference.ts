/**
 * A reference trace on a uniform grid: per probe its values and time derivatives at t_j = j·h, read at any time
 * by cubic Hermite interpolation (error h⁴/384·max|y''''|). Two runs of a second-order integrator at h and h/2
 * are combined by Richardson extrapolation, (4·y_{h/2} − y_h)/3 (the trapezoidal rule's global error expands in
 * even powers of h for smooth solutions, so the combination is fourth order), and their difference is kept as an
 * estimate of the trapezoidal run's own error (the extrapolated one is smaller).
 */

export interface ProbeRun {
  /** Grid step, s. */
  readonly h: number;
  /** Per probe: values and derivatives at j·h, j = 0 … steps. */
  readonly values: readonly Float64Array[];
  readonly slopes: readonly Float64Array[];
}

export interface DenseReference extends ProbeRun {
  /** max over probes and grid points of |y_{h/2} − y_h| (the unextrapolated run's error is about 4/3 of it). */
  readonly trapezoidDifference: number;
}

/** Richardson extrapolation of a run at h (coarse) and one at h/2 (fine, read at every other point). */
export function richardson(coarse: ProbeRun, fine: ProbeRun): DenseReference {
  const values: Float64Array[] = [];
  const slopes: Float64Array[] = [];
  let diff = 0;
  coarse.values.forEach((yc, p) => {
    const yf = fine.values[p];
    const dc = coarse.slopes[p];
    const df = fine.slopes[p];
    const y = new Float64Array(yc.length);
    const d = new Float64Array(yc.length);
    for (let j = 0; j < yc.length; j++) {
      y[j] = (4 * yf[2 * j] - yc[j]) / 3;
      d[j] = (4 * df[2 * j] - dc[j]) / 3;
      diff = Math.max(diff, Math.abs(yf[2 * j] - yc[j]));
    }
    values.push(y);
    slopes.push(d);
  });
  return { h: coarse.h, values, slopes, trapezoidDifference: diff };
}

/** The reference's probe p at each of `times` (cubic Hermite on the grid; times beyond the grid are clamped). */
export function referenceAt(ref: ProbeRun, p: number, times: Float64Array): Float64Array {
  const y = ref.values[p];
  const d = ref.slopes[p];
  const last = y.length - 1;
  const out = new Float64Array(times.length);
  for (let i = 0; i < times.length; i++) {
    const s = Math.min(Math.max(times[i] / ref.h, 0), last);
    const j = Math.min(Math.floor(s), last - 1);
    const x = s - j;
    const h = ref.h;
    const x2 = x * x;
    const x3 = x2 * x;
    out[i] = (2 * x3 - 3 * x2 + 1) * y[j] + (x3 - 2 * x2 + x) * h * d[j] + (-2 * x3 + 3 * x2) * y[j + 1] + (x3 - x2) * h * d[j + 1];
  }
  return out;
}
