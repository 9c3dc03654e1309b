/**
 * createPartial: the value of a compiled partial derivative ∂e/∂w at the loaded environment, guarded where a law
 * is not differentiable (d sqrt(|Δp|)/dΔp at Δp = 0 evaluates to ±Infinity or NaN; formulation.md section 12 needs
 * laws "differentiable within the interval of interest"). A non-finite value is, by the caller's option, replaced
 * by the central secant (e(w + δ) − e(w − δ))/(2δ) of the expression itself — a regularisation of the Jacobian
 * only — or reported as 'bad-law' naming the elements whose laws the entry uses. Never returned silently.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Closure } from './compile-closure';

/** ∂e/∂w: the compiled derivative, the compiled expression e, w's slot, and the entry's owner and laws (messages). */
export type Partial = (derivative: Closure, expression: Closure, slot: number, element: string, laws: readonly string[]) => number;

export function createPartial(env: Float64Array, secantWidth: number | undefined): Partial {
  return (derivative, expression, slot, element, laws) => {
    const v = derivative(env);
    if (Number.isFinite(v)) return v;
    if (secantWidth !== undefined && secantWidth > 0) {
      const keep = env[slot];
      env[slot] = keep + secantWidth;
      const plus = expression(env);
      env[slot] = keep - secantWidth;
      const minus = expression(env);
      env[slot] = keep;
      const secant = (plus - minus) / (2 * secantWidth);
      if (Number.isFinite(secant)) return secant;
    }
    const culprits = laws.length > 0 ? laws : [element];
    throw new SysgraphError('bad-law', `the law of ${culprits.join(', ')} is not differentiable where a Jacobian is requested (a derivative is ${v})`, {
      element: culprits[0],
      elements: culprits,
      field: 'law',
      expected: 'a law differentiable at this state and input, or the option secantWidth (a secant in place of the derivative)',
    });
  };
}
