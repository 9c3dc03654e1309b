/**
 * solve(M, B): the one entry point for M X = B over any Field. 'auto' looks at the structure first
 * (diagonal, triangular: direct substitution; block diagonal: each block on its own) and otherwise
 * eliminates: fraction-free (Bareiss) for rational functions, Gaussian with pivoting for floats.
 * inverse(M) = solve(M, I), only when asked for; determinant(M) likewise dispatches.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Field } from '../field/field';
import { isRationalFunctionField } from '../field/rational-function-field';
import type { RationalFunction } from '../rational/rational-function';
import { FieldMatrix } from './field-matrix';
import { fractionFreeDeterminant, fractionFreeSolve } from './fraction-free';
import { gaussDeterminant, gaussSolve } from './gauss-solve';
import { notSquare, rhsMismatch } from './singular';
import { detectStructure } from './structure';
import { solveDiagonal, solveTriangular } from './triangular-solve';

export type SolveMethod = 'auto' | 'gauss' | 'fraction-free';

export interface SolveOptions {
  readonly method?: SolveMethod;
  /** Detect diagonal, triangular and block-diagonal structure first (default true). */
  readonly structure?: boolean;
}

export function solve<T>(m: FieldMatrix<T>, b: FieldMatrix<T>, opts: SolveOptions = {}): FieldMatrix<T> {
  if (!m.isSquare) throw notSquare(m.rows, m.cols);
  if (b.rows !== m.rows) throw rhsMismatch(m.rows, b.rows);
  const F = m.field;
  if (opts.structure !== false && m.rows > 0) {
    const s = detectStructure(m);
    switch (s.kind) {
      case 'diagonal':
        return solveDiagonal(m, b);
      case 'upper-triangular':
        return solveTriangular(m, b, true);
      case 'lower-triangular':
        return solveTriangular(m, b, false);
      case 'block-diagonal': {
        const x = FieldMatrix.zeros(F, m.rows, b.cols);
        const allCols = Array.from({ length: b.cols }, (_, j) => j);
        for (const idx of s.blocks) {
          const xb = solve(m.select(idx, idx), b.select(idx, allCols), opts);
          idx.forEach((i, r) => allCols.forEach((c) => x.set(i, c, xb.get(r, c))));
        }
        return x;
      }
      default:
        break;
    }
  }
  return eliminate(m, b, opts.method ?? 'auto');
}

function eliminate<T>(m: FieldMatrix<T>, b: FieldMatrix<T>, method: SolveMethod): FieldMatrix<T> {
  const F = m.field as Field<unknown>;
  if (method === 'gauss') return gaussSolve(m, b);
  if (isRationalFunctionField(F)) {
    return fractionFreeSolve(F, m as unknown as FieldMatrix<RationalFunction>, b as unknown as FieldMatrix<RationalFunction>) as unknown as FieldMatrix<T>;
  }
  if (method === 'fraction-free') {
    throw new SysgraphError('bad-option', `fraction-free elimination needs rational functions, not ${F.name}`, {
      field: 'method',
      expected: "'auto' or 'gauss' for this field",
    });
  }
  return gaussSolve(m, b);
}

/** M⁻¹ = solve(M, I). */
export function inverse<T>(m: FieldMatrix<T>, opts: SolveOptions = {}): FieldMatrix<T> {
  return solve(m, FieldMatrix.identity(m.field, m.rows), opts);
}

/** det(M): fraction-free for rational functions, Gaussian pivots otherwise. */
export function determinant<T>(m: FieldMatrix<T>): T {
  if (!m.isSquare) throw notSquare(m.rows, m.cols);
  const F = m.field as Field<unknown>;
  if (isRationalFunctionField(F)) {
    return fractionFreeDeterminant(F, m as unknown as FieldMatrix<RationalFunction>) as unknown as T;
  }
  return gaussDeterminant(m);
}
