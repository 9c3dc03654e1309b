/**
 * dualExpression: the value of an element's expression and its derivatives with respect to the chosen
 * parameters, by forward-mode differentiation over the expression tree (the nodes the description parser
 * allows: constants, parameters, + − * / ^, unary ±, parentheses, sqrt exp log sin cos tan abs sign):
 *
 *   (a ± b)' = a' ± b'     (ab)' = a'b + ab'     (a/b)' = (a' − (a/b) b')/b
 *   (a^b)' = b a^(b−1) a'  (+ a^b ln(a) b' when the exponent depends on θ)
 *   sqrt' = a'/(2√a)   exp' = e^a a'   log' = a'/a   sin' = cos(a) a'   cos' = −sin(a) a'   tan' = a'/cos²(a)
 *   abs' = sign(a) a'  sign' = 0 (their values away from a = 0)
 *
 * The values are those of evaluateExpression (the same tree walk); mathjs is not involved.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Expression } from '@sysgraph/description';
import { EXPRESSION_FUNCTION_VALUES } from '@sysgraph/description';
import type { ConstantNode, FunctionNode, MathNode, OperatorNode, ParenthesisNode, SymbolNode } from 'mathjs';
import type { Dual } from './dual-number';

type Derivative = (a: number) => number;

const DERIVATIVES: ReadonlyMap<string, Derivative> = new Map<string, Derivative>([
  ['sqrt', (a) => 1 / (2 * Math.sqrt(a))],
  ['exp', (a) => Math.exp(a)],
  ['log', (a) => 1 / a],
  ['sin', (a) => Math.cos(a)],
  ['cos', (a) => -Math.sin(a)],
  ['tan', (a) => 1 / Math.cos(a) ** 2],
  ['abs', (a) => Math.sign(a)],
  ['sign', () => 0],
]);

/** values: every parameter's value; index: the parameter → its direction k (absent: a constant). */
export function dualExpression(expr: Expression, values: ReadonlyMap<string, number | null>, index: ReadonlyMap<string, number>, p: number): Dual {
  const walk = (node: MathNode): Dual => {
    switch (node.type) {
      case 'ConstantNode':
        return { v: (node as ConstantNode).value as number, d: new Float64Array(p) };
      case 'SymbolNode': {
        const name = (node as SymbolNode).name;
        const d = new Float64Array(p);
        const k = index.get(name);
        if (k !== undefined) d[k] = 1;
        return { v: values.get(name) as number, d };
      }
      case 'ParenthesisNode':
        return walk((node as ParenthesisNode).content);
      case 'OperatorNode': {
        const op = node as OperatorNode;
        const a = walk(op.args[0]);
        if (op.fn === 'unaryMinus') return { v: -a.v, d: a.d.map((x) => -x) };
        if (op.fn === 'unaryPlus') return a;
        const b = walk(op.args[1]);
        const d = new Float64Array(p);
        switch (op.fn) {
          case 'add':
            for (let k = 0; k < p; k++) d[k] = a.d[k] + b.d[k];
            return { v: a.v + b.v, d };
          case 'subtract':
            for (let k = 0; k < p; k++) d[k] = a.d[k] - b.d[k];
            return { v: a.v - b.v, d };
          case 'multiply':
            for (let k = 0; k < p; k++) d[k] = a.d[k] * b.v + a.v * b.d[k];
            return { v: a.v * b.v, d };
          case 'divide': {
            const q = a.v / b.v;
            for (let k = 0; k < p; k++) d[k] = (a.d[k] - q * b.d[k]) / b.v;
            return { v: q, d };
          }
          case 'pow': {
            const v = Math.pow(a.v, b.v);
            const da = b.v === 0 ? 0 : b.v * Math.pow(a.v, b.v - 1);
            const varying = b.d.some((x) => x !== 0);
            const db = varying ? v * Math.log(a.v) : 0;
            for (let k = 0; k < p; k++) d[k] = da * a.d[k] + (varying ? db * b.d[k] : 0);
            return { v, d };
          }
        }
        break;
      }
      case 'FunctionNode': {
        const fn = node as FunctionNode;
        const name = (fn.fn as unknown as SymbolNode).name;
        const f = EXPRESSION_FUNCTION_VALUES.get(name);
        const df = DERIVATIVES.get(name);
        if (f !== undefined && df !== undefined && fn.args.length === 1) {
          const a = walk(fn.args[0]);
          const s = df(a.v);
          return { v: f(a.v), d: a.d.map((x) => (x === 0 ? 0 : s * x)) };
        }
        break;
      }
    }
    throw new SysgraphError('bad-value', `"${expr.text}": cannot differentiate a ${node.type} node`, { expected: 'an expression built by the description parser' });
  };
  return walk(expr.node);
}
