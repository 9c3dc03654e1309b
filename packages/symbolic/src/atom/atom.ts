/**
 * Opaque atoms: a non-rational function of parameters only (cos(alpha), sqrt(k1*k2), exp(-a), (k1*k2)^0.5) is
 * one symbol of the rational functions, named by its own text and evaluated from the parameters it reads.
 * It is a constant of the model, like a parameter, so the exact rational arithmetic over it stays exact.
 */
import { FUNCTION_VALUES } from '@sysgraph/core';

/** The structural view of a mathjs node an atom keeps (the subtree it was read from). */
export interface AtomNode {
  readonly type: string;
  readonly value?: unknown;
  readonly name?: string;
  readonly fn?: unknown;
  readonly op?: string;
  readonly args?: readonly AtomNode[];
  readonly content?: AtomNode;
  toString(options?: unknown): string;
  toTex(options?: unknown): string;
}

export interface AtomDefinition {
  /** The subtree the atom stands for. */
  readonly node: AtomNode;
  /** Its LaTeX (mathjs's, e.g. \cos\left(\alpha\right)). */
  readonly latex: string;
  /** The parameter names it reads. */
  readonly parameters: readonly string[];
}

/** Functions an atom may apply, with their numeric forms (the description's whitelist, core's FUNCTION_VALUES). */
export const ATOM_FUNCTIONS: ReadonlyMap<string, (x: number) => number> = FUNCTION_VALUES;

export function functionName(node: AtomNode): string {
  const fn = node.fn as { name?: string } | string | undefined;
  return typeof fn === 'string' ? fn : (fn?.name ?? node.name ?? '?');
}

/** The symbols a subtree reads (function names excluded). */
export function atomParameters(node: AtomNode): string[] {
  const out = new Set<string>();
  const walk = (n: AtomNode) => {
    if (n.type === 'SymbolNode') out.add(String(n.name));
    if (n.type === 'ParenthesisNode') walk(n.content!);
    for (const a of n.args ?? []) walk(a);
  };
  walk(node);
  return [...out];
}

/**
 * The atom's name: its text without spaces, e.g. "cos(alpha)", "sqrt(k1*k2)"; a power in parentheses,
 * "((k1*k2)^0.5)", so that a power of it prints unambiguously.
 */
export function atomName(node: AtomNode): string {
  const text = node.toString({ parenthesis: 'keep', implicit: 'show' }).replace(/\s+/g, '');
  return node.type === 'OperatorNode' ? `(${text})` : text;
}

/** The value of an atom's subtree for the given parameter values (NaN when one is missing). */
export function evaluateAtom(node: AtomNode, value: (name: string) => number | undefined): number {
  switch (node.type) {
    case 'ConstantNode':
      return Number(node.value);
    case 'SymbolNode':
      return value(String(node.name)) ?? Number.NaN;
    case 'ParenthesisNode':
      return evaluateAtom(node.content!, value);
    case 'FunctionNode': {
      const f = ATOM_FUNCTIONS.get(functionName(node));
      return f ? f(evaluateAtom(node.args![0], value)) : Number.NaN;
    }
    case 'OperatorNode': {
      const x = (node.args ?? []).map((a) => evaluateAtom(a, value));
      switch (String(node.fn)) {
        case 'unaryMinus':
          return -x[0];
        case 'unaryPlus':
          return x[0];
        case 'add':
          return x.reduce((a, b) => a + b, 0);
        case 'subtract':
          return x[0] - x[1];
        case 'multiply':
          return x.reduce((a, b) => a * b, 1);
        case 'divide':
          return x[0] / x[1];
        case 'pow':
          return x[0] ** x[1];
        default:
          return Number.NaN;
      }
    }
    default:
      return Number.NaN;
  }
}
