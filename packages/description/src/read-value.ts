/**
 * readValue: a value field as written (a number or an expression string) → Expression, with the error (if any)
 * recorded against the element and field it came from. A repeated value is answered from the expression cache
 * without building its location.
 */
import type { RawValue } from './raw-input';
import { fieldPath } from './read-context';
import type { ReadContext } from './read-context';
import type { Expression } from './types';

export function readValue(raw: RawValue, ctx: ReadContext, element: string, field: string): Expression | undefined {
  const parser = ctx.parser;
  const cached = typeof raw === 'number' ? parser.lookupNumber(raw) : parser.lookup(raw, ctx.parameters);
  if (cached !== undefined) return cached;
  const site = { element, field, path: fieldPath(ctx, field) };
  try {
    return typeof raw === 'number' ? parser.fromNumber(raw, site) : parser.parse(raw, ctx.parameters, site);
  } catch (e) {
    ctx.errors.addThrown(e);
    return undefined;
  }
}
