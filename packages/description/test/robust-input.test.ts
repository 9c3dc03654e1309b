/**
 * Robustness of the reader under large and malformed input (issue 18 items 4 and 5, description side):
 * the schema stops at 50 errors, pieces map back to the right element, overlong tokens are cut in messages,
 * a byte-order mark is accepted, laws that are nowhere finite are refused where they are read.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SCHEMA_ERRORS } from '../src/schema-validator';
import { readSpiceNetlist } from '../src/index';
import { readableMessage, MAX_TOKEN } from '../src/readable-message';
import { errorsOf, expectError, parse, rc } from './helpers';

const junk = (i: number) => ({ id: i, kind: `junk${i % 7}`, from: [1, 2, 3], to: { a: 'b' }, value: 'zz' });

describe('schema validation of large invalid documents', () => {
  it('stops at the first MAX_SCHEMA_ERRORS errors, in document order, on 20 000 junk elements', () => {
    const errors = errorsOf(() => parse({ name: 'junk', elements: Array.from({ length: 20_000 }, (_, i) => junk(i)) }));
    expect(errors).toHaveLength(MAX_SCHEMA_ERRORS);
    // Each junk element has four violations (id, kind, from, to): the first 50 lie in elements[0..12].
    expect(errors.every((e) => /^elements\[(\d|1[0-2])\]/.test(e.path ?? ''))).toBe(true);
    expect(errors[0].path).toBe('elements[0].id');
  });

  it('names an invalid element far into a long list by its own index and id', () => {
    const d = rc();
    const many = Array.from({ length: 1000 }, (_, i) => ({ id: `R${i}`, kind: 'resistor', from: 'a', to: 'b', value: 1 }));
    many[777] = { ...many[777], kind: 'resistorr' };
    const e = expectError(() => parse({ ...d, elements: [...d.elements, ...many] }), { code: 'unknown-kind', element: 'R777' });
    expect(e.path).toBe(`elements[${d.elements.length + 777}].kind`);
  });

  it('reports a bad parameter beyond the first piece of a long parameter list', () => {
    const parameters: Record<string, unknown> = {};
    for (let i = 0; i < 600; i++) parameters[`p${i}`] = i + 1;
    parameters.p555 = 'text';
    expectError(() => parse({ ...rc(), parameters }), { element: 'p555' });
  });
});

describe('messages quote the input at a readable length', () => {
  it('cuts a run of more than MAX_TOKEN characters, keeping its head, tail and length', () => {
    const long = 'x'.repeat(10_000);
    const m = readableMessage(`node "${long}" is connected to nothing else`);
    expect(m.length).toBeLessThan(200);
    expect(m).toContain('10002 characters');
    expect(m.endsWith('is connected to nothing else')).toBe(true);
    expect(readableMessage('short message')).toBe('short message');
    expect(readableMessage(`a ${'y'.repeat(MAX_TOKEN)} b`)).toBe(`a ${'y'.repeat(MAX_TOKEN)} b`);
  });

  it('a 1 MB element id in a JSON description and a 1 MB node name in a netlist', () => {
    const big = 'n'.repeat(1 << 20);
    for (const e of errorsOf(() => parse({ elements: [{ id: `R${big}`, kind: 'resistor', from: 'a', to: 'b', value: 1 }] }))) expect(e.message.length).toBeLessThan(400);
    const netlist = `* t\nV1 ${big} 0 1\nR1 a 0 1\n.tran 1m 1\n.end\n`;
    const errors = errorsOf(() => readSpiceNetlist(netlist));
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e.message.length).toBeLessThan(400);
  });

  it('a document that is not an object says why no element or field is named', () => {
    const [e] = errorsOf(() => parse(5));
    expect(e.code).toBe('schema');
    expect(e.element).toBeUndefined();
    expect(e.message).toMatch(/no element or field/);
  });
});

describe('JSON text', () => {
  it('accepts a UTF-8 byte-order mark at the start', () => {
    const text = JSON.stringify(rc());
    expect(parse(`\uFEFF${text}`)).toEqual(parse(text));
  });

  it('still refuses a byte-order mark elsewhere', () => {
    expectError(() => parse(`{"name": "x",\uFEFF "elements": []}`), { code: 'invalid-json' });
  });
});

describe('laws that are nowhere finite are refused when read, naming the element and the law field', () => {
  const source = { id: 'V', kind: 'voltage-source', from: 'a', to: 'g' };
  const withLaw = (law: unknown) => ({ elements: [source, { id: 'R', kind: 'resistor', from: 'a', to: 'g', law }] });

  it.each([
    [{ through: '0/0' }, 'law.through'],
    [{ across: '1/0' }, 'law.across'],
    [{ through: 'v/0' }, 'law.through'],
    [{ through: 'log(0) + v' }, 'law.through'],
    [{ through: 'sqrt(-1 - v^2)' }, 'law.through'],
    [{ parametric: { interval: [0, 1], through: 's', across: '0/0' } }, 'law.parametric.across'],
  ])('%j', (law, field) => {
    expectError(() => parse(withLaw(law)), { code: 'bad-law', element: 'R', field });
  });

  it('a law finite somewhere is read (a pole at the origin is a later stage’s concern)', () => {
    expect(() => parse(withLaw({ through: 'v^3 + 1/(v + 2)' }))).not.toThrow();
    expect(() => parse({ parameters: { k: null }, ...withLaw({ through: 'k/0 * v' }) })).not.toThrow();
  });

  it('constant non-finite values are refused with the element and field', () => {
    expectError(() => parse({ elements: [{ ...source, value: '0/0' }, { id: 'R', kind: 'resistor', from: 'a', to: 'g', value: 1 }] }), { code: 'bad-value', element: 'V', field: 'value' });
  });
});
