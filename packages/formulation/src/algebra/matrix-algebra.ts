/**
 * MatrixAlgebra<M, T>: the matrix operations the formulation is written against, once, for every backend:
 * dense over any Field (symbolic and small numeric models) and sparse CSR (large numeric networks).
 */
import type { SignedMatrix } from '@sysgraph/graph';
import type { Field } from '@sysgraph/symbolic';

export interface MatrixAlgebra<M, T> {
  readonly field: Field<T>;
  readonly kind: 'dense' | 'sparse';
  rows(a: M): number;
  cols(a: M): number;
  zeros(rows: number, cols: number): M;
  identity(n: number): M;
  diag(values: readonly T[]): M;
  /** A matrix from (row, col, value) entries; duplicates are summed. */
  fromEntries(rows: number, cols: number, entries: Iterable<readonly [number, number, T]>): M;
  fromSigned(s: SignedMatrix): M;
  add(a: M, b: M): M;
  sub(a: M, b: M): M;
  mul(a: M, b: M): M;
  neg(a: M): M;
  transpose(a: M): M;
  selectRows(a: M, rows: ArrayLike<number>): M;
  selectCols(a: M, cols: ArrayLike<number>): M;
  /** Optional: [a_1 | a_2 | …] = a, the consecutive column blocks of the given widths (split-columns.ts). */
  splitCols?(a: M, widths: readonly number[]): M[];
  hcat(blocks: readonly M[]): M;
  vcat(blocks: readonly M[]): M;
  /** a⁻¹ b; throws SingularMatrix (with the pivot column) when a is singular. */
  solve(a: M, b: M): M;
  /**
   * Optional: a⁻¹ b_k for every block b_k, one factorisation of a for all, without assembling [b_1 | b_2 | …].
   * solveEach (solve-each.ts) falls back to one solve with the blocks side by side.
   */
  solveEach?(a: M, bs: readonly M[]): M[];
  isZero(a: M): boolean;
  get(a: M, i: number, j: number): T;
  toDense(a: M): T[][];
  nnz(a: M): number;
}

/** Thrown by MatrixAlgebra.solve; the caller maps `column` to the elements involved. */
export class SingularMatrix extends Error {
  constructor(readonly column: number, readonly size: number) {
    super(`singular matrix: no pivot in column ${column} of ${size}`);
    this.name = 'SingularMatrix';
  }
}
