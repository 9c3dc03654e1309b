/** parseRational: text → RationalFunction through the caller's mathjs parser and fromMathNode. */
import { SysgraphError } from '@sysgraph/core';
import type { MathJsInstance } from 'mathjs';
import type { RationalFunction } from '../rational/rational-function';
import type { VariableSet } from '../variable-set';
import { fromMathNode, RATIONAL_EXPECTED, type FromMathNodeOptions } from './from-math-node';

export function parseRational(
  text: string,
  variables: VariableSet,
  math: Pick<MathJsInstance, 'parse'>,
  opts: FromMathNodeOptions = {},
): RationalFunction {
  let node;
  try {
    node = math.parse(text);
  } catch (e) {
    throw new SysgraphError('bad-value', `cannot parse "${text}": ${(e as Error).message}`, {
      element: opts.context?.element,
      field: opts.context?.field,
      expected: RATIONAL_EXPECTED,
    });
  }
  return fromMathNode(node, variables, opts);
}
