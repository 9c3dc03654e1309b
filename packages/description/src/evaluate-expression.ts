/**
 * evaluateExpression: the numeric value of an Expression for given parameter values (and the time t, for an
 * expression that depends on it), by a direct walk of its (already validated) tree. Never calls mathjs's
 * evaluate: only + − * / ^, unary ± and the whitelisted functions.
 */
import { FUNCTION_VALUES, SysgraphError } from '@sysgraph/core';
import type { ConstantNode, FunctionNode, MathNode, OperatorNode, ParenthesisNode, SymbolNode } from 'mathjs';
import { TIME_VARIABLE } from './time-variable';
import type { Expression } from './types';

/** The numeric form of every whitelisted function (shared with compiled evaluators and symbolic atoms: core's FUNCTION_VALUES). */
export const EXPRESSION_FUNCTION_VALUES: ReadonlyMap<string, (x: number) => number> = FUNCTION_VALUES;

/**
 * Throws 'missing-parameter-value' listing (in `elements`) every parameter of `expr` that has no value (absent
 * or null), and `t` when the expression depends on the time and no `time` is given (never NaN). The result may
 * be non-finite (1/0, sqrt(-1)); callers that need a finite number check it.
 */
export function evaluateExpression(expr: Expression, values: ReadonlyMap<string, number | null>, time?: number): number {
  const missing = expr.parameters.filter((p) => {
    const v = values.get(p);
    return v === undefined || v === null;
  });
  const needsTime = expr.dependsOnTime && (time === undefined || typeof time !== 'number');
  if (needsTime) missing.push(TIME_VARIABLE);
  if (missing.length > 0) {
    throw new SysgraphError(
      'missing-parameter-value',
      `"${expr.text}" needs values for ${missing.map((p) => `"${p}"`).join(', ')}`,
      {
        elements: missing,
        expected: needsTime
          ? 'a number for every parameter of the expression, and a time t (the value varies with time)'
          : 'a number for every parameter of the expression',
      },
    );
  }
  return evaluateNode(expr.node, values, time ?? Number.NaN);
}

function evaluateNode(node: MathNode, values: ReadonlyMap<string, number | null>, time: number): number {
  switch (node.type) {
    case 'ConstantNode':
      return (node as ConstantNode).value as number;
    case 'SymbolNode': {
      const name = (node as SymbolNode).name;
      return name === TIME_VARIABLE ? time : (values.get(name) as number);
    }
    case 'ParenthesisNode':
      return evaluateNode((node as ParenthesisNode).content, values, time);
    case 'OperatorNode': {
      const op = node as OperatorNode;
      const a = evaluateNode(op.args[0], values, time);
      switch (op.fn) {
        case 'unaryMinus':
          return -a;
        case 'unaryPlus':
          return a;
      }
      const b = evaluateNode(op.args[1], values, time);
      switch (op.fn) {
        case 'add':
          return a + b;
        case 'subtract':
          return a - b;
        case 'multiply':
          return a * b;
        case 'divide':
          return a / b;
        case 'pow':
          return Math.pow(a, b);
      }
      break;
    }
    case 'FunctionNode': {
      const fn = node as FunctionNode;
      const f = EXPRESSION_FUNCTION_VALUES.get((fn.fn as unknown as SymbolNode).name);
      if (f !== undefined && fn.args.length === 1) return f(evaluateNode(fn.args[0], values, time));
      break;
    }
  }
  throw new SysgraphError('bad-value', `cannot evaluate a ${node.type} node`, {
    expected: 'an expression built by the description parser',
  });
}
