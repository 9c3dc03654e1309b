/**
 * withParameters: a copy of a description with some parameter values set (a parameter sweep, a slider in the
 * web app). Unknown names (and t, the time, which is no parameter) are 'unknown-parameter'; the numeric value
 * checks of parseSystem run again, time-varying values at `options.time` (default 0).
 */
import { SysgraphError } from '@sysgraph/core';
import { checkValues } from './check-values';
import { throwAll } from './error-list';
import { TIME_VARIABLE } from './time-variable';
import type { SystemDescription } from './types';

export interface WithParametersOptions {
  /** The time at which values that depend on t are checked (default 0). */
  readonly time?: number;
}

export function withParameters(
  desc: SystemDescription,
  overrides: Readonly<Record<string, number>>,
  options: WithParametersOptions = {},
): SystemDescription {
  const time = options.time ?? 0;
  if (typeof time !== 'number' || !Number.isFinite(time)) {
    throw new SysgraphError('bad-value', `time: ${String(time)} is not a finite number`, {
      field: 'time',
      expected: 'a finite time t at which to check time-varying values',
    });
  }
  const errors: SysgraphError[] = [];
  const parameters = new Map(desc.parameters);
  for (const [name, value] of Object.entries(overrides)) {
    if (!desc.parameters.has(name)) {
      errors.push(
        new SysgraphError('unknown-parameter', `parameters.${name}: "${name}" is not a parameter of ${desc.name}`, {
          element: name,
          field: 'parameters',
          expected: `one of ${[...desc.parameters.keys()].join(', ') || '(no parameters)'}${name === TIME_VARIABLE ? ' (t is the time, not a parameter)' : ''}`,
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
  throwAll(checkValues(next, undefined, time));
  return next;
}
