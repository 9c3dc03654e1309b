/**
 * parseArithmetic: a parser of plain arithmetic text — numbers, names, + − * / ^, unary ±, parentheses and calls
 * name(a, b, …) — that builds the same tree as mathjs's `parse` for that grammar, through node constructors the
 * caller passes in. It exists so that the common case never pays for mathjs's parser (its first call builds
 * mathjs's typed functions, about 0.15 s per instance); text outside the grammar returns `undefined`, and the
 * caller hands it to mathjs, which accepts or rejects it with its own message.
 *
 * Grammar, with mathjs's precedence and associativity:
 *   sum     := product (('+' | '-') product)*          left associative
 *   product := unary (('*' | '/') unary)*              left associative
 *   unary   := ('-' | '+') unary | power               -2^2 = −(2²)
 *   power   := primary ('^' unary)?                    right associative: 2^3^2 = 2^(3^2), 2^-1 = 2^(−1)
 *   primary := number | name | name '(' sum (',' sum)* ')' | '(' sum ')'
 * Left out (returned as undefined): implicit multiplication (`2x`, `a b`), mathjs's word operators (mod, to, in,
 * and, or, xor, not) and literals (true, false, null, undefined, NaN, Infinity), element-wise and other operators, matrices,
 * strings, assignments, several statements, and nesting deeper than MAX_ARITHMETIC_DEPTH.
 */

/** The constructors a parse builds with: mathjs's ConstantNode, SymbolNode, OperatorNode, … or any alike. */
export interface ArithmeticNodes<N> {
  constant(value: number): N;
  symbol(name: string): N;
  /** op and mathjs's fn: '+' add, '-' subtract, '*' multiply, '/' divide, '^' pow, '-' unaryMinus, '+' unaryPlus. */
  operator(op: string, fn: string, args: N[]): N;
  parenthesis(content: N): N;
  call(name: string, args: N[]): N;
}

/** The classes of a mathjs instance (ConstantNode, SymbolNode, OperatorNode, ParenthesisNode, FunctionNode). */
export interface ArithmeticNodeClasses {
  readonly ConstantNode: new (value: number) => unknown;
  readonly SymbolNode: new (name: string) => unknown;
  readonly OperatorNode: new (op: string, fn: string, args: never[], implicit?: boolean) => unknown;
  readonly ParenthesisNode: new (content: never) => unknown;
  readonly FunctionNode: new (fn: never, args: never[]) => unknown;
}

/** The constructors of parseArithmetic from mathjs's node classes: the trees mathjs's `parse` would build. */
export function arithmeticNodesOf<N>(classes: ArithmeticNodeClasses): ArithmeticNodes<N> {
  return {
    constant: (value) => new classes.ConstantNode(value) as N,
    symbol: (name) => new classes.SymbolNode(name) as N,
    operator: (op, fn, args) => new classes.OperatorNode(op, fn, args as never[], false) as N,
    parenthesis: (content) => new classes.ParenthesisNode(content as never) as N,
    call: (name, args) => new classes.FunctionNode(new classes.SymbolNode(name) as never, args as never[]) as N,
  };
}

/** Deepest nesting parsed here; deeper text goes to mathjs. */
export const MAX_ARITHMETIC_DEPTH = 200;

/** Names that mathjs's parser reads as operators or literals, never as symbols. */
const RESERVED = new Set(['mod', 'to', 'in', 'and', 'or', 'xor', 'not', 'true', 'false', 'null', 'undefined', 'NaN', 'Infinity']);

const BINARY_FN: Readonly<Record<string, string>> = { '+': 'add', '-': 'subtract', '*': 'multiply', '/': 'divide', '^': 'pow' };

/** Thrown inside the parse when the text leaves the grammar; caught at the top. */
class OutsideGrammar {}
const OUTSIDE = new OutsideGrammar();

const isDigit = (c: number) => c >= 48 && c <= 57;
const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
const isNamePart = (c: number) => isNameStart(c) || isDigit(c);

export function parseArithmetic<N>(text: string, nodes: ArithmeticNodes<N>): N | undefined {
  let pos = 0;
  const n = text.length;

  const skipSpace = () => {
    while (pos < n && (text.charCodeAt(pos) === 32 || text.charCodeAt(pos) === 9)) pos++;
  };
  const peek = (): number => {
    skipSpace();
    return pos < n ? text.charCodeAt(pos) : -1;
  };
  /** After an operand: what follows must be an operator, ',', ')' or the end (else implicit multiplication etc.). */
  const checkAfterOperand = () => {
    const c = peek();
    if (c === -1 || c === 43 || c === 45 || c === 42 || c === 47 || c === 94 || c === 44 || c === 41) return;
    throw OUTSIDE;
  };

  const readNumber = (): number => {
    const start = pos;
    while (pos < n && isDigit(text.charCodeAt(pos))) pos++;
    if (pos < n && text.charCodeAt(pos) === 46) {
      pos++;
      // "3.*a" is 3 .* a to mathjs, "3." alone is 3: a '.' without a digit after it is left to mathjs.
      if (!(pos < n && isDigit(text.charCodeAt(pos)))) throw OUTSIDE;
      while (pos < n && isDigit(text.charCodeAt(pos))) pos++;
    }
    if (pos < n && (text.charCodeAt(pos) === 101 || text.charCodeAt(pos) === 69)) {
      pos++;
      if (pos < n && (text.charCodeAt(pos) === 43 || text.charCodeAt(pos) === 45)) pos++;
      if (!(pos < n && isDigit(text.charCodeAt(pos)))) throw OUTSIDE;
      while (pos < n && isDigit(text.charCodeAt(pos))) pos++;
    }
    // "1.2.3", "2x", "2_": not plain numbers
    if (pos < n && (text.charCodeAt(pos) === 46 || isNamePart(text.charCodeAt(pos)))) throw OUTSIDE;
    return Number(text.slice(start, pos));
  };

  const primary = (depth: number): N => {
    const c = peek();
    if (isDigit(c) || c === 46) {
      const node = nodes.constant(readNumber());
      checkAfterOperand();
      return node;
    }
    if (c === 40) {
      pos++;
      const inner = sum(depth + 1);
      if (peek() !== 41) throw OUTSIDE;
      pos++;
      const node = nodes.parenthesis(inner);
      checkAfterOperand();
      return node;
    }
    if (!isNameStart(c)) throw OUTSIDE;
    const start = pos;
    while (pos < n && isNamePart(text.charCodeAt(pos))) pos++;
    const name = text.slice(start, pos);
    if (RESERVED.has(name)) throw OUTSIDE;
    // mathjs reads "f (x)" as a call too; whitespace before '(' is skipped by peek.
    if (peek() === 40) {
      pos++;
      const args: N[] = [sum(depth + 1)];
      while (peek() === 44) {
        pos++;
        args.push(sum(depth + 1));
      }
      if (peek() !== 41) throw OUTSIDE;
      pos++;
      const node = nodes.call(name, args);
      checkAfterOperand();
      return node;
    }
    const node = nodes.symbol(name);
    checkAfterOperand();
    return node;
  };

  const power = (depth: number): N => {
    const base = primary(depth);
    if (peek() !== 94) return base;
    pos++;
    return nodes.operator('^', 'pow', [base, unary(depth + 1)]);
  };

  const unary = (depth: number): N => {
    if (depth > MAX_ARITHMETIC_DEPTH) throw OUTSIDE;
    const c = peek();
    if (c === 45 || c === 43) {
      pos++;
      const arg = unary(depth + 1);
      return c === 45 ? nodes.operator('-', 'unaryMinus', [arg]) : nodes.operator('+', 'unaryPlus', [arg]);
    }
    return power(depth);
  };

  const product = (depth: number): N => {
    let left = unary(depth);
    for (let c = peek(); c === 42 || c === 47; c = peek()) {
      pos++;
      const op = c === 42 ? '*' : '/';
      left = nodes.operator(op, BINARY_FN[op], [left, unary(depth)]);
    }
    return left;
  };

  const sum = (depth: number): N => {
    if (depth > MAX_ARITHMETIC_DEPTH) throw OUTSIDE;
    let left = product(depth);
    for (let c = peek(); c === 43 || c === 45; c = peek()) {
      pos++;
      const op = c === 43 ? '+' : '-';
      left = nodes.operator(op, BINARY_FN[op], [left, product(depth)]);
    }
    return left;
  };

  try {
    if (peek() === -1) return undefined;
    const tree = sum(0);
    return peek() === -1 ? tree : undefined;
  } catch (e) {
    if (e === OUTSIDE) return undefined;
    throw e;
  }
}
