/**
 * splitColumns: [a_1 | a_2 | …] = a, the consecutive column blocks of the given widths, one selectCols per
 * block (a block of width 0 costs O(rows) on the sparse backend, the whole width returns a itself).
 */
import type { MatrixAlgebra } from './matrix-algebra';
import { span } from '../basis';

export function splitColumns<M, T>(alg: MatrixAlgebra<M, T>, a: M, widths: readonly number[]): M[] {
  const out: M[] = [];
  let c0 = 0;
  for (const w of widths) {
    out.push(alg.selectCols(a, span(c0, c0 + w)));
    c0 += w;
  }
  return out;
}
