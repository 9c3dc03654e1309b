/**
 * shiftedForm: the tutorial's x' = A x + B u + E u', y = C x + D u + F u' in the project's simulation form
 * (formulation.md section 5.3), with x̃ = x − E u:
 *   x̃' = A x̃ + (B + A E) u,   y = C x̃ + (D + C E) u + F u',   x = x̃ + Bd u with Bd = E.
 * (x̃' = x' − E u' = A x + B u = A (x̃ + E u) + B u.) Returned in the project's names: A, B, C, D, E (the outputs'
 * u' term) and Bd.
 */
import type { FieldMatrix, RationalFunction } from '@sysgraph/symbolic';
import type { LinearEquationModel } from './equation-model';

export interface ShiftedForm<M> {
  readonly A: M;
  readonly B: M;
  readonly C: M;
  readonly D: M;
  /** The outputs' u' term (the tutorial's F). */
  readonly E: M;
  /** x = x̃ + Bd u (the tutorial's E). */
  readonly Bd: M;
}

const mul = (a: number[][], b: number[][], cols: number) => a.map((row) => Array.from({ length: cols }, (_, j) => row.reduce((s, x, k) => s + x * b[k][j], 0)));
const add = (a: number[][], b: number[][]) => a.map((row, i) => row.map((x, j) => x + b[i][j]));

export function shiftedForm(m: LinearEquationModel): { symbolic: ShiftedForm<FieldMatrix<RationalFunction>>; numeric?: ShiftedForm<number[][]> } {
  const s = m.symbolic;
  const symbolic = { A: s.A, B: s.B.add(s.A.mul(s.E)), C: s.C, D: s.D.add(s.C.mul(s.E)), E: s.F, Bd: s.E };
  const n = m.numeric;
  const r = m.inputs.length;
  const numeric = n ? { A: n.A, B: add(n.B, mul(n.A, n.E, r)), C: n.C, D: add(n.D, mul(n.C, n.E, r)), E: n.F, Bd: n.E } : undefined;
  return numeric ? { symbolic, numeric } : { symbolic };
}
