/**
 * Standard form of the oracle's state equations (formulation.md section 5.3, LTI case):
 * with x' = Ax x + Au u + Ad u' and x̃ = x − Bd u,  x̃' = A x̃ + B u,  A = Ax,  Bd = Ad,  B = Au + A·Ad.
 */
import { Matrix } from 'ml-matrix';
import type { TableauResult } from './tableau-state-equations';

export interface OracleStandardForm {
  A: number[][];
  B: number[][];
  Bd: number[][];
}

function toMatrix(rows: number[][], columns: number): Matrix {
  return rows.length ? new Matrix(rows) : new Matrix(0, columns);
}

/** A = Ax, Bd = Ad, B = Au + Ax·Ad (so that x' = A x + (B − A Bd) u + Bd u'). */
export function standardForm(result: Pick<TableauResult, 'Ax' | 'Au' | 'Ad' | 'inputs'>): OracleStandardForm {
  const nu = result.inputs.length;
  const nx = result.Ax.length;
  const a = toMatrix(result.Ax, nx);
  const au = toMatrix(result.Au, nu);
  const ad = toMatrix(result.Ad, nu);
  const b = nx ? au.add(a.mmul(ad)) : au;
  return { A: result.Ax.map((r) => [...r]), B: b.to2DArray(), Bd: result.Ad.map((r) => [...r]) };
}

/** A printable block of the result: x' = Ax x + Au u + Ad u', one row per state. */
export function formatTableauResult(result: TableauResult, digits = 6): string {
  const fmt = (row: number[]) => row.map((v) => (Math.abs(v) < 1e-14 ? 0 : v).toPrecision(digits).padStart(digits + 7)).join(' ');
  const head = `tableau ${result.size.rows}×${result.size.columns} rank ${result.size.rank}; x' unique: ${result.xdotUnique}; consistent: ${result.consistent}`;
  const lines = result.states.map(
    (s, k) =>
      `${(s.variable === 'across' ? 'v_' : 'i_') + s.branch}'`.padEnd(10) +
      `| ${fmt(result.Ax[k])} | ${fmt(result.Au[k])} | ${fmt(result.Ad[k])}`,
  );
  return [head, `columns: x = [${result.states.map((s) => s.branch).join(', ')}], u = u' = [${result.inputs.join(', ')}]`, ...lines].join('\n');
}
