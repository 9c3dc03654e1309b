/**
 * ScalarField<T>: the arithmetic the formulation needs of its matrix entries. Numbers (float64) for the
 * numeric backends, exact rational functions of the parameters for the symbolic one.
 */
export interface ScalarField<T> {
  readonly name: string;
  readonly zero: T;
  readonly one: T;
  add(a: T, b: T): T;
  sub(a: T, b: T): T;
  mul(a: T, b: T): T;
  div(a: T, b: T): T;
  neg(a: T): T;
  isZero(a: T): boolean;
  fromInteger(n: number): T;
  /** A magnitude for choosing pivots: |a| for numbers; |a| at generic parameter values for symbols. */
  pivotWeight(a: T): number;
  /** The value as a number (symbolic entries at generic parameter values). */
  toNumber(a: T): number;
  format(a: T): string;
}

export const numberField: ScalarField<number> = {
  name: 'number',
  zero: 0,
  one: 1,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
  neg: (a) => -a,
  isZero: (a) => a === 0,
  fromInteger: (n) => n,
  pivotWeight: (a) => Math.abs(a),
  toNumber: (a) => a,
  format: (a) => String(a),
};
