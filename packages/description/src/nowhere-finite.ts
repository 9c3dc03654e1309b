/**
 * nowhereFinite: whether an expression of a law's variable (and t) is NaN or ±∞ at every sample point — a law
 * such as `0/0`, `1/0`, `v/0` or `log(0)` that can only fail later (as "no root of its law found" or "state
 * overflowed"), so it is refused where it is read, naming the element and the law's field.
 *
 * Samples: the variable at each of `points` (the origin and ±1 for an explicit law, the interval's ends and
 * midpoint for a parametric curve), t = 0, the parameters at their values. A law finite at one sample at least
 * is left to the later stages (a law with a pole at the origin, `1/v`, is the linearisation's concern).
 * Unknown when a parameter has no value (symbolic use): not refused.
 */
import { SysgraphError } from '@sysgraph/core';
import { evaluateExpression } from './evaluate-expression';
import { TIME_VARIABLE } from './time-variable';
import type { Expression } from './types';

export function nowhereFinite(expr: Expression, variable: string, points: readonly number[], parameters: ReadonlyMap<string, number | null>): boolean {
  if (expr.parameters.some((p) => p !== variable && p !== TIME_VARIABLE && (parameters.get(p) ?? null) === null)) return false;
  const values = new Map(parameters);
  for (const x of points) {
    values.set(variable, x);
    let y: number;
    try {
      y = evaluateExpression({ ...expr, parameters: expr.parameters.filter((p) => p !== variable) }, values, 0);
    } catch (e) {
      if (e instanceof SysgraphError) return false;
      throw e;
    }
    if (Number.isFinite(y)) return false;
  }
  return true;
}
