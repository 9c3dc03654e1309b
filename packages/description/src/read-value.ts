/**
 * readValue: a value field as written (a number or an expression string) → Expression, with the error (if any)
 * recorded against the element and field it came from.
 */
import type { ErrorList } from './error-list';
import type { DeclaredParameters, ExpressionParser, ExpressionSite } from './expression';
import type { RawValue } from './raw-input';
import type { Expression } from './types';

export function readValue(
  raw: RawValue,
  parser: ExpressionParser,
  declared: DeclaredParameters,
  site: ExpressionSite,
  errors: ErrorList,
): Expression | undefined {
  try {
    return typeof raw === 'number' ? parser.fromNumber(raw, site) : parser.parse(raw, declared, site);
  } catch (e) {
    errors.addThrown(e);
    return undefined;
  }
}
