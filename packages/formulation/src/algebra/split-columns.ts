/**
 * splitColumns: [a_1 | a_2 | …] = a, the consecutive column blocks of the given widths: the backend's own split
 * when it has one (sparse: one pass, csr-split-cols.ts), else one selectCols per block.
 */
import type { MatrixAlgebra } from './matrix-algebra';
import { span } from '../basis';

export function splitColumns<M, T>(alg: MatrixAlgebra<M, T>, a: M, widths: readonly number[]): M[] {
  if (alg.splitCols) return alg.splitCols(a, widths);
  const out: M[] = [];
  let c0 = 0;
  for (const w of widths) {
    out.push(alg.selectCols(a, span(c0, c0 + w)));
    c0 += w;
  }
  return out;
}
