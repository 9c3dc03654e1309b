/**
 * withExpressionCache: an ExpressionParser that parses each distinct text (and number) once per description.
 * Large networks repeat a handful of values ("R", "1e-6", …) thousands of times; an Expression is immutable, so
 * elements may share one. Only successes are cached: a failing text is parsed again, so every element that uses
 * it gets its own error naming it. Use one per parse call.
 */
import type { ExpressionParser } from './expression';
import type { Expression } from './types';

export function withExpressionCache(parser: ExpressionParser): ExpressionParser {
  // Keyed by the declared-name set too: a law's text is parsed with its law variables declared.
  const byDeclared = new WeakMap<object, Map<string, Expression>>();
  const numbers = new Map<number, Expression>();
  return {
    ...parser,
    parse(text, declared, site) {
      let texts = byDeclared.get(declared);
      if (!texts) byDeclared.set(declared, (texts = new Map()));
      let e = texts.get(text);
      if (!e) {
        e = parser.parse(text, declared, site);
        texts.set(text, e);
      }
      return e;
    },
    fromNumber(value, site) {
      let e = numbers.get(value);
      if (!e) {
        e = parser.fromNumber(value, site);
        if (!Object.is(value, -0)) numbers.set(value, e);
      }
      return e;
    },
  };
}
