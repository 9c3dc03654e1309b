/**
 * maxRelative: the largest, over the traces, of max_k |a_i[k] − b_i[k]| ÷ max_k |b_i[k]| — how far traces a are from
 * reference traces b, each relative to its own peak.
 */
export const maxRelative = (a: readonly Float64Array[], b: readonly Float64Array[]): number =>
  Math.max(
    ...a.map((ai, i) => {
      let peak = 0, err = 0;
      for (let k = 0; k < ai.length; k++) {
        peak = Math.max(peak, Math.abs(b[i][k]));
        err = Math.max(err, Math.abs(ai[k] - b[i][k]));
      }
      return err / peak;
    }),
  );
