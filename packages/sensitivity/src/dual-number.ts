/**
 * Dual numbers a + Σ_k a_k ε_k with ε_j ε_k = 0 (forward-mode differentiation in p directions at once): the
 * value v and the derivatives d[k] = ∂v/∂θ_k. Arithmetic (Griewank & Walther, "Evaluating Derivatives", ch. 3):
 *
 *     (a, a') ± (b, b') = (a ± b, a' ± b')
 *     (a, a') · (b, b') = (ab, a'b + ab')
 *     (a, a') / (b, b') = (a/b, (a' − (a/b) b') / b)
 *
 * As a Field (packages/symbolic) the formulation runs on it unchanged; only its linear solves are replaced
 * (dual-backend.ts). Zero is exact (value and every derivative 0); pivots prefer the largest |value|.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Field } from '@sysgraph/symbolic';

export interface Dual {
  readonly v: number;
  /** ∂v/∂θ_k, one per direction. */
  readonly d: Float64Array;
}

export function isZeroDual(a: Dual): boolean {
  if (a.v !== 0) return false;
  for (let k = 0; k < a.d.length; k++) if (a.d[k] !== 0) return false;
  return true;
}

/** The field of duals in p directions. */
export function dualField(p: number): Field<Dual> {
  const make = (v: number, d: Float64Array): Dual => ({ v, d });
  const constant = (v: number): Dual => make(v, new Float64Array(p));
  const zero = constant(0);
  const one = constant(1);
  const lin = (a: Dual, sa: number, b: Dual, sb: number): Dual => {
    const d = new Float64Array(p);
    for (let k = 0; k < p; k++) d[k] = sa * a.d[k] + sb * b.d[k];
    return make(sa * a.v + sb * b.v, d);
  };
  return Object.freeze({
    name: `dual float64 (${p} directions)`,
    exact: false,
    zero,
    one,
    add: (a: Dual, b: Dual) => lin(a, 1, b, 1),
    sub: (a: Dual, b: Dual) => lin(a, 1, b, -1),
    // (ab)' = a'b + ab'
    mul: (a: Dual, b: Dual) => make(a.v * b.v, lin(a, b.v, b, a.v).d),
    // (a/b)' = (a' − (a/b) b') / b
    div: (a: Dual, b: Dual) => {
      if (b.v === 0) throw new SysgraphError('bad-value', 'division by a dual number of value zero', { expected: 'a nonzero divisor' });
      const q = a.v / b.v;
      const d = new Float64Array(p);
      for (let k = 0; k < p; k++) d[k] = (a.d[k] - q * b.d[k]) / b.v;
      return make(q, d);
    },
    neg: (a: Dual) => lin(a, -1, a, 0),
    isZero: isZeroDual,
    isOne: (a: Dual) => a.v === 1 && a.d.every((x) => x === 0),
    equals: (a: Dual, b: Dual) => a.v === b.v && a.d.every((x, k) => x === b.d[k]),
    fromInteger: (n: number | bigint) => constant(Number(n)),
    fromRational: (n: number | bigint, m: number | bigint) => constant(Number(n) / Number(m)),
    toNumber: (a: Dual) => a.v,
    pivotCost: (a: Dual) => -Math.abs(a.v),
    format: (a: Dual) => `${a.v} + [${Array.from(a.d).join(', ')}]ε`,
  });
}
