/**
 * TimeMath: the mathjs instance that differentiates value expressions in t (formulation.md section 11), created
 * by the caller and passed in (no shared instance). Rates for evaluation are taken unsimplified (mathjs's
 * simplification costs ~40 ms per expression and changes nothing numerically); `display` simplifies for reading.
 */
import { create, derivativeDependencies, parseDependencies, simplifyDependencies } from 'mathjs';
import type { MathNode } from 'mathjs';
import { SysgraphError } from '@sysgraph/core';

export interface TimeMath {
  parse(text: string): MathNode;
  /** d node / d variable, unsimplified; 'bad-value' naming `what` when mathjs cannot differentiate it. */
  derivative(node: MathNode, variable: string, what: string): MathNode;
  /** A simplified copy for display (decimal constants kept as decimals). */
  display(node: MathNode): MathNode;
}

export function createTimeMath(): TimeMath {
  const math = create({ parseDependencies, derivativeDependencies, simplifyDependencies }, { number: 'number' });
  return {
    parse: (text) => math.parse(text) as MathNode,
    derivative(node, variable, what) {
      try {
        return math.derivative(node, variable, { simplify: false }) as MathNode;
      } catch (e) {
        throw new SysgraphError('bad-value', `${what}: cannot differentiate with respect to ${variable} (${e instanceof Error ? e.message : String(e)})`, {
          element: what.split('.')[0],
          field: what.split('.')[1],
          expected: 'an expression of t built from + - * / ^ and sqrt, exp, log, sin, cos, tan, abs',
        });
      }
    },
    display(node) {
      try {
        return math.simplify(node, {}, { exactFractions: false }) as MathNode;
      } catch {
        return node;
      }
    },
  };
}
