/**
 * numericSolve: a⁻¹ b for float64 matrices by Gauss–Jordan elimination whose decisions do not depend on units.
 *
 * Pivot choice: in each column the candidate of largest magnitude in the equilibrated matrix
 * diag(r)·a·diag(c) (equilibrate.ts, powers of two): partial pivoting as if every row and column were in units
 * of its own size.
 * Zero pivot: a candidate counts as zero when it is what is left of a cancellation, |a_ij| ≤ tol · s_ij, where
 * s_ij bounds the magnitudes of the terms that formed it:
 *   s_ij⁽⁰⁾ = |a_ij|,   a_rj ← a_rj − f a_cj  ⇒  s_rj ← s_rj + |f| s_cj.
 * Scaling rows and columns by any factors (not only powers of two) scales a_ij and s_ij alike, so a scaling of
 * every impedance by k, or of time, changes no decision; an entry that is small but not a cancellation (a
 * capacitance of 1e-15 F) is not zero. Rejected: a tolerance relative to max|a| (what this replaces): it
 * compares capacitances with inductances and called rlc-series singular once its impedances were scaled by 1e12.
 */
import { SingularMatrix } from './matrix-algebra';
import { denseMagnitudes, equilibrate } from './equilibrate';

export interface EliminationResult {
  /** The columns without a pivot (numerically zero after cancellation), in order. */
  readonly zeroColumns: number[];
}

/**
 * Eliminates in place: a (n×n) becomes diag-like, x (n×m) the solution rows (not yet divided by the pivots).
 * stopAtZero: throw SingularMatrix at the first column without a pivot (else skip it and go on, counting).
 */
export function eliminate(a: number[][], x: number[][], tol: number, stopAtZero: boolean): EliminationResult & { pivotRow: Int32Array } {
  const n = a.length;
  const m = x.length > 0 ? x[0].length : 0;
  const { rowScale } = equilibrate(denseMagnitudes(a, n, (v) => v === 0, (v) => v));
  const s = a.map((row) => row.map(Math.abs));
  const zeroColumns: number[] = [];
  const pivotRow = new Int32Array(n).fill(-1);
  let next = 0; // rows [0, next) hold pivots
  for (let c = 0; c < n; c++) {
    let best = -1;
    let bestWeight = 0;
    for (let r = next; r < n; r++) {
      const v = Math.abs(a[r][c]);
      if (v === 0 || v <= tol * s[r][c]) continue;
      const w = v * rowScale[r];
      if (w > bestWeight) {
        best = r;
        bestWeight = w;
      }
    }
    if (best < 0 || !Number.isFinite(bestWeight)) {
      if (stopAtZero) throw new SingularMatrix(c, n);
      zeroColumns.push(c);
      continue;
    }
    if (best !== next) {
      [a[next], a[best]] = [a[best], a[next]];
      [s[next], s[best]] = [s[best], s[next]];
      [x[next], x[best]] = [x[best], x[next]];
      [rowScale[next], rowScale[best]] = [rowScale[best], rowScale[next]];
    }
    const p = next++;
    pivotRow[c] = p;
    const ap = a[p];
    const sp = s[p];
    const xp = x[p];
    const piv = ap[c];
    for (let r = 0; r < n; r++) {
      if (r === p || a[r][c] === 0) continue;
      const ar = a[r];
      const sr = s[r];
      const xr = x[r];
      const f = ar[c] / piv;
      const af = Math.abs(f);
      ar[c] = 0;
      sr[c] = 0;
      for (let j = c + 1; j < n; j++) {
        if (ap[j] === 0) continue;
        ar[j] -= f * ap[j];
        sr[j] += af * sp[j];
      }
      for (let j = 0; j < m; j++) if (xp[j] !== 0) xr[j] -= f * xp[j];
    }
  }
  return { zeroColumns, pivotRow };
}

/** a⁻¹ b; SingularMatrix (with the column) when a column has no pivot beyond cancellation. */
export function numericSolve(a: readonly (readonly number[])[], b: readonly (readonly number[])[], tol: number): number[][] {
  const n = a.length;
  const A = a.map((row) => row.slice());
  const X = b.map((row) => row.slice());
  eliminate(A, X, tol, true);
  for (let r = 0; r < n; r++) {
    const piv = A[r][r];
    const xr = X[r];
    for (let j = 0; j < xr.length; j++) xr[j] = xr[j] === 0 ? 0 : xr[j] / piv;
  }
  return X;
}

/** The number of columns of a without a pivot beyond cancellation (the numerical nullity, scale-invariant). */
export function numericNullity(a: readonly (readonly number[])[], tol: number): number {
  const A = a.map((row) => row.slice());
  return eliminate(A, A.map(() => []), tol, false).zeroColumns.length;
}
