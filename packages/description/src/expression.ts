/**
 * Expressions of parameters: a restricted mathjs parser (mathjs `create` factory, one instance per parser, no
 * shared configuration). Every name is a plain symbol: mathjs's units and constants (m, g, N, J, C, L, e, i, E, …)
 * never apply, so a declared parameter always means the parameter. Allowed nodes: ConstantNode (finite number),
 * SymbolNode (a declared parameter; `pi` is the constant π when no parameter is named pi), OperatorNode
 * (+ − * / ^, unary − and +), ParenthesisNode, and FunctionNode of sqrt, exp, log, sin, cos, tan, abs, sign with
 * one argument. The name `t` is reserved for the time (formulation.md section 11): it is never a parameter, and an
 * expression that uses it has `dependsOnTime`. Nothing is ever evaluated by mathjs (see evaluate-expression.ts).
 */
import { derivativeDependencies, create, parseDependencies } from 'mathjs';
import type { ConstantNode, FunctionNode, MathNode, OperatorNode, ParenthesisNode, SymbolNode } from 'mathjs';
import { SysgraphError, parseArithmetic } from '@sysgraph/core';
import { createExpressionNodes } from './expression-nodes';
import { TIME_VARIABLE } from './time-variable';
import type { Expression } from './types';

/** Where an expression sits in the input, for error messages. */
export interface ExpressionSite {
  readonly element?: string;
  readonly field?: string;
  readonly path?: string;
}

/** Parameter names in scope: a set, or the parameter map itself. */
export type DeclaredParameters = ReadonlySet<string> | ReadonlyMap<string, unknown>;

export interface ExpressionParser {
  /** Parses and validates `text`; throws 'bad-value' or 'unknown-parameter' naming `site`. */
  parse(text: string, declared: DeclaredParameters, site?: ExpressionSite): Expression;
  /** A number as an exact constant (negative numbers as unary minus, so the text re-parses to the same value). */
  fromNumber(value: number, site?: ExpressionSite): Expression;
  /** 1/x as a fraction node: "1 / 250" for a constant, "1 / (k)" otherwise; never a rounded decimal. */
  reciprocal(expr: Expression): Expression;
  /** a/b as a fraction node "(a) / (b)" (constants unparenthesised). */
  quotient(numerator: Expression, denominator: Expression): Expression;
  /**
   * d expr / d variable by mathjs's `derivative`, validated like parsed text (so it stays within the allowed
   * nodes); `declared` must contain the variable (or it is `t`). d sign(a)/dx is taken as 0 and d|a|/dx as
   * sign(a)·a' (their values away from a = 0). Throws 'bad-value' naming `site` when mathjs cannot differentiate it or the result leaves the
   * allowed nodes.
   */
  derivative(expr: Expression, variable: string, declared: DeclaredParameters, site?: ExpressionSite): Expression;
  /** `expr` with the named symbols (parameters or `t`) replaced by constants; `parameters` drops them. */
  substitute(expr: Expression, values: ReadonlyMap<string, number>): Expression;
}

/** Functions allowed in expressions, each of one argument (sign(0) = 0). */
export const EXPRESSION_FUNCTIONS: readonly string[] = ['sqrt', 'exp', 'log', 'sin', 'cos', 'tan', 'abs', 'sign'];

const OPERATORS: ReadonlyMap<string, { readonly op: string; readonly arity: number }> = new Map([
  ['add', { op: '+', arity: 2 }],
  ['subtract', { op: '-', arity: 2 }],
  ['multiply', { op: '*', arity: 2 }],
  ['divide', { op: '/', arity: 2 }],
  ['pow', { op: '^', arity: 2 }],
  ['unaryMinus', { op: '-', arity: 1 }],
  ['unaryPlus', { op: '+', arity: 1 }],
]);

/** Longest accepted expression text and deepest accepted tree (bounds the cost of every later recursion). */
export const MAX_EXPRESSION_LENGTH = 1000;
export const MAX_EXPRESSION_DEPTH = 64;

const EXPECTED =
  'a number or an expression of declared parameters and the time t using + - * / ^, parentheses and sqrt, exp, log, sin, cos, tan, abs, sign';

/** What a walk of a tree found: the parameters used, the undeclared names, whether t occurs. */
interface Scan {
  readonly used: Set<string>;
  readonly unknown: string[];
  time: boolean;
}

const newScan = (): Scan => ({ used: new Set(), unknown: [], time: false });

/** Prefix of the stand-ins for sign(…) while differentiating: `$` never starts a parameter name. */
const SIGN_STANDIN = '$sign';

export function createExpressionParser(): ExpressionParser {
  // Node classes only (no units, no typed functions): plain arithmetic is parsed by parseArithmetic; mathjs's own
  // parser, whose first call costs about 0.15 s, is made on first use for text outside that grammar.
  const { math, builders } = createExpressionNodes();
  let fullParser: { parse(text: string): MathNode } | undefined;
  const parseText = (text: string): MathNode => {
    const plain = parseArithmetic(text, builders);
    if (plain !== undefined) return plain;
    fullParser ??= create({ parseDependencies }, { number: 'number' }) as unknown as { parse(text: string): MathNode };
    return fullParser.parse(text);
  };

  let differ: { derivative(expr: string, variable: string, options: { simplify: boolean }): unknown } | undefined;

  const constant = (value: number): MathNode => {
    // Negative numbers as unary minus: a negative ConstantNode prints "-2 ^ 2", which re-parses as -(2^2).
    if (value < 0) return new math.OperatorNode('-', 'unaryMinus', [new math.ConstantNode(-value)]);
    return new math.ConstantNode(value === 0 ? 0 : value);
  };

  const badValue = (site: ExpressionSite, text: string, why: string): SysgraphError =>
    new SysgraphError('bad-value', `${where(site)}: "${text}" ${why}`, { ...site, expected: EXPECTED });

  /** Rebuilds the tree from allowed nodes only, collecting parameter and unknown names and the use of t. */
  const rebuild = (
    node: MathNode,
    depth: number,
    declared: DeclaredParameters,
    scan: Scan,
    fail: (why: string) => SysgraphError,
  ): MathNode => {
    if (depth > MAX_EXPRESSION_DEPTH) throw fail(`is nested deeper than ${MAX_EXPRESSION_DEPTH} levels`);
    const down = (n: MathNode): MathNode => rebuild(n, depth + 1, declared, scan, fail);
    switch (node.type) {
      case 'ConstantNode': {
        const value = (node as ConstantNode).value as unknown;
        if (typeof value !== 'number') throw fail(`contains the non-numeric constant ${JSON.stringify(String(value))}`);
        if (!Number.isFinite(value)) throw fail('contains a non-finite number');
        return constant(value);
      }
      case 'SymbolNode': {
        const name = (node as SymbolNode).name;
        if (name === TIME_VARIABLE) {
          scan.time = true;
          return new math.SymbolNode(name);
        }
        if (declared.has(name)) {
          scan.used.add(name);
          return new math.SymbolNode(name);
        }
        if (name === 'pi') return new math.ConstantNode(Math.PI);
        if (!scan.unknown.includes(name)) scan.unknown.push(name);
        return new math.SymbolNode(name);
      }
      case 'ParenthesisNode':
        return new math.ParenthesisNode(down((node as ParenthesisNode).content));
      case 'OperatorNode': {
        const op = node as OperatorNode;
        const allowed = OPERATORS.get(op.fn);
        if (allowed === undefined || allowed.op !== op.op || op.args.length !== allowed.arity) {
          throw fail(`uses the operator "${op.op}", which is not allowed`);
        }
        const args = op.args.map(down);
        return new math.OperatorNode(op.op as never, op.fn as never, args, op.implicit);
      }
      case 'FunctionNode': {
        const fn = node as FunctionNode;
        const callee = fn.fn as MathNode;
        const name = callee.type === 'SymbolNode' ? (callee as SymbolNode).name : undefined;
        if (name === undefined || !EXPRESSION_FUNCTIONS.includes(name)) {
          throw fail(`calls ${name === undefined ? 'a computed function' : `"${name}"`}, which is not an allowed function`);
        }
        if (fn.args.length !== 1) throw fail(`calls ${name} with ${fn.args.length} arguments (expected 1)`);
        return new math.FunctionNode(new math.SymbolNode(name), fn.args.map(down));
      }
      default:
        throw fail(`contains a ${node.type}, which is not allowed`);
    }
  };

  const make = (node: MathNode, used: Iterable<string>, dependsOnTime: boolean): Expression => ({
    text: node.toString(),
    node,
    parameters: [...new Set(used)].sort(compareNames),
    dependsOnTime,
  });

  /**
   * Prepares a tree for mathjs's derivative, which cannot differentiate sign and writes d|a|/da = |a|/a (0/0 at
   * 0): every |a| becomes a·sign(a) (equal for all real a), and every sign(a) a stand-in symbol (a constant for
   * mathjs), its argument kept in `args`. So d sign(a)/dx = 0 and d|a|/dx = sign(a)·a', exact away from a = 0
   * (the same rule as the nonlinear formulation's derivative).
   */
  const hideSigns = (node: MathNode, args: MathNode[]): MathNode => {
    switch (node.type) {
      case 'ParenthesisNode':
        return new math.ParenthesisNode(hideSigns((node as ParenthesisNode).content, args));
      case 'OperatorNode': {
        const op = node as OperatorNode;
        return new math.OperatorNode(op.op as never, op.fn as never, op.args.map((a) => hideSigns(a, args)), op.implicit);
      }
      case 'FunctionNode': {
        const fn = node as FunctionNode;
        const name = (fn.fn as unknown as SymbolNode).name;
        if (name === 'sign' || name === 'abs') {
          args.push(fn.args[0]);
          const standIn = new math.SymbolNode(`${SIGN_STANDIN}${args.length - 1}`);
          if (name === 'sign') return standIn;
          // |a| = a · sign(a)
          return new math.OperatorNode('*', 'multiply', [new math.ParenthesisNode(hideSigns(fn.args[0], args)), standIn]);
        }
        return new math.FunctionNode(new math.SymbolNode(name), fn.args.map((a) => hideSigns(a, args)));
      }
      default:
        return node;
    }
  };

  /** The inverse of hideSigns on a tree parsed from the derivative's text. */
  const restoreSigns = (node: MathNode, args: readonly MathNode[]): MathNode =>
    args.length === 0
      ? node
      : node.transform((n) => {
          if (n.type !== 'SymbolNode') return n;
          const name = (n as SymbolNode).name;
          if (!name.startsWith(SIGN_STANDIN)) return n;
          const arg = args[Number(name.slice(SIGN_STANDIN.length))];
          return new math.FunctionNode(new math.SymbolNode('sign'), [arg]);
        });

  return {
    parse(text, declared, site = {}) {
      if (typeof text !== 'string' || text.trim() === '') throw badValue(site, String(text), 'is empty');
      if (text.length > MAX_EXPRESSION_LENGTH) {
        throw badValue(site, `${text.slice(0, 40)}…`, `is longer than ${MAX_EXPRESSION_LENGTH} characters`);
      }
      let tree: MathNode;
      try {
        tree = parseText(text);
      } catch (e) {
        throw badValue(site, text, `does not parse (${e instanceof Error ? e.message : String(e)})`);
      }
      const scan = newScan();
      let node: MathNode;
      try {
        node = rebuild(tree, 0, declared, scan, (why) => badValue(site, text, why));
      } catch (e) {
        if (e instanceof SysgraphError) throw e;
        // A stack overflow or any other failure inside mathjs nodes is still a bad value, never a crash.
        throw badValue(site, text, 'cannot be read');
      }
      if (scan.unknown.length > 0) {
        throw new SysgraphError(
          'unknown-parameter',
          `${where(site)}: "${text}" uses ${scan.unknown.map((u) => `"${u}"`).join(', ')}, not declared in parameters`,
          { ...site, elements: scan.unknown, expected: 'names declared in `parameters`' },
        );
      }
      return make(node, scan.used, scan.time);
    },

    fromNumber(value, site = {}) {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new SysgraphError('bad-value', `${where(site)}: ${String(value)} is not a finite number`, {
          ...site,
          expected: 'a finite number',
        });
      }
      return make(constant(value), [], false);
    },

    derivative(expr, variable, declared, site = {}) {
      // One full-featured instance per parser, made on first use (derivative pulls in simplify).
      differ ??= create({ derivativeDependencies }, { number: 'number' });
      const signArgs: MathNode[] = [];
      const hidden = hideSigns(expr.node, signArgs);
      let d: MathNode;
      try {
        d = differ.derivative(hidden.toString(), variable, { simplify: true }) as MathNode;
      } catch (e) {
        throw badValue(site, expr.text, `cannot be differentiated with respect to ${variable} (${e instanceof Error ? e.message : String(e)})`);
      }
      const scan = newScan();
      let node: MathNode;
      try {
        const tree = restoreSigns(parseText(d.toString()), signArgs);
        node = rebuild(tree, 0, declared, scan, (why) =>
          badValue(site, expr.text, `has a derivative with respect to ${variable} that ${why}`),
        );
      } catch (e) {
        if (e instanceof SysgraphError) throw e;
        throw badValue(site, expr.text, `has a derivative with respect to ${variable} that cannot be read`);
      }
      if (scan.unknown.length > 0) throw badValue(site, expr.text, `has a derivative using ${scan.unknown.join(', ')}`);
      return make(node, scan.used, scan.time);
    },

    substitute(expr, values) {
      const walk = (n: MathNode): MathNode => {
        switch (n.type) {
          case 'SymbolNode': {
            const v = values.get((n as SymbolNode).name);
            return v === undefined ? n : constant(v);
          }
          case 'ParenthesisNode':
            return new math.ParenthesisNode(walk((n as ParenthesisNode).content));
          case 'OperatorNode': {
            const op = n as OperatorNode;
            return new math.OperatorNode(op.op as never, op.fn as never, op.args.map(walk), op.implicit);
          }
          case 'FunctionNode': {
            const fn = n as FunctionNode;
            return new math.FunctionNode(new math.SymbolNode((fn.fn as unknown as SymbolNode).name), fn.args.map(walk));
          }
          default:
            return n;
        }
      };
      const node = walk(expr.node);
      return make(node, expr.parameters.filter((p) => !values.has(p)), expr.dependsOnTime && !values.has(TIME_VARIABLE));
    },

    reciprocal(expr) {
      const denominator = expr.node.type === 'ConstantNode' ? expr.node : new math.ParenthesisNode(expr.node);
      // L = 1/k, R = 1/b: a fraction node keeps 1/3 exact.
      const node = new math.OperatorNode('/', 'divide', [new math.ConstantNode(1), denominator]);
      return make(node, expr.parameters, expr.dependsOnTime);
    },

    quotient(numerator, denominator) {
      const wrap = (n: MathNode): MathNode => (n.type === 'ConstantNode' ? n : new math.ParenthesisNode(n));
      // Exact fraction node a / b.
      const node = new math.OperatorNode('/', 'divide', [wrap(numerator.node), wrap(denominator.node)]);
      return make(node, [...numerator.parameters, ...denominator.parameters], numerator.dependsOnTime || denominator.dependsOnTime);
    },
  };
}

/** A number as an Expression. Pass a parser to reuse its mathjs instance. */
export function expressionFromNumber(value: number, parser: ExpressionParser = createExpressionParser()): Expression {
  return parser.fromNumber(value);
}

/** Text as an Expression of the given parameters. Pass a parser to reuse its mathjs instance. */
export function expressionFromText(
  text: string,
  parameters: Iterable<string> = [],
  parser: ExpressionParser = createExpressionParser(),
): Expression {
  return parser.parse(text, new Set(parameters));
}

/** Plain code-point order, independent of locale. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function where(site: ExpressionSite): string {
  if (site.element !== undefined) return `${site.element}${site.field !== undefined ? `.${site.field}` : ''}`;
  return site.path ?? site.field ?? 'expression';
}
