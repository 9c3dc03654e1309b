/** An input given as an expression of t, e.g. "2*sin(3*t)+1"; compiled once, with its exact derivative. */
import type { Signal } from './signal';
import type { RestrictedParser } from './restricted-math';
import { createRestrictedParser } from './restricted-math';
import { compileExpression } from './compile-expression';
import { badSignal } from './check-argument';

/** Parse and compile `text` as a function of t. Expressions report no breakpoints. */
export function expression(text: string, input = 'expression', parser: RestrictedParser = createRestrictedParser()): Signal {
  const compiled = compileExpression(parseOrThrow(parser, text, input), input);
  return {
    kind: compiled.constant ? 'constant' : 'expression',
    value: compiled.value,
    derivative: compiled.derivative,
    breakpoints: [],
    text: text.trim(),
  };
}

export function parseOrThrow(parser: RestrictedParser, text: string, input: string) {
  if (typeof text !== 'string' || text.trim() === '') {
    throw badSignal(input, 'empty signal text', 'a signal such as step(1), sine(1, 50) or 2*sin(3*t)+1');
  }
  try {
    return parser.parse(text);
  } catch (e) {
    throw badSignal(input, `cannot parse "${text}": ${(e as Error).message}`, 'a signal such as step(1), sine(1, 50) or 2*sin(3*t)+1');
  }
}
