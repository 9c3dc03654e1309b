/**
 * backendAtTime: the values-at-time view of a time-varying description — the dense numeric Backend whose
 * scalars are the expressions evaluated at the parameter values and a fixed time t. Running the linear
 * formulation with it gives the frozen-time model (section 5 at the values of time t, without rate terms).
 */
import { SysgraphError } from '@sysgraph/core';
import { evaluateExpression } from '@sysgraph/description';
import { numberField } from '@sysgraph/symbolic';
import type { Backend } from '../backend';
import { denseAlgebra } from '../algebra/dense-algebra';
import type { Dense } from '../algebra/dense-algebra';

export function backendAtTime(parameters: ReadonlyMap<string, number | null>, t: number): Backend<Dense<number>, number> {
  return {
    name: 'numeric',
    algebra: denseAlgebra(numberField, 1e-13),
    scalar(expr, ctx) {
      try {
        return evaluateExpression(expr, parameters, t);
      } catch (e) {
        if (e instanceof SysgraphError) {
          throw new SysgraphError(e.code, `${ctx.element}.${ctx.field}: ${e.message}`, { element: ctx.element, field: ctx.field, expected: e.expected, elements: e.elements });
        }
        throw e;
      }
    },
    sqrt: (a) => Math.sqrt(a),
  };
}
