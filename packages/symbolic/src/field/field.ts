/**
 * Field<T>: the arithmetic the matrix algorithms and the formulation are written against, once, for
 * float64 numbers and for exact rational functions alike (in the spirit of mathjs's typed functions).
 */

export interface Field<T> {
  /** A short name for printouts, e.g. "float64" or "Q(R, C, s)". */
  readonly name: string;
  /** True for exact fields: isZero is exact and structural equality is equality. */
  readonly exact: boolean;
  readonly zero: T;
  readonly one: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  /** a / b; throws SysgraphError 'bad-value' (expected "a nonzero divisor") when b is zero. */
  div(a: T, b: T): T;
  neg(a: T): T;
  isZero(a: T): boolean;
  isOne(a: T): boolean;
  equals(a: T, b: T): boolean;
  fromInteger(n: number | bigint): T;
  /** The rational number num/den (den ≠ 0). */
  fromRational(num: number | bigint, den: number | bigint): T;
  /** The float value, where the field has one. */
  toNumber?(a: T): number;
  /** Pivot preference among nonzero candidates: lower is better (e.g. −|a|, or the expression size). */
  pivotCost(a: T): number;
  format(a: T): string;
}
