/**
 * The restricted mathjs instance that parses signal text (mathjs "security" recipe): the functions that
 * could run or define code are replaced by ones that throw, and only `parse` is kept, privately.
 * Parsed trees are then checked node by node against a whitelist (see compile-expression.ts).
 */
import { create, parseDependencies } from 'mathjs';
import type { MathNode } from 'mathjs';

export interface RestrictedParser {
  parse(text: string): MathNode;
}

/** Build a parser that only turns text into a syntax tree; nothing is ever evaluated by mathjs. */
export function createRestrictedParser(): RestrictedParser {
  const math = create({ parseDependencies }, { number: 'number' });
  const parse = math.parse;
  const disabled = (name: string) => () => {
    throw new Error(`function ${name} is disabled`);
  };
  // Later calls on the instance itself cannot reach code execution.
  for (const name of ['import', 'createUnit', 'evaluate', 'parse', 'compile', 'simplify', 'derivative', 'resolve']) {
    (math as unknown as Record<string, unknown>)[name] = disabled(name);
  }
  return { parse: (text: string) => parse(text) };
}
