/**
 * checkMonotone: a parametric coordinate w(ξ) that the formulation inverts (or divides by: ξ' = i_C / q'(ξ)) must
 * be strictly monotone on the curve's interval [a, b] (formulation.md section 12: "w-controlled on an interval if
 * w'(ξ) ≠ 0 there"). Checked at t = 0 on a uniform sample of SAMPLES + 1 points: w' finite and of one strict sign,
 * and w strictly monotone between samples. Otherwise 'bad-law' naming the element and the coordinate.
 * A sample cannot see a turn between two points closer than (b − a)/SAMPLES; that is the limit of this check.
 */
import { SysgraphError } from '@sysgraph/core';
import { compileClosure } from './compile-closure';
import type { NonlinearMath } from './nonlinear-math';
import type { MonotoneCheck } from './system-parts';

const SAMPLES = 256;

export function checkMonotone(check: MonotoneCheck, nm: NonlinearMath, constants: ReadonlyMap<string, number>): void {
  const node = nm.math.parse(check.text);
  const slots = new Map([[check.variable, 0], ['t', 1]]);
  const w = compileClosure(node, { slots, constants }, check.element);
  const dw = compileClosure(nm.derivative(node, check.variable, check.element), { slots, constants }, check.element);
  const [a, b] = check.interval;
  const env = new Float64Array(2);
  let sign = 0;
  let previous = Number.NaN;
  for (let j = 0; j <= SAMPLES; j++) {
    env[0] = a + ((b - a) * j) / SAMPLES;
    const value = w(env);
    const slope = dw(env);
    const s = Math.sign(slope);
    const turn = j > 0 && Math.sign(value - previous) !== sign;
    if (!Number.isFinite(value) || !Number.isFinite(slope) || s === 0 || (sign !== 0 && s !== sign) || turn) {
      throw new SysgraphError(
        'bad-law',
        `${check.element}: the ${check.quantity} coordinate of its curve is not strictly monotone on [${a}, ${b}] (at ${check.variable} = ${env[0]}: slope ${slope}), and the formulation must invert it there`,
        { element: check.element, field: 'law.parametric', expected: `a ${check.quantity} coordinate with a nonzero derivative of one sign on the interval, or a narrower interval` },
      );
    }
    sign = s;
    previous = value;
  }
}
