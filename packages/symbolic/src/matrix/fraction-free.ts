/**
 * Fraction-free determinant and solve for matrices of rational functions: clear denominators row by row
 * (row i times L_i = lcm of its denominators, right-hand side included), run Bareiss elimination over
 * integer polynomials, and divide once at the end:
 *     det M = det(diag(L) M) / Π L_i,        x = (det(M′)·x) / det(M′)   with M′ = diag(L) M, B′ = diag(L) B.
 * Each result is reduced by one gcd. In network matrices the L_i are products of parameters (monomials),
 * so those gcds take the monomial fast path.
 */
import { lcm, type GcdOptions } from '../gcd/gcd';
import { Polynomial } from '../polynomial/polynomial';
import { RationalFunction } from '../rational/rational-function';
import type { RationalFunctionField } from '../field/rational-function-field';
import { bareissDeterminant, bareissSolve } from './bareiss';
import { FieldMatrix } from './field-matrix';
import { notSquare, rhsMismatch } from './singular';

type Cell = Polynomial | null;

/** Rows of polynomials M′ = diag(L)·[M | B] and the multipliers L. */
export function clearRowDenominators(
  m: FieldMatrix<RationalFunction>,
  b: FieldMatrix<RationalFunction> | null,
  opts: GcdOptions = {},
): { rows: Cell[][]; multipliers: Polynomial[] } {
  const rows: Cell[][] = [];
  const multipliers: Polynomial[] = [];
  for (let i = 0; i < m.rows; i++) {
    const entries = b ? [...m.row(i), ...b.row(i)] : m.row(i);
    let l = Polynomial.one();
    for (const v of entries) if (!v.isZero() && !v.den.isOne()) l = lcm(l, v.den, opts);
    multipliers.push(l);
    rows.push(entries.map((v) => (v.isZero() ? null : l.isOne() ? v.num : v.num.mul(l.divideExact(v.den)))));
  }
  return { rows, multipliers };
}

export function fractionFreeDeterminant(field: RationalFunctionField, m: FieldMatrix<RationalFunction>): RationalFunction {
  if (!m.isSquare) throw notSquare(m.rows, m.cols);
  const { rows, multipliers } = clearRowDenominators(m, null, field.gcdOptions);
  const det = bareissDeterminant(rows);
  const scale = multipliers.reduce((a, l) => a.mul(l), Polynomial.one());
  return RationalFunction.fromPolynomials(field.variables, det, scale, field.gcdOptions);
}

export function fractionFreeSolve(
  field: RationalFunctionField,
  m: FieldMatrix<RationalFunction>,
  b: FieldMatrix<RationalFunction>,
): FieldMatrix<RationalFunction> {
  if (!m.isSquare) throw notSquare(m.rows, m.cols);
  if (b.rows !== m.rows) throw rhsMismatch(m.rows, b.rows);
  const n = m.rows;
  const { rows } = clearRowDenominators(m, b, field.gcdOptions);
  const sol = bareissSolve(
    rows.map((r) => r.slice(0, n)),
    rows.map((r) => r.slice(n)),
  );
  return FieldMatrix.fromFunction(field, n, b.cols, (i, j) =>
    RationalFunction.fromPolynomials(field.variables, sol.numerators[i][j], sol.det, field.gcdOptions),
  );
}
