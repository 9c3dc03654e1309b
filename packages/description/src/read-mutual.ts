/**
 * readMutual: a mutual inductance between two T-type elements, given as M (`value`) or as the coupling
 * coefficient k (`coupling`, M = k·sqrt(L1·L2)). Which elements it couples is checked in check-mutuals.ts.
 */
import type { RawElement } from './raw-input';
import { fieldPath } from './read-context';
import type { ReadContext } from './read-context';
import { readValue } from './read-value';
import type { MutualInductance } from './types';

export function readMutual(raw: RawElement, ctx: ReadContext): MutualInductance | undefined {
  const between = raw.between ?? [];
  if (raw.value !== undefined && raw.coupling !== undefined) {
    ctx.errors.add('bad-value', `${raw.id}: give either value (M) or coupling (k), not both`, {
      element: raw.id,
      field: 'coupling',
      path: fieldPath(ctx, 'coupling'),
      expected: 'exactly one of value, coupling',
    });
    return undefined;
  }
  const given = raw.coupling ?? raw.value;
  const field = raw.coupling !== undefined ? 'coupling' : 'value';
  if (given === undefined) {
    ctx.errors.add('missing-field', `${raw.id}: a mutual inductance needs value (M) or coupling (k)`, {
      element: raw.id,
      field: 'value',
      path: fieldPath(ctx, 'value'),
      expected: 'a "value" (M) or a "coupling" (k) field',
    });
    return undefined;
  }
  const value = readValue(given, ctx, raw.id, field);
  if (value === undefined || between.length !== 2) return undefined;
  return {
    id: raw.id,
    between: [between[0], between[1]],
    form: raw.coupling !== undefined ? 'coupling' : 'inductance',
    value,
  };
}
