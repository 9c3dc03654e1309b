/**
 * numberField: float64 arithmetic as a Field<number>. isZero is exact (a === 0) by default;
 * numberFieldWithTolerance(tol) makes isZero(a) mean |a| ≤ tol (an absolute tolerance, chosen by the
 * caller for the scale of the problem). Division by an exact zero throws 'bad-value'. Pivots are chosen
 * by largest magnitude (partial pivoting).
 */
import { SysgraphError } from '@sysgraph/core';
import type { Field } from './field';

export function numberFieldWithTolerance(tolerance: number): Field<number> {
  if (!(tolerance >= 0)) {
    throw new SysgraphError('bad-option', `tolerance ${tolerance} is not a non-negative number`, {
      field: 'tolerance',
      expected: 'a non-negative number',
    });
  }
  const isZero = tolerance === 0 ? (a: number) => a === 0 : (a: number) => Math.abs(a) <= tolerance;
  return Object.freeze({
    name: tolerance === 0 ? 'float64' : `float64(|x| ≤ ${tolerance} is 0)`,
    exact: false,
    zero: 0,
    one: 1,
    add: (a: number, b: number) => a + b,
    sub: (a: number, b: number) => a - b,
    mul: (a: number, b: number) => a * b,
    div: (a: number, b: number) => {
      if (b === 0) {
        throw new SysgraphError('bad-value', 'division by zero', { expected: 'a nonzero divisor' });
      }
      return a / b;
    },
    neg: (a: number) => -a,
    isZero,
    isOne: (a: number) => a === 1,
    equals: (a: number, b: number) => a === b,
    fromInteger: (n: number | bigint) => Number(n),
    fromRational: (n: number | bigint, d: number | bigint) => Number(n) / Number(d),
    toNumber: (a: number) => a,
    pivotCost: (a: number) => -Math.abs(a),
    format: (a: number) => String(a),
  });
}

/** float64 with exact zero test. */
export const numberField: Field<number> = numberFieldWithTolerance(0);
