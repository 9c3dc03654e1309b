/**
 * rowDegrees: per row of a matrix of rational functions, an upper bound on its degree in every variable once
 * the row is cleared of denominators (what fraction-free elimination works on): the largest numerator degree
 * plus the degree of the product of the row's distinct denominators (a bound on their lcm). Only the variables
 * that occur count: a substituted parameter is a number and adds nothing (monomialBound).
 */
import type { Polynomial } from '../polynomial/polynomial';
import type { RationalFunction } from '../rational/rational-function';

export function rowDegrees(rows: readonly (readonly RationalFunction[])[], variableCount: number): number[][] {
  return rows.map((row) => {
    const out = new Array<number>(variableCount).fill(0);
    const dens: Polynomial[] = [];
    for (const x of row) {
      if (x.isZero()) continue;
      for (const v of x.num.variables()) out[v] = Math.max(out[v], x.num.degreeIn(v));
      if (!x.den.isOne() && !dens.some((d) => d.equals(x.den))) dens.push(x.den);
    }
    const numMax = out.slice();
    const denSum = new Array<number>(variableCount).fill(0);
    for (const d of dens) for (const v of d.variables()) denSum[v] += d.degreeIn(v);
    return numMax.map((n, v) => n + denSum[v]);
  });
}
