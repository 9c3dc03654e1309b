/**
 * evaluateTransfer: the symbolic H(s) at parameter values and a complex s, from its entries collected in
 * powers of s (Horner's rule on the numerically evaluated coefficients). O(outputs · inputs · coefficient terms).
 */
import { SysgraphError } from '@sysgraph/core';
import { evaluateFractionInS } from './collect-in-s';
import type { Complex } from './complex';
import type { ParameterValueMap, SymbolicTransfer } from './symbolic-transfer';

/** Values in VariableSet order; a parameter used by H without a value throws 'missing-parameter-value'. */
export function transferValues(h: SymbolicTransfer, values: ParameterValueMap): Float64Array {
  const used = new Set<number>();
  for (const row of h.entries) {
    for (const e of row) for (const c of [...e.numerator, ...e.denominator]) for (const v of c.usedVariableIndices()) used.add(v);
  }
  return h.variables.valuesFrom(values, used);
}

export function evaluateTransfer(h: SymbolicTransfer, values: ParameterValueMap | Float64Array, s: Complex): Complex[][] {
  const x = values instanceof Float64Array ? values : transferValues(h, values);
  return h.entries.map((row, i) =>
    row.map((e, j) => {
      const z = evaluateFractionInS(e, x, s);
      if (!Number.isFinite(z.re) || !Number.isFinite(z.im)) {
        throw new SysgraphError('bad-option', `H_{${h.outputs[i]},${h.inputs[j]}} is not finite at ${h.laplace.name} = ${s.re} + ${s.im}i (a pole, or a parameter value without meaning)`, {
          field: h.laplace.name,
          expected: 'a point that is not a pole, and finite parameter values',
        });
      }
      return z;
    }),
  );
}
