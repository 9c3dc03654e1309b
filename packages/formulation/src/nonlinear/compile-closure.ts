/**
 * compileClosure: a validated mathjs expression tree → a tree of JavaScript closures over one Float64Array
 * environment (no eval, no Function): the fast form of f(x, u, t) and its Jacobians for simulation.
 * Symbols resolve to an environment slot or to a bound constant (a parameter's value).
 */
import { SysgraphError } from '@sysgraph/core';
import { EXPRESSION_FUNCTION_VALUES } from '@sysgraph/description';
import type { ConstantNode, FunctionNode, MathNode, OperatorNode, ParenthesisNode, SymbolNode } from 'mathjs';

export type Closure = (env: Float64Array) => number;

/** Functions the compiled code may call: the description's whitelist and what mathjs's derivative makes of it. */
const FUNCTIONS: ReadonlyMap<string, (x: number) => number> = new Map([
  ...EXPRESSION_FUNCTION_VALUES,
  ['sign', Math.sign],
  ['sec', (x: number) => 1 / Math.cos(x)],
  ['csc', (x: number) => 1 / Math.sin(x)],
  ['cot', (x: number) => 1 / Math.tan(x)],
  ['sinh', Math.sinh],
  ['cosh', Math.cosh],
  ['tanh', Math.tanh],
  ['cube', (x: number) => x * x * x],
  ['square', (x: number) => x * x],
]);

export interface SymbolTable {
  /** Environment slot of a variable (state, input, implicit variable, time). */
  readonly slots: ReadonlyMap<string, number>;
  /** Bound constants (parameter values). Slots take precedence. */
  readonly constants: ReadonlyMap<string, number>;
}

/** Throws 'unsupported' naming `what` when the tree holds a node or function the compiler does not know. */
export function compileClosure(node: MathNode, symbols: SymbolTable, what: string): Closure {
  const fail = (why: string) =>
    new SysgraphError('unsupported', `${what}: ${why}`, { element: what, expected: 'arithmetic, powers and the functions ' + [...FUNCTIONS.keys()].join(', ') });
  const walk = (n: MathNode): Closure => {
    switch (n.type) {
      case 'ConstantNode': {
        const c = (n as ConstantNode).value as unknown;
        if (typeof c !== 'number') throw fail(`the constant ${String(c)} is not a number`);
        return () => c;
      }
      case 'SymbolNode': {
        const name = (n as SymbolNode).name;
        const slot = symbols.slots.get(name);
        if (slot !== undefined) return (env) => env[slot];
        const c = symbols.constants.get(name);
        if (c !== undefined) return () => c;
        throw fail(`the name ${name} is neither a variable nor a parameter with a value`);
      }
      case 'ParenthesisNode':
        return walk((n as ParenthesisNode).content);
      case 'OperatorNode': {
        const op = n as OperatorNode;
        const args = op.args.map(walk);
        if (args.length === 1) {
          const [a] = args;
          if (op.fn === 'unaryMinus') return (env) => -a(env);
          if (op.fn === 'unaryPlus') return a;
        }
        if (args.length === 2) {
          const [a, b] = args;
          switch (op.fn) {
            case 'add': return (env) => a(env) + b(env);
            case 'subtract': return (env) => a(env) - b(env);
            case 'multiply': return (env) => a(env) * b(env);
            case 'divide': return (env) => a(env) / b(env);
            case 'pow': {
              // x^2 and x^3 as products: exact for negative bases and faster than Math.pow.
              const e = op.args[1];
              if (e.type === 'ConstantNode' && (e as ConstantNode).value === 2) return (env) => { const v = a(env); return v * v; };
              if (e.type === 'ConstantNode' && (e as ConstantNode).value === 3) return (env) => { const v = a(env); return v * v * v; };
              return (env) => Math.pow(a(env), b(env));
            }
          }
        }
        if (args.length > 2 && (op.fn === 'add' || op.fn === 'multiply')) {
          const add = op.fn === 'add';
          return (env) => {
            let s = add ? 0 : 1;
            for (const f of args) s = add ? s + f(env) : s * f(env);
            return s;
          };
        }
        throw fail(`the operator ${op.op} with ${args.length} operands is not supported`);
      }
      case 'FunctionNode': {
        const fn = n as FunctionNode;
        const name = (fn.fn as unknown as SymbolNode).name;
        const f = FUNCTIONS.get(name);
        if (f === undefined || fn.args.length !== 1) throw fail(`the function ${name} is not supported`);
        const a = walk(fn.args[0]);
        return (env) => f(a(env));
      }
      default:
        throw fail(`a ${n.type} is not supported`);
    }
  };
  return walk(node);
}
