/**
 * equilibrate: row and column scalings r, c by powers of two such that every row and every column of
 * diag(r)·|A|·diag(c) has its largest entry in [1/2, 2) — Ruiz's iteration for the max-norm (D. Ruiz, "A scaling
 * algorithm to equilibrate both rows and columns norms in matrices", RAL-TR-2001-034), each factor rounded to a
 * power of two so that the scaling itself is exact in floating point.
 *
 *   r_i ← r_i · 2^(−round(log2 √max_j |r_i a_ij c_j|)),   c_j ← c_j · 2^(−round(log2 √max_i |r_i a_ij c_j|))
 *
 * Why: the rank and singularity decisions of the formulation (a pivot counts as zero below a relative
 * tolerance) compare entries of different physical units — capacitances beside inductances, currents beside
 * voltages. Scaling every impedance by k multiplies rows and columns by powers of k; on the equilibrated matrix
 * those factors are gone (up to the rounding to powers of two), so the decisions do not depend on the units.
 * Zero rows and columns keep the scale 1 (they are singular whatever the scaling).
 */

const MAX_SWEEPS = 40;

/** |a_ij| as a function, rows × cols: dense matrices pass (i, j) => Math.abs(a[i][j]). */
export interface MagnitudePattern {
  readonly rows: number;
  readonly cols: number;
  /** Calls visit(i, j, |a_ij|) for every nonzero entry. */
  forEachNonzero(visit: (i: number, j: number, magnitude: number) => void): void;
}

export interface Equilibration {
  readonly rowScale: Float64Array;
  readonly colScale: Float64Array;
}

/** 2^(−round(log2 √m)): the power of two that brings m halfway to 1 (exact; 1 for m = 0 or non-finite m). */
function halfwayPower(m: number): number {
  if (!(m > 0) || !Number.isFinite(m)) return 1;
  return 2 ** -Math.round(Math.log2(m) / 2);
}

export function equilibrate(a: MagnitudePattern): Equilibration {
  const r = new Float64Array(a.rows).fill(1);
  const c = new Float64Array(a.cols).fill(1);
  const rowMax = new Float64Array(a.rows);
  const colMax = new Float64Array(a.cols);
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    rowMax.fill(0);
    a.forEachNonzero((i, j, m) => {
      const s = r[i] * m * c[j];
      if (s > rowMax[i]) rowMax[i] = s;
    });
    let changed = false;
    for (let i = 0; i < a.rows; i++) {
      const f = halfwayPower(rowMax[i]);
      if (f !== 1) {
        r[i] *= f;
        changed = true;
      }
    }
    colMax.fill(0);
    a.forEachNonzero((i, j, m) => {
      const s = r[i] * m * c[j];
      if (s > colMax[j]) colMax[j] = s;
    });
    for (let j = 0; j < a.cols; j++) {
      const f = halfwayPower(colMax[j]);
      if (f !== 1) {
        c[j] *= f;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { rowScale: r, colScale: c };
}

/** The magnitude pattern of a dense matrix whose entries map to numbers through `toNumber`. */
export function denseMagnitudes<T>(a: readonly (readonly T[])[], cols: number, isZero: (x: T) => boolean, toNumber: (x: T) => number): MagnitudePattern {
  return {
    rows: a.length,
    cols,
    forEachNonzero(visit) {
      for (let i = 0; i < a.length; i++) {
        const row = a[i];
        for (let j = 0; j < row.length; j++) if (!isZero(row[j])) visit(i, j, Math.abs(toNumber(row[j])));
      }
    },
  };
}
