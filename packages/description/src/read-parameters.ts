/**
 * readParameters: the `parameters` object → name → value (null = symbolic), in input order, plus units and
 * descriptions. A name must read back as one plain symbol of the restricted expression syntax and must not be the
 * reserved time t.
 */
import type { ErrorList } from './error-list';
import type { ExpressionParser } from './expression';
import type { RawParameter } from './raw-input';
import { TIME_VARIABLE } from './time-variable';
import type { ParameterDetails } from './types';

export interface ParameterTable {
  readonly values: Map<string, number | null>;
  readonly details: Map<string, ParameterDetails>;
}

export function readParameters(
  raw: Readonly<Record<string, RawParameter>> | undefined,
  parser: ExpressionParser,
  errors: ErrorList,
): ParameterTable {
  const values = new Map<string, number | null>();
  const details = new Map<string, ParameterDetails>();
  for (const [name, entry] of Object.entries(raw ?? {})) {
    if (name === TIME_VARIABLE) {
      errors.add('bad-value', `parameter "${name}" has the reserved name of the time`, {
        element: name,
        field: 'name',
        path: `parameters.${name}`,
        expected: 'a name other than t (t is the time, usable in values and laws without declaring it)',
      });
      continue;
    }
    if (!isPlainSymbol(name, parser)) {
      errors.add('bad-value', `parameter "${name}" is not a usable name`, {
        element: name,
        field: 'name',
        path: `parameters.${name}`,
        expected: 'an identifier that is not a reserved word (true, false, null, NaN, Infinity, mod, to, in, and, or, not, xor …)',
      });
      continue;
    }
    if (entry === null || typeof entry === 'number') {
      values.set(name, entry);
    } else {
      values.set(name, entry.value);
      const d: ParameterDetails = {
        ...(entry.unit !== undefined ? { unit: entry.unit } : {}),
        ...(entry.description !== undefined ? { description: entry.description } : {}),
      };
      if (d.unit !== undefined || d.description !== undefined) details.set(name, d);
    }
  }
  return { values, details };
}

/** Whether `name` reads back as one plain symbol of the restricted syntax (not a reserved word). */
export function isPlainSymbol(name: string, parser: ExpressionParser): boolean {
  try {
    const e = parser.parse(name, new Set([name]));
    return e.node.type === 'SymbolNode' && e.parameters.length === 1 && e.parameters[0] === name;
  } catch {
    return false;
  }
}
