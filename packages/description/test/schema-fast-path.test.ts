/**
 * The hand-written schema check (schema-fast-path.ts) against ajv on the JSON Schema itself: they must agree on
 * valid and invalid for every document of a corpus (examples, generated networks, hand-written violations of
 * each keyword) and for seeded random mutations of valid documents.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descriptionToJSON, readSpiceNetlist } from '../src/index';
import { rcGridNetlist, rcLadderNetlist, rlcLineNetlist } from './support/spice-networks';
import { compileSchema } from '../src/schema-validator';
import { satisfiesSchema } from '../src/schema-fast-path';
import { parser, rc } from './helpers';

const ajv = compileSchema();
const ajvSays = (doc: unknown): boolean => ajv(doc) === true;

const examplesDir = fileURLToPath(new URL('../../../examples/', import.meta.url));
/** Every description file under examples/ (the gallery, nonlinear, time-varying, the structure cases). */
function exampleDocs(dir = examplesDir): unknown[] {
  const out: unknown[] = [];
  for (const f of readdirSync(dir)) {
    const path = join(dir, f);
    if (statSync(path).isDirectory()) out.push(...exampleDocs(path));
    else if (f.endsWith('.json') && !f.endsWith('.bg.json') && !f.endsWith('.eqn.json') && f !== 'index.json' && f !== 'formulation-cases.json') out.push(JSON.parse(readFileSync(path, 'utf8')));
  }
  return out;
}

const VALID: unknown[] = [
  ...exampleDocs(),
  // large generated documents: the benchmark families, read from their netlists and written back as JSON
  ...[rcLadderNetlist(12), rcGridNetlist(3), rlcLineNetlist(12)].map((t) => JSON.parse(JSON.stringify(descriptionToJSON(readSpiceNetlist(t, { expressions: parser.expressions }).description)))),
  rc(),
  {
    $schema: 'x',
    meta: { any: [1] },
    name: 'all-fields',
    title: 'T',
    description: 'D',
    parameters: { a: 1, b: null, c: { value: 2, unit: 'm', description: 'c' }, d: { value: null }, 'Ωμ_1': 3 },
    elements: [
      { id: 'S', kind: 'across-source', from: 'a', to: 'g', value: 'u1', input: 'u1', domain: 'generic', label: 'L', description: 'x' },
      { id: 'X', kind: 'capacitor', from: 'a', to: 'g', law: { parametric: { parameter: 'x', interval: [-1, 1], across: 'x', charge: 'a*x' } } },
      { id: 'Y', kind: 'inductor', from: 'a', to: 'b', law: { flux: 'a*i' } },
      { id: 'T1', kind: 'gyrator', ports: [{ from: 'b', to: 'g', domain: 'fluid', label: 'p' }, { from: 'c', to: 'g' }], ratio: 2, label: 'x' },
      { id: 'M0', kind: 'mutual', between: ['Y', 'Z'], coupling: '0.5' },
    ],
    twoPorts: [{ id: 'T2', kind: 'transformer', ports: [{ from: 'c', to: 'g' }, { from: 'd', to: 'g' }], ratio: 'a', description: 'd' }],
    two_ports: [],
    mutuals: [{ id: 'M1', between: ['Y', 'Z'], value: 0.1, label: 'm' }, { id: 'M2', kind: 'mutual-inductance', between: ['a', 'b'] }],
    outputs: [{ node: 'a', reference: 'g', name: 'va' }, { element: 'X', variable: 'across', port: 1 }],
    ground: ['g', 'h'],
  },
  { elements: [{ id: 'a'.repeat(100), kind: 'resistor', from: '😀'.repeat(200), to: 'g', value: '😀'.repeat(1000) }] },
];

/** One violation of each keyword the schema uses, on top of the valid rc() circuit. */
function invalidDocs(): unknown[] {
  const el = (patch: Record<string, unknown>, drop: string[] = []) => {
    const doc = rc();
    const e: Record<string, unknown> = { ...doc.elements[1], ...patch };
    for (const k of drop) delete e[k];
    doc.elements[1] = e;
    return doc;
  };
  return [
    null,
    [],
    'text',
    42,
    { ...rc(), extra: 1 },
    { ...rc(), name: '' },
    { ...rc(), name: 'x'.repeat(201) },
    { ...rc(), title: 5 },
    { ...rc(), meta: [] },
    { ...rc(), $schema: 1 },
    { ...rc(), parameters: { '1a': 1 } },
    { ...rc(), parameters: { a: 'x' } },
    { ...rc(), parameters: { a: { value: 1, extra: 2 } } },
    { ...rc(), parameters: { a: { unit: 'm' } } },
    { ...rc(), parameters: { a: Number.NaN } },
    { ...rc(), parameters: { a: Infinity } },
    { ...rc(), parameters: { ['b'.repeat(101)]: 1 } },
    { ...rc(), elements: {} },
    { ...rc(), elements: [null] },
    el({ id: '1x' }),
    el({ id: 'x'.repeat(101) }),
    el({ kind: 'resistorx' }),
    el({ kind: 5 }),
    el({}, ['kind']),
    el({}, ['id']),
    el({}, ['from']),
    el({ from: '' }),
    el({ to: 'x'.repeat(201) }),
    el({ value: '' }),
    el({ value: 'x'.repeat(1001) }),
    el({ value: '😀'.repeat(1001) }),
    el({ value: true }),
    el({ value: undefined }),
    el({ value: Infinity }),
    el({ domain: 'magnetic' }),
    el({ label: 1 }),
    el({ input: 'u' }),
    el({ ratio: 1 }),
    el({ ports: [] }),
    el({ law: { charge: 'C*v' } }),
    el({ law: {} }, ['value']),
    el({ law: { charge: 'C*v', across: 'q' } }, ['value']),
    el({ law: { charge: '' } }, ['value']),
    el({ law: { other: 'x' } }, ['value']),
    el({ law: { parametric: { interval: [0, 1, 2] } } }, ['value']),
    el({ law: { parametric: { interval: ['0', 1] } } }, ['value']),
    el({ law: { parametric: { parameter: '2s' } } }, ['value']),
    el({ law: { parametric: { foo: 's' } } }, ['value']),
    el({ law: { parametric: 's' } }, ['value']),
    el({ kind: 'current-source', law: { through: 'v' } }, ['value']),
    el({ kind: 'current-source', ports: [] }),
    el({ kind: 'transformer' }, ['from', 'to', 'value']),
    el({ kind: 'transformer', ports: [{ from: 'a', to: 'g' }, { from: 'b', to: 'g' }], ratio: 1 }),
    el({ kind: 'transformer', ports: [{ from: 'a', to: 'g' }, { from: 'b', to: 'g', extra: 1 }], ratio: 1 }, ['from', 'to', 'value']),
    el({ kind: 'transformer', ports: [{ from: 'a', to: 'g' }, { from: 'b' }], ratio: 1 }, ['from', 'to', 'value']),
    el({ kind: 'transformer', ports: [{ from: 'a', to: 'g' }], ratio: 1 }, ['from', 'to', 'value']),
    el({ kind: 'mutual', between: ['a'] }, ['from', 'to']),
    el({ kind: 'mutual', between: ['a', ''] }, ['from', 'to']),
    el({ kind: 'mutual', between: ['a', 'b'], domain: 'fluid' }, ['from', 'to']),
    { ...rc(), twoPorts: [{ id: 'T', kind: 'mutual', ports: [], ratio: 1 }] },
    { ...rc(), twoPorts: [{ id: 'T', kind: 'gyrator', ports: [{ from: 'a', to: 'g' }, { from: 'b', to: 'g' }] }] },
    { ...rc(), mutuals: [{ id: 'M', between: ['a', 'b'], kind: 'transformer' }] },
    { ...rc(), mutuals: [{ id: 'M', between: ['a', 'b'], from: 'x' }] },
    { ...rc(), outputs: [{ node: 'a', element: 'R1' }] },
    { ...rc(), outputs: [{ element: 'R1' }] },
    { ...rc(), outputs: [{ element: 'R1', variable: 'across', reference: 'g' }] },
    { ...rc(), outputs: [{ element: 'R1', variable: 'both' }] },
    { ...rc(), outputs: [{ element: 'R1', variable: 'across', port: 3 }] },
    { ...rc(), outputs: [{ node: '' }] },
    { ...rc(), ground: '' },
    { ...rc(), ground: [''] },
    { ...rc(), ground: 1 },
  ];
}

describe('the schema fast path agrees with ajv', () => {
  it.each(VALID.map((d, k) => [k, d]))('valid document %i', (_, doc) => {
    expect(ajvSays(doc)).toBe(true);
    expect(satisfiesSchema(doc)).toBe(true);
  });

  it('on a mutual inductance whose description is not text (a case the fast path once accepted)', () => {
    const base = { name: 'm', elements: [{ id: 'L1', kind: 'inductor', from: 'a', to: 'g', value: 1 }, { id: 'L2', kind: 'inductor', from: 'a', to: 'g', value: 1 }], mutuals: [{ id: 'M', between: ['L1', 'L2'], value: 0.5 }] };
    const withText = { ...base, mutuals: [{ ...base.mutuals[0], description: 'coupled' }] };
    const withArray = { ...base, mutuals: [{ ...base.mutuals[0], description: [1, 2] }] };
    expect([ajvSays(withText), satisfiesSchema(withText)]).toEqual([true, true]);
    expect([ajvSays(withArray), satisfiesSchema(withArray)]).toEqual([false, false]);
  });

  it('on one violation of each keyword', () => {
    const docs = invalidDocs();
    for (const [k, doc] of docs.entries()) {
      expect(ajvSays(doc), `document ${k} should be invalid: ${JSON.stringify(doc)}`).toBe(false);
      expect(satisfiesSchema(doc), `document ${k}: ${JSON.stringify(doc)}`).toBe(false);
    }
  });

  it('on seeded random mutations of valid documents', () => {
    const FIELDS = ['id', 'kind', 'from', 'to', 'value', 'law', 'domain', 'label', 'description', 'input', 'ports', 'ratio', 'between', 'coupling',
      'parametric', 'interval', 'parameter', 'charge', 'across', 'flux', 'through', 'unit', 'name', 'node', 'element', 'variable', 'port',
      'reference', 'ground', 'elements', 'outputs', 'parameters', 'meta', 'extra'];
    const special = fc.constantFrom<unknown>('', 'g', 'x'.repeat(201), '😀'.repeat(101), 'resistor', 'transformer', 'mutual', 'voltage-source',
      'electrical', 'across', 1, 2, 3, -1, 0.5, null, true, [], {}, [1, 2], ['a', 'b'], Number.NaN, Infinity, undefined, { charge: 'C*v' },
      { parametric: { interval: [0, 1], across: 's', charge: 's' } }, [{ from: 'a', to: 'g' }, { from: 'b', to: 'g' }]);
    const edit = fc.record({
      pick: fc.nat(),
      op: fc.constantFrom('set', 'set', 'delete', 'add'),
      field: fc.constantFrom(...FIELDS),
      value: fc.oneof(special, fc.jsonValue({ maxDepth: 2 })),
    });
    const docs = fc.tuple(fc.constantFrom(...VALID), fc.array(edit, { minLength: 1, maxLength: 3 })).map(([base, edits]) => {
      const doc = JSON.parse(JSON.stringify(base)) as unknown;
      for (const e of edits) mutate(doc, e);
      return doc;
    });
    let invalid = 0;
    fc.assert(
      fc.property(docs, (doc) => {
        const a = ajvSays(doc);
        if (!a) invalid++;
        expect(satisfiesSchema(doc)).toBe(a);
      }),
      { seed: 20260611, numRuns: 3000 },
    );
    // The corpus exercises both answers.
    expect(invalid).toBeGreaterThan(300);
    expect(invalid).toBeLessThan(2900);
  });
});

/** Every object and array inside a document, the document first. */
function containers(doc: unknown): (Record<string, unknown> | unknown[])[] {
  const out: (Record<string, unknown> | unknown[])[] = [];
  const walk = (x: unknown) => {
    if (x === null || typeof x !== 'object') return;
    out.push(x as Record<string, unknown>);
    for (const v of Object.values(x)) walk(v);
  };
  walk(doc);
  return out;
}

/** A deep copy keeping undefined, NaN and Infinity (the generated values are shared between runs). */
function copy(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(copy);
  if (x !== null && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, copy(v)]));
  return x;
}

function mutate(doc: unknown, edit: { pick: number; op: string; field: string; value: unknown }): void {
  const e = { ...edit, value: copy(edit.value) };
  const all = containers(doc);
  if (all.length === 0) return;
  const target = all[e.pick % all.length];
  if (Array.isArray(target)) {
    if (e.op === 'delete') target.splice(e.pick % Math.max(1, target.length), 1);
    else if (e.op === 'add') target.push(e.value);
    else if (target.length > 0) target[e.pick % target.length] = e.value;
    return;
  }
  const keys = Object.keys(target);
  if (e.op === 'delete' && keys.length > 0) delete target[keys[e.pick % keys.length]];
  else if (e.op === 'set' && keys.length > 0 && e.pick % 2 === 0) target[keys[e.pick % keys.length]] = e.value;
  else target[e.field] = e.value;
}
