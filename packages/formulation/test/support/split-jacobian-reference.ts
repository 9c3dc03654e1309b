/**
 * ∂f/∂x = A_lin + M·diag(g')·P on the pattern of a SplitJacobian, as the single-loop fill did before the stamps
 * were cut into checked segments: A_lin's terms summed into each entry in row and term order, then every product
 * M[c,i]·P[i,j]·g'_i added in (row, term, argument) order. The reference the checked stamps must equal bit for bit.
 */
import type { CsrMatrix } from '@sysgraph/linalg';
import type { LawSplit } from '../../src/network-model/law-split';

export function referenceSplitJacobian(split: LawSplit, pattern: CsrMatrix, slope: Float64Array): Float64Array {
  const { n, m, rows, args } = split;
  const g0 = n + m;
  const { rowPtr, colIdx } = pattern;
  const base = new Float64Array(colIdx.length);
  const at = new Map<number, number>();
  const positionIn = (c: number, j: number) => {
    at.clear();
    for (let q = rowPtr[c]; q < rowPtr[c + 1]; q++) at.set(colIdx[q], q);
    return at.get(j)!;
  };
  const stamps: [number, number][] = [];
  for (let c = 0; c < n; c++) {
    for (let q = rows.ptr[c]; q < rows.ptr[c + 1]; q++) {
      const col = rows.src[q];
      if (col < n) base[positionIn(c, col)] += rows.coef[q];
      else if (col >= g0) {
        const i = col - g0;
        for (let e = args.ptr[i]; e < args.ptr[i + 1]; e++) {
          const j = args.src[e];
          if (j < n) stamps.push([positionIn(c, j), rows.coef[q] * args.coef[e] * slope[i]]);
        }
      }
    }
  }
  const values = base.slice();
  for (const [p, v] of stamps) values[p] += v;
  return values;
}
