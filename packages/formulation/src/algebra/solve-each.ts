/**
 * solveEach: a⁻¹ b_k for several right-hand-side blocks b_k with one factorisation of a. Uses the algebra's own
 * solveEach when it has one (sparse: a diagonal a scales each block), else one solve with [b_1 | b_2 | …] split
 * back into its column blocks.
 */
import type { MatrixAlgebra } from './matrix-algebra';
import { span } from '../basis';

export function solveEach<M, T>(alg: MatrixAlgebra<M, T>, a: M, bs: readonly M[]): M[] {
  if (alg.solveEach) return alg.solveEach(a, bs);
  const X = alg.solve(a, alg.hcat(bs));
  const out: M[] = [];
  let c0 = 0;
  for (const b of bs) {
    const c1 = c0 + alg.cols(b);
    out.push(alg.selectCols(X, span(c0, c1)));
    c0 = c1;
  }
  return out;
}
