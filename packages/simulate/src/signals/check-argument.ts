/** Validation of signal parameters: a bad one is a 'bad-signal' error naming the input and the field. */
import { SysgraphError } from '@sysgraph/core';

export function requireFinite(x: number, input: string, field: string): void {
  if (typeof x !== 'number' || !Number.isFinite(x)) {
    throw new SysgraphError('bad-signal', `input ${input}: ${field} must be a finite number, got ${String(x)}`, {
      element: input,
      field,
      expected: 'a finite number',
    });
  }
}

export function requirePositive(x: number, input: string, field: string): void {
  requireFinite(x, input, field);
  if (!(x > 0)) {
    throw new SysgraphError('bad-signal', `input ${input}: ${field} must be positive, got ${x}`, {
      element: input,
      field,
      expected: 'a positive number',
    });
  }
}

export function badSignal(input: string, message: string, expected: string, field?: string): SysgraphError {
  return new SysgraphError('bad-signal', `input ${input}: ${message}`, { element: input, field, expected });
}
