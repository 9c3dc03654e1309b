/**
 * explainSingularDc: why a DC operating point fails, from the bordered matrix K of dc-equilibrium.ts. Up to
 * EXPLAIN_LIMIT unknowns by the SVD: the support of the null space of K (the states, and held nodes, that nothing
 * at DC fixes) and of the null space of Kᵀ (the equations that cannot all hold); the operating point does not
 * exist when the right-hand side has a component along a left null vector (|lᵀ b| > 1e-9 ‖b‖: a DC current into
 * a capacitor cutset, a DC voltage around an inductor loop), else it is not unique (a floating capacitor, a
 * loop of inductors). Larger models: the column the sparse LU found dependent, existence not decided.
 * Cost: two SVDs of K, O((n + h)³).
 */
import type { CsrMatrix } from '@sysgraph/linalg';
import { csrToDense, rankAndNullspace } from '@sysgraph/linalg';

export const EXPLAIN_LIMIT = 400;

export interface SingularDc {
  /** Unknowns (columns of K: states, then held nodes) in the null space. */
  readonly columns: readonly number[];
  /** Equations (rows of K) in the left null space. */
  readonly rows: readonly number[];
  /** false: no operating point; true: not unique; undefined: not decided (large model). */
  readonly consistent?: boolean;
}

/** Indices where a vector of the basis is not negligible (1e-6 of its largest entry). */
function support(basis: readonly Float64Array[]): number[] {
  const out = new Set<number>();
  for (const v of basis) {
    const max = v.reduce((a, x) => Math.max(a, Math.abs(x)), 0);
    v.forEach((x, i) => Math.abs(x) > 1e-6 * max && out.add(i));
  }
  return [...out].sort((a, b) => a - b);
}

export function explainSingularDc(K: CsrMatrix, rhs: Float64Array, column: number): SingularDc {
  if (K.rows > EXPLAIN_LIMIT || K.rows === 0) return { columns: column >= 0 ? [column] : [], rows: column >= 0 ? [column] : [] };
  const dense = csrToDense(K);
  const right = rankAndNullspace(dense, 1e-10);
  const left = rankAndNullspace(dense[0].map((_, j) => dense.map((row) => row[j])), 1e-10);
  const norm = Math.hypot(...rhs);
  const consistent = left.nullspace.every((l) => Math.abs(l.reduce((s, x, i) => s + x * rhs[i], 0)) <= 1e-9 * norm);
  if (right.nullspace.length === 0) return { columns: column >= 0 ? [column] : [], rows: column >= 0 ? [column] : [] };
  return { columns: support(right.nullspace), rows: support(left.nullspace), consistent };
}
