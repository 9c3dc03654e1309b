/**
 * The mathjs node classes expressions are built of, from a mathjs instance made of those classes alone: no units
 * (SymbolNode's optional Unit dependency is left out, so names like m or N stay plain symbols) and none of the
 * typed functions that mathjs's parser and arithmetic need, which cost a tenth of a second to build. The
 * builders feed parseArithmetic (@sysgraph/core).
 */
import {
  ConstantNodeDependencies,
  NodeDependencies,
  OperatorNodeDependencies,
  ParenthesisNodeDependencies,
  create,
  createFunctionNode,
  createSymbolNode,
} from 'mathjs';
import type { ConstantNode, FunctionNode, MathNode, OperatorNode, ParenthesisNode, SymbolNode } from 'mathjs';
import type {} from './mathjs-node-factories';
import { arithmeticNodesOf } from '@sysgraph/core';
import type { ArithmeticNodes } from '@sysgraph/core';

export interface ExpressionNodeClasses {
  readonly ConstantNode: new (value: number) => ConstantNode;
  readonly SymbolNode: new (name: string) => SymbolNode;
  readonly OperatorNode: new (op: string, fn: string, args: MathNode[], implicit?: boolean) => OperatorNode;
  readonly ParenthesisNode: new (content: MathNode) => ParenthesisNode;
  readonly FunctionNode: new (fn: SymbolNode, args: MathNode[]) => FunctionNode;
}

export interface ExpressionNodes {
  readonly math: ExpressionNodeClasses;
  readonly builders: ArithmeticNodes<MathNode>;
}

export function createExpressionNodes(): ExpressionNodes {
  // SymbolNode and FunctionNode from their factories and NodeDependencies: without Unit (optional for SymbolNode),
  // whose dependencies SymbolNodeDependencies would bring in (mathjs-node-factories.ts).
  const math = create(
    { ConstantNodeDependencies, OperatorNodeDependencies, ParenthesisNodeDependencies, NodeDependencies, createSymbolNode, createFunctionNode } as never,
    { number: 'number' },
  ) as unknown as ExpressionNodeClasses;
  return { math, builders: arithmeticNodesOf<MathNode>(math) };
}
