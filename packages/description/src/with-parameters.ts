/**
 * withParameters: a copy of a description with some parameter values set (a parameter sweep, a slider in the
 * web app). Unknown names are 'unknown-parameter'; the numeric value checks of parseSystem run again.
 */
import { SysgraphError } from '@sysgraph/core';
import { checkValues } from './check-values';
import { throwAll } from './error-list';
import type { SystemDescription } from './types';

export function withParameters(desc: SystemDescription, overrides: Readonly<Record<string, number>>): SystemDescription {
  const errors: SysgraphError[] = [];
  const parameters = new Map(desc.parameters);
  for (const [name, value] of Object.entries(overrides)) {
    if (!desc.parameters.has(name)) {
      errors.push(
        new SysgraphError('unknown-parameter', `parameters.${name}: "${name}" is not a parameter of ${desc.name}`, {
          element: name,
          field: 'parameters',
          expected: `one of ${[...desc.parameters.keys()].join(', ') || '(no parameters)'}`,
        }),
      );
    } else if (typeof value !== 'number' || !Number.isFinite(value)) {
      errors.push(
        new SysgraphError('bad-value', `parameters.${name}: ${String(value)} is not a finite number`, {
          element: name,
          field: 'value',
          expected: 'a finite number',
        }),
      );
    } else {
      parameters.set(name, value);
    }
  }
  throwAll(errors);
  const next: SystemDescription = { ...desc, parameters };
  throwAll(checkValues(next));
  return next;
}
