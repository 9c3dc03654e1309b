/**
 * The mathjs node classes expressions are built of, from a mathjs instance made of those classes alone: no units
 * (SymbolNode's optional Unit dependency is left out, so names like m or N stay plain symbols) and none of the
 * typed functions that mathjs's parser and arithmetic need, which cost a tenth of a second to build. The
 * builders feed parseArithmetic (@sysgraph/core).
 */
import {
  ConstantNodeDependencies,
  FunctionNodeDependencies,
  OperatorNodeDependencies,
  ParenthesisNodeDependencies,
  SymbolNodeDependencies,
  create,
} from 'mathjs';
import type { ConstantNode, FunctionNode, MathNode, OperatorNode, ParenthesisNode, SymbolNode } from 'mathjs';
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
  // SymbolNode's dependencies without UnitDependencies (Unit is optional for SymbolNode); FunctionNode's without
  // its nested SymbolNodeDependencies, which would bring Unit back.
  const { UnitDependencies: _unit, ...symbolNode } = SymbolNodeDependencies as unknown as Record<string, unknown>;
  const { SymbolNodeDependencies: _symbol, ...functionNode } = FunctionNodeDependencies as unknown as Record<string, unknown>;
  const math = create(
    { ConstantNodeDependencies, OperatorNodeDependencies, ParenthesisNodeDependencies, ...symbolNode, ...functionNode } as never,
    { number: 'number' },
  ) as unknown as ExpressionNodeClasses;
  return { math, builders: arithmeticNodesOf<MathNode>(math) };
}
