/**
 * withExpressionCache: an ExpressionParser that parses each distinct text (and number) once per description and
 * forms each reciprocal once. Large networks repeat a handful of values ("R", "1e-6", …) thousands of times; an
 * Expression is immutable, so elements may share one. Only successes are cached: a failing text is parsed
 * again, so every element that uses it gets its own error naming it. `lookup` answers from the cache alone, so
 * that a reader builds the error location (the site) only on a miss. Use one per parse call.
 */
import type { DeclaredParameters, ExpressionParser } from './expression';
import type { Expression } from './types';

export interface ExpressionCache extends ExpressionParser {
  /** The cached expression of `text` with these declared names, if parsed before. */
  lookup(text: string, declared: DeclaredParameters): Expression | undefined;
  /** The cached expression of a number, if made before. */
  lookupNumber(value: number): Expression | undefined;
}

export function withExpressionCache(parser: ExpressionParser): ExpressionCache {
  // Keyed by the declared-name set too: a law's text is parsed with its law variables declared.
  const byDeclared = new WeakMap<object, Map<string, Expression>>();
  const numbers = new Map<number, Expression>();
  const reciprocals = new WeakMap<Expression, Expression>();
  const textsOf = (declared: DeclaredParameters): Map<string, Expression> => {
    let texts = byDeclared.get(declared);
    if (!texts) byDeclared.set(declared, (texts = new Map()));
    return texts;
  };
  return {
    ...parser,
    lookup: (text, declared) => byDeclared.get(declared)?.get(text),
    lookupNumber: (value) => numbers.get(value),
    parse(text, declared, site) {
      const texts = textsOf(declared);
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
    reciprocal(expr) {
      let r = reciprocals.get(expr);
      if (!r) reciprocals.set(expr, (r = parser.reciprocal(expr)));
      return r;
    },
  };
}
