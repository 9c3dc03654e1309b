import { SysgraphErrors } from '@sysgraph/core';
import { describe, expect, it } from 'vitest';
import { parseSystem } from '../src/index';
import { errorsOf, expectError, parse, rc } from './helpers';

/** rc() with element k patched (or removed when patch is null). */
function patched(k: number, patch: Record<string, unknown> | null, top: Record<string, unknown> = {}) {
  const d = rc();
  if (patch === null) d.elements.splice(k, 1);
  else d.elements[k] = { ...d.elements[k], ...patch };
  return { ...d, ...top };
}
const withoutField = (k: number, field: string) => {
  const d = rc();
  const { [field]: _gone, ...rest } = d.elements[k];
  d.elements[k] = rest;
  return d;
};

describe('input errors name the element, the field and what is expected', () => {
  it('invalid JSON text', () => {
    expectError(() => parseSystem('{"elements": [', {}), { code: 'invalid-json' });
  });

  it('a document that is not an object', () => {
    for (const doc of [null, 3, 'null', '[]', [], true]) expect(errorsOf(() => parse(doc))[0].code).toBe('schema');
  });

  it('unknown top-level field (but $schema and meta are fine)', () => {
    expectError(() => parse({ ...rc(), nodes: [] }), { code: 'schema', field: 'nodes' });
    expect(() => parse({ ...rc(), $schema: 's', meta: {} })).not.toThrow();
  });

  it('unknown field on an element', () => {
    expectError(() => parse(patched(1, { resistance: 3 })), { code: 'schema', element: 'R1', field: 'resistance' });
  });

  it('unknown kind, listing the accepted kinds', () => {
    const e = expectError(() => parse(patched(1, { kind: 'resistr' })), { code: 'unknown-kind', element: 'R1', field: 'kind' });
    expect(e.expected).toContain('resistor');
    expect(e.expected).toContain('torsional-spring');
  });

  it('duplicate id, across elements, two-ports and mutual inductances', () => {
    expectError(() => parse(patched(2, { id: 'R1' })), { code: 'duplicate-id', element: 'R1', field: 'id', path: 'elements[2].id' });
    const d = rc();
    const twoPort = { id: 'C1', kind: 'transformer', ports: [{ from: 'a', to: 'g' }, { from: 'b', to: 'g' }], ratio: 2 };
    expectError(() => parse({ ...d, twoPorts: [twoPort] }), { code: 'duplicate-id', element: 'C1', path: 'twoPorts[0].id' });
  });

  it('missing fields', () => {
    expectError(() => parse(withoutField(1, 'value')), { code: 'missing-field', element: 'R1', field: 'value' });
    expectError(() => parse(withoutField(1, 'kind')), { code: 'missing-field', element: 'R1', field: 'kind' });
    expectError(() => parse(withoutField(1, 'id')), { code: 'missing-field', field: 'elements[1].id' });
  });

  it('missing node: from/to absent, empty or not a string', () => {
    expectError(() => parse(withoutField(1, 'from')), { code: 'missing-field', element: 'R1', field: 'from' });
    expectError(() => parse(patched(1, { to: '' })), { code: 'missing-field', element: 'R1', field: 'to' });
    expectError(() => parse(patched(1, { from: 3 })), { code: 'missing-field', element: 'R1', field: 'from' });
    expectError(() => parse(patched(1, { to: null })), { code: 'missing-field', element: 'R1', field: 'to' });
    const tp = { id: 'T', kind: 'gyrator', ports: [{ from: 'a', to: 'g' }, { from: 'b' }], ratio: 1 };
    expectError(() => parse({ ...rc(), twoPorts: [tp] }), { code: 'missing-field', element: 'T', field: 'ports[1].to' });
  });

  it('fields that do not belong to the kind', () => {
    expectError(() => parse(patched(1, { ratio: 2 })), { code: 'schema', element: 'R1', field: 'ratio' });
    expectError(() => parse(patched(1, { input: 'u' })), { code: 'schema', element: 'R1', field: 'input' });
  });

  it('dangling node: a node touched by one terminal only', () => {
    // A misspelt node: R1 goes to "bb" while C1 starts at "b".
    const d = patched(1, { to: 'bb' });
    const errors = errorsOf(() => parse(d));
    expect(errors.map((e) => [e.code, e.element, e.field, e.elements?.[0]])).toEqual([
      ['dangling-node', 'R1', 'to', 'bb'],
      ['dangling-node', 'C1', 'from', 'b'],
    ]);
  });

  it('dangling node at a two-port port', () => {
    const tp = { id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'x', to: 'g' }], ratio: 2 };
    expectError(() => parse({ ...rc(), twoPorts: [tp] }), { code: 'dangling-node', element: 'T', field: 'ports[1].from', elements: ['x'] });
  });

  it('self-loop', () => {
    const d = rc();
    d.elements.push({ id: 'R2', kind: 'resistor', from: 'b', to: 'b', value: 1 });
    expectError(() => parse(d), { code: 'self-loop', element: 'R2', field: 'to' });
    const tp = { id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'a', to: 'a' }], ratio: 2 };
    expectError(() => parse({ ...rc(), twoPorts: [tp] }), { code: 'self-loop', element: 'T', field: 'ports[1].to' });
  });

  it('value that does not parse, or of the wrong type', () => {
    expectError(() => parse(patched(1, { value: '2 *' })), { code: 'bad-value', element: 'R1', field: 'value' });
    expectError(() => parse(patched(1, { value: 'R = 3' })), { code: 'bad-value', element: 'R1', field: 'value' });
    expectError(() => parse(patched(1, { value: true })), { code: 'bad-value', element: 'R1', field: 'value' });
    expectError(() => parse(patched(1, { value: '' })), { code: 'bad-value', element: 'R1', field: 'value' });
  });

  it('unknown parameter', () => {
    expectError(() => parse(patched(1, { value: 'Rx * 2' })), { code: 'unknown-parameter', element: 'R1', field: 'value', elements: ['Rx'] });
    const tp = { id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'a', to: 'g' }], ratio: 'n' };
    expectError(() => parse({ ...rc(), twoPorts: [tp] }), { code: 'unknown-parameter', element: 'T', field: 'ratio' });
  });

  it('unusable parameter names', () => {
    expectError(() => parse({ ...rc(), parameters: { R: 2, C: 0.5, 'not a name': 1 } }), { code: 'schema' });
    expectError(() => parse({ ...rc(), parameters: { R: 2, C: 0.5, true: 1 } }), { code: 'bad-value', element: 'true' });
    expectError(() => parse({ ...rc(), parameters: { R: 'two', C: 0.5 } }), { code: 'bad-value', element: 'R' });
  });

  it('non-positive values where the law needs a positive one', () => {
    expectError(() => parse(patched(1, { value: 0 })), { code: 'non-positive-value', element: 'R1', field: 'value' });
    expectError(() => parse(patched(2, { value: -1 })), { code: 'non-positive-value', element: 'C1', field: 'value' });
    expectError(() => parse(patched(1, { kind: 'damper', value: '-R' })), { code: 'non-positive-value', element: 'R1' });
    // A parameter with a non-positive value used there: the error names both.
    expectError(() => parse({ ...rc(), parameters: { R: -2, C: 0.5 } }), { code: 'non-positive-value', element: 'R1', field: 'value', elements: ['R'] });
    // Symbolic values are not checked.
    expect(() => parse({ ...rc(), parameters: { R: null, C: 0.5 } })).not.toThrow();
    // A spring of negative stiffness.
    expectError(() => parse(patched(1, { kind: 'spring', value: -5 })), { code: 'non-positive-value', element: 'R1' });
  });

  it('non-finite numbers', () => {
    const text = JSON.stringify(rc()).replace('"C":0.5', '"C":1e999');
    expectError(() => parseSystem(text), { code: 'bad-value', element: 'C' });
    expectError(() => parse(patched(1, { value: Number.NaN })), { code: 'bad-value', element: 'R1', field: 'value' });
    expectError(() => parse(patched(1, { value: 'R / (C - 0.5)' })), { code: 'bad-value', element: 'R1', field: 'value' });
  });

  it('zero two-port ratio (negative is fine)', () => {
    const tp = (ratio: unknown) => ({ id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'a', to: 'g' }], ratio });
    expectError(() => parse({ ...rc(), twoPorts: [tp(0)] }), { code: 'bad-value', element: 'T', field: 'ratio' });
    expectError(() => parse({ ...rc(), twoPorts: [tp('R - 2')] }), { code: 'bad-value', element: 'T', field: 'ratio' });
    expect(() => parse({ ...rc(), twoPorts: [tp(-0.5)] })).not.toThrow();
  });

  describe('mutual inductances', () => {
    const base = (mutuals: unknown[], parameters: Record<string, unknown> = {}) => ({
      parameters: { L1: 1, L2: 4, L3: 1, ...parameters },
      elements: [
        { id: 'J', kind: 'current-source', from: 'g', to: 'a' },
        { id: 'L1', kind: 'inductor', from: 'a', to: 'g', value: 'L1' },
        { id: 'L2', kind: 'inductor', from: 'a', to: 'g', value: 'L2' },
        { id: 'L3', kind: 'spring', from: 'a', to: 'g', value: 'L3' },
        { id: 'R', kind: 'resistor', from: 'a', to: 'g', value: 1 },
      ],
      mutuals,
    });
    it('between elements that are not T-type', () => {
      expectError(() => parse(base([{ id: 'M', between: ['L1', 'R'], value: 0.1 }])), { code: 'bad-mutual-inductance', element: 'M', field: 'between[1]' });
      expectError(() => parse(base([{ id: 'M', between: ['L1', 'J'], value: 0.1 }])), { code: 'bad-mutual-inductance', element: 'M', field: 'between[1]' });
    });
    it('naming an unknown element', () => {
      expectError(() => parse(base([{ id: 'M', between: ['L1', 'Lx'], value: 0.1 }])), { code: 'unknown-element', element: 'M', field: 'between[1]' });
    });
    it('between an element and itself', () => {
      expectError(() => parse(base([{ id: 'M', between: ['L1', 'L1'], value: 0.1 }])), { code: 'bad-mutual-inductance', element: 'M', field: 'between' });
    });
    it('the same pair twice', () => {
      expectError(() => parse(base([{ id: 'M', between: ['L1', 'L2'], value: 0.1 }, { id: 'N', between: ['L2', 'L1'], value: 0.2 }])), {
        code: 'bad-mutual-inductance',
        element: 'N',
        field: 'between',
      });
    });
    it('|k| >= 1, from M and the inductances or from the coupling given', () => {
      // k = M / sqrt(L1 L2) = 2 / sqrt(1 * 4) = 1.
      expectError(() => parse(base([{ id: 'M', between: ['L1', 'L2'], value: 2 }])), { code: 'bad-mutual-inductance', element: 'M', field: 'value' });
      expect(() => parse(base([{ id: 'M', between: ['L1', 'L2'], value: 1.99 }]))).not.toThrow();
      expectError(() => parse(base([{ id: 'M', between: ['L1', 'L2'], coupling: -1 }])), { code: 'bad-mutual-inductance', element: 'M', field: 'coupling' });
      // Symbolic inductances: M cannot be checked, k can.
      expect(() => parse(base([{ id: 'M', between: ['L1', 'L2'], value: 5 }], { L1: null }))).not.toThrow();
      expectError(() => parse(base([{ id: 'M', between: ['L1', 'L2'], coupling: 1.5 }], { L1: null })), { code: 'bad-mutual-inductance' });
    });
    it('value and coupling both, or neither', () => {
      expectError(() => parse(base([{ id: 'M', between: ['L1', 'L2'], value: 0.1, coupling: 0.1 }])), { code: 'bad-value', element: 'M' });
      expectError(() => parse(base([{ id: 'M', between: ['L1', 'L2'] }])), { code: 'missing-field', element: 'M', field: 'value' });
    });
    it('pairwise valid couplings whose inductance matrix is not positive definite', () => {
      // L = [[1, .9, .9], [.9, 1, -.9], [.9, -.9, 1]] (L2 = 1 here): every |k| = 0.9 < 1, but det < 0.
      const three = [
        { id: 'Ma', between: ['L1', 'L2'], coupling: 0.9 },
        { id: 'Mb', between: ['L1', 'L3'], coupling: 0.9 },
        { id: 'Mc', between: ['L2', 'L3'], coupling: -0.9 },
      ];
      expectError(() => parse(base(three, { L2: 1 })), { code: 'bad-mutual-inductance', element: 'Ma' });
      const fine = three.map((m) => ({ ...m, coupling: 0.3 }));
      expect(() => parse(base(fine, { L2: 1 }))).not.toThrow();
    });
  });

  describe('outputs', () => {
    const out = (outputs: unknown[]) => ({ ...rc(), outputs });
    it('naming unknown elements, nodes or references', () => {
      expectError(() => parse(out([{ element: 'R9', variable: 'across' }])), { code: 'bad-output', element: 'R9', field: 'outputs[0].element' });
      expectError(() => parse(out([{ node: 'q' }])), { code: 'bad-output', element: 'q', field: 'outputs[0].node' });
      expectError(() => parse(out([{ node: 'a', reference: 'q' }])), { code: 'bad-output', field: 'outputs[0].reference' });
    });
    it('with ports that do not fit the element', () => {
      expectError(() => parse(out([{ element: 'R1', port: 1, variable: 'across' }])), { code: 'bad-output', field: 'outputs[0].port' });
      const tp = { id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'a', to: 'g' }], ratio: 2 };
      expectError(() => parse({ ...out([{ element: 'T', variable: 'across' }]), twoPorts: [tp] }), { code: 'bad-output', field: 'outputs[0].port' });
      expectError(() => parse(out([{ element: 'R1', port: 3, variable: 'across' }])), { code: 'bad-output' });
    });
    it('malformed', () => {
      expectError(() => parse(out([{ element: 'R1' }])), { code: 'bad-output' });
      expectError(() => parse(out([{ element: 'R1', variable: 'voltage' }])), { code: 'bad-output' });
      expectError(() => parse(out([{ node: 'a', element: 'R1' }])), { code: 'bad-output' });
    });
    it('with duplicate names', () => {
      expectError(() => parse(out([{ element: 'R1', variable: 'across' }, { name: 'v_R1', node: 'a' }])), { code: 'bad-output', field: 'outputs[1].name' });
    });
    it('across components', () => {
      const tp = { id: 'T', kind: 'transformer', ports: [{ from: 'b', to: 'g' }, { from: 'c', to: 'h' }], ratio: 2 };
      const d = { ...out([{ node: 'c', reference: 'a' }]), twoPorts: [tp] };
      d.elements.push({ id: 'R2', kind: 'resistor', from: 'c', to: 'h', value: 1 });
      expectError(() => parse(d), { code: 'bad-output', field: 'outputs[0].reference' });
    });
  });

  describe('grounds', () => {
    it('naming an unknown node', () => {
      expectError(() => parse({ ...rc(), ground: 'q' }), { code: 'bad-ground', element: 'q', field: 'ground' });
      expectError(() => parse({ ...rc(), ground: ['g', 'q'] }), { code: 'bad-ground', element: 'q', field: 'ground[1]' });
    });
    it('two grounds in one component', () => {
      expectError(() => parse({ ...rc(), ground: ['g', 'a'] }), { code: 'bad-ground', element: 'a', field: 'ground[1]', elements: ['g', 'a'] });
    });
    it('of the wrong type', () => {
      expectError(() => parse({ ...rc(), ground: 3 }), { code: 'bad-ground' });
      expectError(() => parse({ ...rc(), ground: '' }), { code: 'bad-ground' });
    });
  });

  it('source with contradictory input names', () => {
    expectError(() => parse(patched(0, { value: 'u1', input: 'u2' })), { code: 'bad-value', element: 'Vs', field: 'input' });
  });

  it('domain that contradicts the kind', () => {
    expectError(() => parse(patched(1, { domain: 'thermal' })), { code: 'bad-value', element: 'R1', field: 'domain' });
    expectError(() => parse(patched(1, { domain: 'magnetic' })), { code: 'bad-value', element: 'R1', field: 'domain' });
  });

  it('collects independent errors and throws SysgraphErrors when there are several', () => {
    const d = rc();
    d.elements[1] = { ...d.elements[1], value: 'Rx' };
    d.elements[2] = { ...d.elements[2], value: -1 };
    d.elements.push({ id: 'L1', kind: 'inductor', from: 'b', to: 'b', value: 1 });
    let thrown: unknown;
    try {
      parse({ ...d, ground: 'q' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SysgraphErrors);
    const codes = (thrown as SysgraphErrors).errors.map((e) => `${e.code}:${e.element}`);
    expect(codes).toEqual(expect.arrayContaining(['unknown-parameter:R1', 'non-positive-value:C1', 'self-loop:L1', 'bad-ground:q']));
    // A single error is thrown as itself.
    const single = errorsOf(() => parse(patched(1, { value: 'Rx' })));
    expect(single).toHaveLength(1);
  });
});
