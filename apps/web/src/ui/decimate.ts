/**
 * decimateMinMax: a trace thinned for display only, min and max per pixel column. The samples are cut into
 * `buckets` runs of consecutive indices; each run becomes two points, at the times of its first and last
 * sample, carrying each series' smallest and largest value in the order they occur — so every peak a pixel
 * column holds is still drawn. Downloads use the full trace. Cost O(n · series).
 */
export interface Decimated {
  readonly t: Float64Array;
  readonly series: readonly Float64Array[];
}

export function decimateMinMax(t: Float64Array, series: readonly Float64Array[], buckets: number): Decimated {
  const n = t.length;
  if (n <= 4 * buckets || buckets < 1) return { t, series };
  const outT = new Float64Array(2 * buckets);
  const outS = series.map(() => new Float64Array(2 * buckets));
  for (let b = 0; b < buckets; b++) {
    const lo = Math.floor((b * n) / buckets);
    const hi = Math.floor(((b + 1) * n) / buckets) - 1;
    outT[2 * b] = t[lo];
    outT[2 * b + 1] = t[hi];
    series.forEach((y, s) => {
      let min = Infinity;
      let max = -Infinity;
      let iMin = lo;
      let iMax = lo;
      for (let i = lo; i <= hi; i++) {
        const v = y[i];
        if (v < min) {
          min = v;
          iMin = i;
        }
        if (v > max) {
          max = v;
          iMax = i;
        }
      }
      // NaN-only run: keep NaN (a gap), as the full trace would draw it
      if (min === Infinity) min = max = NaN;
      const [first, second] = iMin <= iMax ? [min, max] : [max, min];
      outS[s][2 * b] = first;
      outS[s][2 * b + 1] = second;
    });
  }
  return { t: outT, series: outS };
}
