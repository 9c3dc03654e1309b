/**
 * toMathNode: a RationalFunction as a mathjs expression tree (for mathjs derivative, toTex, or printing),
 * obtained by parsing toText with the caller's mathjs instance; every parameter is a SymbolNode.
 */
import type { MathJsInstance, MathNode } from 'mathjs';
import type { RationalFunction } from '../rational/rational-function';
import { formatText } from '../print/to-text';

export function toMathNode(rf: RationalFunction, math: Pick<MathJsInstance, 'parse'>): MathNode {
  return math.parse(formatText(rf));
}
