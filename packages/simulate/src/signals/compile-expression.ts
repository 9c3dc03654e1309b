/**
 * Validate a parsed expression of t against the whitelist and compile it, once, into a closure tree for the
 * value and a second closure tree for the exact derivative (symbolic differentiation rules applied node by node).
 *
 * Whitelist: numbers, the symbols t and pi, + − * / ^ (unary ±), parentheses, and the functions
 * sin cos tan exp log sqrt abs min max sign. Anything else is a 'bad-signal' error naming the input.
 * mathjs `derivative` is not used: it lacks sign/min/max and writes d|x| as abs(x)/x (NaN at 0).
 */
import type { MathNode } from 'mathjs';
import { badSignal } from './check-argument';

export type TimeFunction = (t: number) => number;

export interface CompiledExpression {
  readonly value: TimeFunction;
  readonly derivative: TimeFunction;
  /** True when the expression does not depend on t. */
  readonly constant: boolean;
}

const UNARY: Record<string, (x: number) => number> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  exp: Math.exp,
  log: Math.log,
  sqrt: Math.sqrt,
  abs: Math.abs,
  sign: Math.sign,
};
const VARIADIC: Record<string, (...x: number[]) => number> = { min: Math.min, max: Math.max };
const ZERO: TimeFunction = () => 0;

interface Compiled {
  f: TimeFunction;
  df: TimeFunction;
  constant: boolean;
}

export const ALLOWED_FUNCTIONS = [...Object.keys(UNARY), ...Object.keys(VARIADIC)];

export function compileExpression(node: MathNode, input: string): CompiledExpression {
  const c = compileNode(node, input);
  if (c.constant) {
    const v = c.f(0);
    return { value: () => v, derivative: ZERO, constant: true };
  }
  return { value: c.f, derivative: c.df, constant: false };
}

function constantNode(v: number): Compiled {
  return { f: () => v, df: ZERO, constant: true };
}

function reject(input: string, what: string): never {
  throw badSignal(
    input,
    `${what} is not allowed in a signal expression`,
    `numbers, t, pi, + - * / ^ and the functions ${ALLOWED_FUNCTIONS.join(' ')}`,
  );
}

function compileNode(node: MathNode, input: string): Compiled {
  const n = node as MathNode & Record<string, unknown>;
  switch (node.type) {
    case 'ConstantNode': {
      if (typeof n.value !== 'number' || !Number.isFinite(n.value)) reject(input, `the constant ${String(n.value)}`);
      return constantNode(n.value as number);
    }
    case 'SymbolNode': {
      if (n.name === 't') return { f: (t) => t, df: () => 1, constant: false };
      if (n.name === 'pi') return constantNode(Math.PI);
      return reject(input, `the symbol "${String(n.name)}"`);
    }
    case 'ParenthesisNode':
      return compileNode(n.content as MathNode, input);
    case 'OperatorNode':
      return compileOperator(n.fn as string, n.args as MathNode[], input);
    case 'FunctionNode': {
      const fn = n.fn as MathNode & { name?: string };
      if (fn.type !== 'SymbolNode' || typeof fn.name !== 'string') return reject(input, 'a computed function');
      return compileFunction(fn.name, n.args as MathNode[], input);
    }
    default:
      return reject(input, `a ${node.type}`);
  }
}

function fold(c: Compiled): Compiled {
  return c.constant ? constantNode(c.f(0)) : c;
}

function compileOperator(fn: string, argNodes: MathNode[], input: string): Compiled {
  const args = argNodes.map((a) => compileNode(a, input));
  if (args.length === 1) {
    const [a] = args;
    if (fn === 'unaryMinus') return fold({ f: (t) => -a.f(t), df: (t) => -a.df(t), constant: a.constant });
    if (fn === 'unaryPlus') return a;
    return reject(input, `the operator ${fn}`);
  }
  if (args.length !== 2) return reject(input, `the operator ${fn}`);
  const [a, b] = args;
  const constant = a.constant && b.constant;
  switch (fn) {
    case 'add': // (a + b)' = a' + b'
      return fold({ f: (t) => a.f(t) + b.f(t), df: (t) => a.df(t) + b.df(t), constant });
    case 'subtract': // (a − b)' = a' − b'
      return fold({ f: (t) => a.f(t) - b.f(t), df: (t) => a.df(t) - b.df(t), constant });
    case 'multiply': // (a b)' = a' b + a b'
      return fold({ f: (t) => a.f(t) * b.f(t), df: (t) => a.df(t) * b.f(t) + a.f(t) * b.df(t), constant });
    case 'divide': // (a / b)' = (a' b − a b') / b²
      return fold({
        f: (t) => a.f(t) / b.f(t),
        df: (t) => {
          const bv = b.f(t);
          return (a.df(t) * bv - a.f(t) * b.df(t)) / (bv * bv);
        },
        constant,
      });
    case 'pow': {
      if (b.constant) {
        // (a^k)' = k a^(k−1) a'
        const k = b.f(0);
        return fold({
          f: (t) => Math.pow(a.f(t), k),
          df: (t) => (k === 0 ? 0 : k * Math.pow(a.f(t), k - 1) * a.df(t)),
          constant,
        });
      }
      // (a^b)' = a^b (b' ln a + b a'/a)
      return {
        f: (t) => Math.pow(a.f(t), b.f(t)),
        df: (t) => {
          const av = a.f(t);
          const bv = b.f(t);
          const da = a.df(t);
          return Math.pow(av, bv) * (b.df(t) * Math.log(av) + (da === 0 ? 0 : (bv * da) / av));
        },
        constant: false,
      };
    }
    default:
      return reject(input, `the operator ${fn}`);
  }
}

function compileFunction(name: string, argNodes: MathNode[], input: string): Compiled {
  if (Object.prototype.hasOwnProperty.call(VARIADIC, name)) {
    if (argNodes.length < 1) return reject(input, `${name}() without arguments`);
    const args = argNodes.map((a) => compileNode(a, input));
    const constant = args.every((a) => a.constant);
    const pick = name === 'min' ? (x: number, y: number) => x < y : (x: number, y: number) => x > y;
    // (min/max of a_i)' = a_k' of the selected argument (the first one on ties)
    const select = (t: number): number => {
      let best = 0;
      let bv = args[0].f(t);
      for (let k = 1; k < args.length; k++) {
        const v = args[k].f(t);
        if (pick(v, bv)) {
          best = k;
          bv = v;
        }
      }
      return best;
    };
    return fold({
      f: (t) => args[select(t)].f(t),
      df: (t) => args[select(t)].df(t),
      constant,
    });
  }
  if (!Object.prototype.hasOwnProperty.call(UNARY, name)) return reject(input, `the function ${name}()`);
  if (argNodes.length !== 1) return reject(input, `${name}() with ${argNodes.length} arguments`);
  const a = compileNode(argNodes[0], input);
  const g = UNARY[name];
  const outer = outerDerivative(name);
  return fold({ f: (t) => g(a.f(t)), df: (t) => outer(a.f(t)) * a.df(t), constant: a.constant });
}

/** g'(x) for the whitelisted g (chain rule: (g∘a)' = g'(a) a'). */
function outerDerivative(name: string): (x: number) => number {
  switch (name) {
    case 'sin':
      return Math.cos;
    case 'cos':
      return (x) => -Math.sin(x);
    case 'tan':
      return (x) => 1 / (Math.cos(x) * Math.cos(x));
    case 'exp':
      return Math.exp;
    case 'log':
      return (x) => 1 / x;
    case 'sqrt':
      return (x) => 0.5 / Math.sqrt(x);
    case 'abs':
      return Math.sign;
    default: // sign: piecewise constant
      return () => 0;
  }
}
