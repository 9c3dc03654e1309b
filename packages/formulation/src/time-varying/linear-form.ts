/**
 * LinearForm: a matrix that is linear in a vector of scalars, M(σ) = Σ_q σ_q M_q, stored as its nonzero
 * (row, column, scalar, coefficient) entries. Built once by evaluating M at the unit vectors; evaluated per step
 * in O(#entries) with no matrix products. The storage terms of section 5.2 are linear in the storage scalars.
 */
import type { Rows } from './dense';
import { zeros } from './dense';

export interface LinearForm {
  readonly rows: number;
  readonly cols: number;
  readonly row: Int32Array;
  readonly col: Int32Array;
  readonly scalar: Int32Array;
  readonly coefficient: Float64Array;
}

/** From the matrices at the unit vectors: units[q] = M(e_q). */
export function linearForm(units: readonly Rows[], rows: number, cols: number): LinearForm {
  const r: number[] = [];
  const c: number[] = [];
  const q: number[] = [];
  const v: number[] = [];
  units.forEach((M, k) => {
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        if (M[i][j] !== 0) {
          r.push(i);
          c.push(j);
          q.push(k);
          v.push(M[i][j]);
        }
      }
    }
  });
  return { rows, cols, row: Int32Array.from(r), col: Int32Array.from(c), scalar: Int32Array.from(q), coefficient: Float64Array.from(v) };
}

export function evaluateForm(f: LinearForm, sigma: Float64Array): Rows {
  const M = zeros(f.rows, f.cols);
  for (let e = 0; e < f.row.length; e++) M[f.row[e]][f.col[e]] += f.coefficient[e] * sigma[f.scalar[e]];
  return M;
}
