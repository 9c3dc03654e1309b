/**
 * rowSpace: an orthonormal basis of the rows of a set of linear equations (modified Gram–Schmidt, twice), and the
 * relative distance of another row from their span: 0 when the equation is a combination of them (implied by
 * them), 1 when it is independent of them.
 */
export interface RowSpace {
  /** ‖h − Π h‖ / ‖h‖: how far the row is from being implied by the equations. */
  distance(h: ReadonlyMap<string, number>): number;
}

export function rowSpace(rows: readonly ReadonlyMap<string, number>[]): RowSpace {
  const symbols = new Map<string, number>();
  for (const r of rows) for (const s of r.keys()) if (!symbols.has(s)) symbols.set(s, symbols.size);
  const dense = (r: ReadonlyMap<string, number>): { v: Float64Array; outside: number } => {
    const v = new Float64Array(symbols.size);
    let outside = 0;
    for (const [s, c] of r) {
      const k = symbols.get(s);
      if (k === undefined) outside += c * c;
      else v[k] = c;
    }
    return { v, outside };
  };
  const dot = (a: Float64Array, b: Float64Array) => a.reduce((s, x, k) => s + x * b[k], 0);
  const project = (v: Float64Array, basis: Float64Array[]) => {
    for (let pass = 0; pass < 2; pass++) {
      for (const q of basis) {
        const c = dot(v, q);
        for (let k = 0; k < v.length; k++) v[k] -= c * q[k];
      }
    }
  };
  const basis: Float64Array[] = [];
  for (const r of rows) {
    const { v } = dense(r);
    const norm0 = Math.sqrt(dot(v, v));
    project(v, basis);
    const norm = Math.sqrt(dot(v, v));
    if (norm > 1e-10 * norm0) basis.push(v.map((x) => x / norm));
  }
  return {
    distance(h) {
      const { v, outside } = dense(h);
      const total = dot(v, v) + outside;
      if (total === 0) return 0;
      project(v, basis);
      return Math.sqrt((dot(v, v) + outside) / total);
    },
  };
}
