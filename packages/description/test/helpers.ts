/** Test helpers: catching typed errors and building small descriptions. */
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import { expect } from 'vitest';
import { createSystemParser } from '../src/index';

/** One parser for the whole test run (compiling the schema per call would dominate the run time). */
export const parser = createSystemParser();
export const parse = (input: unknown) => parser.parse(input);

/** Every SysgraphError thrown by fn (flattening SysgraphErrors); fails if fn returns or throws anything else. */
export function errorsOf(fn: () => unknown): SysgraphError[] {
  try {
    fn();
  } catch (e) {
    if (e instanceof SysgraphErrors) return [...e.errors];
    if (e instanceof SysgraphError) return [e];
    throw e;
  }
  throw new Error('expected a SysgraphError, but nothing was thrown');
}

/** Asserts that fn throws an error matching every given field (code, element, field, …). */
export function expectError(fn: () => unknown, match: Partial<Record<'code' | 'element' | 'field' | 'path', string>> & { elements?: string[] }): SysgraphError {
  const errors = errorsOf(fn);
  const found = errors.find(
    (e) =>
      Object.entries(match).every(([k, v]) =>
        k === 'elements' ? JSON.stringify(e.elements ?? []) === JSON.stringify(v) : (e as unknown as Record<string, unknown>)[k] === v,
      ),
  );
  expect(found, `no error matching ${JSON.stringify(match)} among ${JSON.stringify(errors.map((e) => e.toJSON()))}`).toBeDefined();
  expect(found?.expected ?? '').not.toBe('');
  return found as SysgraphError;
}

/** A valid series RC circuit; tests modify copies of it. */
export function rc(): Record<string, unknown> & { elements: Record<string, unknown>[]; parameters: Record<string, unknown> } {
  return {
    name: 'rc',
    parameters: { R: 2, C: 0.5 },
    elements: [
      { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g' },
      { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
      { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
    ],
  };
}
