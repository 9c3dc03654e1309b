/**
 * NonlinearMath: the one configured mathjs instance of the nonlinear formulation (parse, derivative, LaTeX),
 * created by the caller and passed in (no shared instance).
 */
import { create, derivativeDependencies, parseDependencies } from 'mathjs';
import type { MathNode } from 'mathjs';
import { SysgraphError } from '@sysgraph/core';

export interface NonlinearMath {
  readonly math: { parse(text: string): MathNode };
  /** ∂node/∂variable, simplified by mathjs; 'bad-law' naming `what` when mathjs cannot differentiate it. */
  derivative(node: MathNode, variable: string, what?: string): MathNode;
}

export function createNonlinearMath(): NonlinearMath {
  const math = create({ parseDependencies, derivativeDependencies }, { number: 'number' });
  return {
    math: { parse: (text) => math.parse(text) as MathNode },
    derivative(node, variable, what = 'expression') {
      try {
        return math.derivative(node, variable) as MathNode;
      } catch (e) {
        throw new SysgraphError('bad-law', `${what}: cannot differentiate with respect to ${variable} (${e instanceof Error ? e.message : String(e)})`, {
          element: what,
          expected: 'a law built from + - * / ^ and sqrt, exp, log, sin, cos, tan, abs',
        });
      }
    },
  };
}
