/**
 * rationalFunctionField(variables): exact rational functions over a VariableSet as a Field. The instance
 * owns a GcdCache and GcdStats (nothing global), shared by every operation made through it.
 */
import { GcdCache } from '../gcd/gcd-cache';
import { newGcdStats, type GcdOptions, type GcdStats } from '../gcd/gcd';
import { RationalFunction } from '../rational/rational-function';
import type { VariableSet } from '../variable-set';
import { toLatex } from '../print/to-latex';
import type { Field } from './field';

export interface RationalFunctionField extends Field<RationalFunction> {
  readonly kind: 'rational-function';
  readonly variables: VariableSet;
  /** The gcd options (cache, statistics) every operation of this field uses. */
  readonly gcdOptions: GcdOptions;
  readonly stats: GcdStats;
  /** The parameter `name` as a field element. */
  variable(name: string): RationalFunction;
  latex(a: RationalFunction): string;
}

export function rationalFunctionField(
  variables: VariableSet,
  opts: { readonly cacheCapacity?: number } = {},
): RationalFunctionField {
  const stats = newGcdStats();
  const gcdOptions: GcdOptions = { cache: new GcdCache(opts.cacheCapacity ?? 4096), stats };
  const zero = RationalFunction.zero(variables);
  const one = RationalFunction.one(variables);
  return {
    kind: 'rational-function',
    name: `Q(${variables.toArray().join(', ')})`,
    exact: true,
    variables,
    gcdOptions,
    stats,
    zero,
    one,
    add: (a, b) => a.add(b, gcdOptions),
    sub: (a, b) => a.sub(b, gcdOptions),
    mul: (a, b) => a.mul(b, gcdOptions),
    div: (a, b) => a.div(b, gcdOptions),
    neg: (a) => a.neg(),
    isZero: (a) => a.isZero(),
    isOne: (a) => a.isOne(),
    equals: (a, b) => a.equals(b),
    fromInteger: (n) => RationalFunction.constant(variables, n),
    fromRational: (n, d) => RationalFunction.constant(variables, n, d),
    pivotCost: (a) => a.termCount,
    format: (a) => a.toString(),
    variable: (name) => RationalFunction.variable(variables, name),
    latex: (a) => toLatex(a),
  };
}

export function isRationalFunctionField(field: Field<unknown>): field is RationalFunctionField {
  return (field as { kind?: string }).kind === 'rational-function';
}
