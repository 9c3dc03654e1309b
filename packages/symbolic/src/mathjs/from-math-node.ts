/**
 * fromMathNode: a mathjs expression tree → RationalFunction. Accepts ConstantNode (numbers read exactly
 * from their decimal form), SymbolNode (always a parameter: e, i, pi, E, C, L, N, m, g, J are names, never
 * constants or units), OperatorNode + − * / ^ (integer exponents), unary ±, ParenthesisNode. Anything
 * else throws 'unsupported' with expected "a rational expression of the parameters".
 */
import { SysgraphError, type SysgraphErrorCode } from '@sysgraph/core';
import type { MathNode } from 'mathjs';
import type { GcdOptions } from '../gcd/gcd';
import { MAX_EXPONENT } from '../polynomial/monomial';
import { RationalFunction } from '../rational/rational-function';
import type { VariableSet } from '../variable-set';
import { exactDecimal, exactNumber, type ExactRational } from './exact-decimal';
import { ATOM_FUNCTIONS, atomName, atomParameters, evaluateAtom, functionName } from '../atom/atom';
import type { AtomNode } from '../atom/atom';

export interface FromMathNodeOptions {
  /** Element and field to name in errors. */
  readonly context?: { readonly element?: string; readonly field?: string };
  /** Add unknown symbols to the VariableSet (default true); false makes them 'unknown-parameter'. */
  readonly addVariables?: boolean;
  /** Largest number of terms a power may expand to (default 10 000). */
  readonly maxPowerTerms?: number;
  readonly gcd?: GcdOptions;
  /**
   * Non-rational functions of parameters only (cos(alpha), sqrt(k1*k2), exp(-a), a power with a non-integer
   * exponent) become opaque atoms of the VariableSet (atom/atom.ts) instead of an error; a function of numbers
   * only becomes its value. Default false (a time-varying caller must not turn sin(t) into a constant).
   */
  readonly atoms?: boolean;
}

export const RATIONAL_EXPECTED = 'a rational expression of the parameters';

/** The structural view of a mathjs node this converter reads. */
interface NodeView {
  readonly type: string;
  readonly value?: unknown;
  readonly name?: string;
  readonly fn?: unknown;
  readonly op?: string;
  readonly args?: readonly NodeView[];
  readonly content?: NodeView;
}

export function fromMathNode(
  node: MathNode,
  variables: VariableSet,
  opts: FromMathNodeOptions = {},
): RationalFunction {
  return convert(node as unknown as NodeView, variables, opts);
}

function fail(code: SysgraphErrorCode, message: string, opts: FromMathNodeOptions, expected = RATIONAL_EXPECTED) {
  return new SysgraphError(code, message, {
    element: opts.context?.element,
    field: opts.context?.field,
    expected,
  });
}

function convert(node: NodeView, vars: VariableSet, opts: FromMathNodeOptions): RationalFunction {
  switch (node.type) {
    case 'ConstantNode': {
      const q = constantValue(node.value, opts);
      return RationalFunction.constant(vars, q.num, q.den);
    }
    case 'SymbolNode': {
      const name = String(node.name);
      if (!vars.has(name) && opts.addVariables === false) {
        throw fail('unknown-parameter', `unknown parameter ${name}`, opts, 'a declared parameter');
      }
      return RationalFunction.variable(vars, name);
    }
    case 'ParenthesisNode':
      return convert(node.content!, vars, opts);
    case 'OperatorNode':
      return operator(node, vars, opts);
    case 'FunctionNode':
      if (opts.atoms) return atom(node, vars, opts);
      throw fail('unsupported', `function ${functionName(node as unknown as AtomNode)}() is not rational`, opts);
    default:
      throw fail('unsupported', `${node.type} is not part of a rational expression`, opts);
  }
}

function operator(node: NodeView, vars: VariableSet, opts: FromMathNodeOptions): RationalFunction {
  const args = node.args ?? [];
  const fn = String(node.fn);
  const g = opts.gcd;
  const arg = (i: number) => convert(args[i], vars, opts);
  switch (fn) {
    case 'unaryMinus':
      return arg(0).neg();
    case 'unaryPlus':
      return arg(0);
    case 'add':
      return args.map((_, i) => arg(i)).reduce((a, b) => a.add(b, g));
    case 'subtract': {
      const a = arg(0); // left to right, so new names enter the VariableSet in reading order
      return a.sub(arg(1), g);
    }
    case 'multiply':
      return args.map((_, i) => arg(i)).reduce((a, b) => a.mul(b, g));
    case 'divide': {
      const n = arg(0);
      const d = arg(1);
      if (d.isZero()) {
        throw new SysgraphError('bad-value', 'division by an expression that is identically zero', {
          element: opts.context?.element,
          field: opts.context?.field,
          expected: 'a nonzero divisor',
        });
      }
      return n.div(d, g);
    }
    case 'pow': {
      const base = arg(0);
      const exponent = arg(1);
      if (opts.atoms && (!exponent.isConstant() || !exponent.den.isOne())) return atom(node, vars, opts);
      return power(base, exponent, opts);
    }
    default:
      throw fail('unsupported', `operator ${node.op ?? fn} is not rational`, opts);
  }
}

/** An opaque atom for a non-rational subtree of parameters only (its value when it reads no parameter). */
function atom(node: NodeView, vars: VariableSet, opts: FromMathNodeOptions): RationalFunction {
  const n = node as unknown as AtomNode;
  if (n.type === 'FunctionNode' && !ATOM_FUNCTIONS.has(functionName(n))) {
    throw fail('unsupported', `function ${functionName(n)}() is not one of ${[...ATOM_FUNCTIONS.keys()].join(', ')}`, opts);
  }
  const parameters = atomParameters(n);
  for (const p of parameters) {
    if (!vars.has(p) && opts.addVariables === false) throw fail('unknown-parameter', `unknown parameter ${p}`, opts, 'a declared parameter');
    if (vars.atomAt(vars.indexOf(p)) !== undefined) throw fail('bad-value', `${p} is an atom's name, not a parameter`, opts, 'a parameter');
  }
  if (parameters.length === 0) {
    const v = evaluateAtom(n, () => undefined);
    if (!Number.isFinite(v)) throw fail('bad-value', `${atomName(n)} is not a finite number`, opts, 'a finite value');
    const q = exactNumber(v);
    return RationalFunction.constant(vars, q.num, q.den);
  }
  const name = atomName(n);
  vars.addAtom(name, { node: n, latex: n.toTex({ parenthesis: 'keep', implicit: 'show' }), parameters });
  return RationalFunction.variable(vars, name);
}

function power(base: RationalFunction, exponent: RationalFunction, opts: FromMathNodeOptions): RationalFunction {
  if (!exponent.isConstant() || !exponent.den.isOne()) {
    throw fail('unsupported', 'a power with a non-integer exponent is not rational', opts);
  }
  const k = exponent.num.isZero() ? 0n : exponent.num.constantValue();
  const mag = k < 0n ? -k : k;
  if (base.isConstant()) {
    if (mag > 4096n) throw fail('unsupported', `exponent ${k} is too large`, opts, 'an exponent of at most 4096 on a number');
    if (base.isZero() && k < 0n) {
      throw new SysgraphError('bad-value', 'zero to a negative power', {
        element: opts.context?.element,
        field: opts.context?.field,
        expected: 'a nonzero divisor',
      });
    }
    return base.pow(Number(k));
  }
  if (mag > BigInt(MAX_EXPONENT)) {
    throw fail('unsupported', `exponent ${k} is too large`, opts, `an integer exponent of at most ${MAX_EXPONENT}`);
  }
  // Expanding a sum of n terms to the k-th power gives up to C(n + k − 1, k) terms.
  const limit = opts.maxPowerTerms ?? 10_000;
  const n = Math.max(base.num.size, base.den.size);
  if (n > 1 && logBinomial(n + Number(mag) - 1, Number(mag)) > Math.log(limit)) {
    throw fail('symbolic-too-costly', `expanding a ${n}-term sum to the power ${k} is too costly`, opts,
      `a power that expands to at most ${limit} terms`);
  }
  return base.pow(Number(k));
}

function logBinomial(n: number, k: number): number {
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log(n - k + i) - Math.log(i);
  return s;
}

function constantValue(value: unknown, opts: FromMathNodeOptions): ExactRational {
  try {
    if (typeof value === 'number') return exactNumber(value);
    if (typeof value === 'bigint') return { num: value, den: 1n };
    if (value !== null && typeof value === 'object') {
      const v = value as { isBigNumber?: boolean; isFraction?: boolean; n?: unknown; d?: unknown; s?: unknown };
      if (v.isBigNumber) return exactDecimal(String(value));
      if (v.isFraction) {
        const num = BigInt(v.n as bigint | number) * (Number(v.s) < 0 ? -1n : 1n);
        return { num, den: BigInt(v.d as bigint | number) };
      }
    }
  } catch (e) {
    if (e instanceof SysgraphError) {
      throw new SysgraphError(e.code, e.message, {
        element: opts.context?.element,
        field: opts.context?.field,
        expected: e.expected,
      });
    }
    throw e;
  }
  throw fail('unsupported', `constant ${String(value)} is not a number`, opts);
}

