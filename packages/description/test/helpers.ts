/** Test helpers: catching typed errors and building small descriptions. */
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import { expect } from 'vitest';
import { createSystemParser } from '../src/index';
import type { SystemDescription } from '../src/index';

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

/**
 * Asserts that a nodeIndex (a ReadonlyMap, such as the netlist reader's) answers exactly as the Map `expected`:
 * size, get and has of every key and of near misses (other case, ground spellings, unknown names, non-strings),
 * and keys, values, entries, forEach and for…of in the same order. Asked before iterating, then after.
 */
export function expectSameNodeIndex(index: ReadonlyMap<string, number> | undefined, expected: ReadonlyMap<string, number> | undefined): void {
  expect(index === undefined).toBe(expected === undefined);
  if (index === undefined || expected === undefined) return;
  const probes: unknown[] = ['0', 'gnd', 'GND', 'Gnd', '', 'no such node', 0, undefined, null];
  for (const key of expected.keys()) probes.push(key, key.toUpperCase(), key.toLowerCase(), `${key} `, key.slice(1));
  const answers = (m: ReadonlyMap<string, number>) => probes.map((k) => [m.get(k as string), m.has(k as string)]);
  const before = answers(index);
  expect(index.size).toBe(expected.size);
  expect(before).toEqual(answers(expected));
  expect([...index]).toEqual([...expected]);
  expect([...index.keys()]).toEqual([...expected.keys()]);
  expect([...index.values()]).toEqual([...expected.values()]);
  expect([...index.entries()]).toEqual([...expected.entries()]);
  const seen: unknown[] = [];
  index.forEach(function (this: unknown, v, k, m) {
    seen.push([v, k, m === index, this]);
  }, 'this');
  expect(seen).toEqual([...expected].map(([k, v]) => [v, k, true, 'this']));
  expect(answers(index)).toEqual(before);
}

/** Asserts that two descriptions are deep-equal, their nodeIndex compared as maps (expectSameNodeIndex). */
export function expectSameDescription(actual: SystemDescription, expected: SystemDescription): void {
  expectSameNodeIndex(actual.nodeIndex, expected.nodeIndex);
  expect({ ...actual, nodeIndex: undefined }).toEqual({ ...expected, nodeIndex: undefined });
}
