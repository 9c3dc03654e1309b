/**
 * The parser of signal text. Plain arithmetic (numbers, names, + − * / ^, parentheses, calls such as
 * step(1, 0.5)) is read by parseArithmetic (@sysgraph/core) into mathjs node classes, with no mathjs parser
 * built; other text goes to a restricted mathjs instance (mathjs "security" recipe: the functions that could run
 * or define code are replaced by ones that throw, and only `parse` is kept, privately), made on first use.
 * Parsed trees are then checked node by node against a whitelist (see compile-expression.ts).
 */
import {
  ConstantNodeDependencies,
  NodeDependencies,
  OperatorNodeDependencies,
  ParenthesisNodeDependencies,
  create,
  createFunctionNode,
  createSymbolNode,
  parseDependencies,
} from 'mathjs';
import type { MathNode } from 'mathjs';
import type {} from '../mathjs-node-factories';
import { arithmeticNodesOf, parseArithmetic } from '@sysgraph/core';
import type { ArithmeticNodeClasses } from '@sysgraph/core';

export interface RestrictedParser {
  parse(text: string): MathNode;
}

/** mathjs's node classes alone: no units (SymbolNode's Unit is optional), no typed functions. */
function nodeClasses(): ArithmeticNodeClasses {
  // SymbolNode and FunctionNode from their factories: without Unit and its dependencies (mathjs-node-factories.ts)
  return create(
    { ConstantNodeDependencies, OperatorNodeDependencies, ParenthesisNodeDependencies, NodeDependencies, createSymbolNode, createFunctionNode } as never,
    { number: 'number' },
  ) as unknown as ArithmeticNodeClasses;
}

function mathjsParser(): (text: string) => MathNode {
  const math = create({ parseDependencies }, { number: 'number' });
  const parse = math.parse;
  const disabled = (name: string) => () => {
    throw new Error(`function ${name} is disabled`);
  };
  // Later calls on the instance itself cannot reach code execution.
  for (const name of ['import', 'createUnit', 'evaluate', 'parse', 'compile', 'simplify', 'derivative', 'resolve']) {
    (math as unknown as Record<string, unknown>)[name] = disabled(name);
  }
  return (text: string) => parse(text);
}

/** Build a parser that only turns text into a syntax tree; nothing is ever evaluated by mathjs. */
export function createRestrictedParser(): RestrictedParser {
  const builders = arithmeticNodesOf<MathNode>(nodeClasses());
  let full: ((text: string) => MathNode) | undefined;
  return {
    parse(text: string) {
      const plain = parseArithmetic(text, builders);
      if (plain !== undefined) return plain;
      full ??= mathjsParser();
      return full(text);
    },
  };
}
