/** Malformed bond graphs get typed errors naming the bond or element and the field, as the user wrote them. */
import { SysgraphError, SysgraphErrors } from '@sysgraph/core';
import { describe, expect, it } from 'vitest';
import { bondGraphToDescription, readBondGraph } from '../src/index';

const rlc = () => ({
  parameters: { R: 2, L: 121, C: 5 },
  elements: [
    { id: 'Vs', kind: 'Se', value: 9 },
    { id: 'J', kind: '1' },
    { id: 'R1', kind: 'R', value: 'R' },
    { id: 'L1', kind: 'I', value: 'L' },
    { id: 'C1', kind: 'C', value: 'C' },
  ] as Record<string, unknown>[],
  bonds: [
    { id: 'b1', from: 'Vs', to: 'J' },
    { id: 'b2', from: 'J', to: 'R1' },
    { id: 'b3', from: 'J', to: 'L1' },
    { id: 'b4', from: 'J', to: 'C1' },
  ] as Record<string, unknown>[],
});

/** The one error thrown (the first of several), checked by code and data, never by wording. */
function caught(f: () => unknown): SysgraphError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SysgraphError);
    return e as SysgraphError;
  }
  throw new Error('no error thrown');
}

const convert = (g: object) => bondGraphToDescription(readBondGraph(g));

describe('malformed bond graphs', () => {
  it('a well-formed graph reads and converts (the control case)', () => {
    const d = convert(rlc());
    expect(d.oneports.map((e) => e.id).sort()).toEqual(['C1', 'L1', 'R1']);
    expect(d.sources.map((e) => e.id)).toEqual(['Vs']);
  });

  it('a dangling bond: an end naming no element', () => {
    const g = rlc();
    g.bonds[3] = { id: 'b4', from: 'J', to: 'C9' };
    const e = caught(() => convert(g));
    // C1 is left without a bond as well: both are reported, the bond first
    expect(e).toBeInstanceOf(SysgraphErrors);
    const all = (e as SysgraphErrors).errors;
    expect(all[0]).toMatchObject({ code: 'unknown-element', element: 'b4', field: 'to', path: '/bonds/3/to' });
    expect(all.some((x) => x.code === 'dangling-node' && x.element === 'C1')).toBe(true);
  });

  it('a bond without an end', () => {
    const g = rlc();
    g.bonds[1] = { id: 'b2', from: 'J' };
    g.elements.splice(2, 1);
    expect(caught(() => convert(g))).toMatchObject({ code: 'missing-field', element: 'b2', field: 'to' });
  });

  it('a junction with one bond', () => {
    const g = rlc();
    g.elements.push({ id: 'J2', kind: '0' }, { id: 'R2', kind: 'R', value: 1 });
    g.bonds.push({ id: 'b5', from: 'R2', to: 'J2' });
    g.elements = g.elements.filter((x) => x.id !== 'R2');
    g.bonds = g.bonds.filter((x) => x.id !== 'b5');
    g.bonds.push({ id: 'b5', from: 'J', to: 'J2' });
    expect(caught(() => convert(g))).toMatchObject({ code: 'dangling-node', element: 'J2', field: 'bonds' });
  });

  it('an unknown element kind', () => {
    const g = rlc();
    g.elements[2] = { id: 'R1', kind: 'resistor', value: 'R' };
    expect(caught(() => convert(g))).toMatchObject({ code: 'unknown-kind', element: 'R1', field: 'kind', path: '/elements/2/kind' });
  });

  it('a TF without its ratio, and a GY with both ratio and modulus', () => {
    const g = {
      elements: [
        { id: 'Vs', kind: 'Se', value: 1 },
        { id: 'T', kind: 'TF' },
        { id: 'R1', kind: 'R', value: 1 },
      ],
      bonds: [
        { id: 'b1', from: 'Vs', to: 'T' },
        { id: 'b2', from: 'T', to: 'R1' },
      ],
    };
    expect(caught(() => convert(g))).toMatchObject({ code: 'missing-field', element: 'T', field: 'ratio', path: '/elements/1/ratio' });
    g.elements[1] = { id: 'T', kind: 'GY', ratio: 2, modulus: 3 } as never;
    expect(caught(() => convert(g))).toMatchObject({ code: 'bad-value', element: 'T', field: 'modulus' });
  });

  it('a TF with both bonds in', () => {
    const g = {
      elements: [
        { id: 'Vs', kind: 'Se', value: 1 },
        { id: 'T', kind: 'TF', ratio: 2 },
        { id: 'R1', kind: 'R', value: 1 },
      ],
      bonds: [
        { id: 'b1', from: 'Vs', to: 'T' },
        { id: 'b2', from: 'R1', to: 'T' },
      ],
    };
    expect(caught(() => convert(g))).toMatchObject({ code: 'bad-value', element: 'T', field: 'bonds' });
  });

  it('a storage element without a value, a one-port with two bonds, a duplicate id, a self bond', () => {
    let g = rlc();
    delete g.elements[4].value;
    expect(caught(() => convert(g))).toMatchObject({ code: 'missing-field', element: 'C1', field: 'value' });
    g = rlc();
    g.bonds.push({ id: 'b5', from: 'J', to: 'R1' });
    expect(caught(() => convert(g))).toMatchObject({ code: 'bad-value', element: 'R1', field: 'bonds' });
    g = rlc();
    g.bonds[2] = { id: 'b2', from: 'J', to: 'L1' };
    expect(caught(() => convert(g))).toMatchObject({ code: 'duplicate-id', element: 'b2' });
    g = rlc();
    g.bonds.push({ id: 'b5', from: 'J', to: 'J' });
    expect(caught(() => convert(g))).toMatchObject({ code: 'self-loop', element: 'b5' });
  });

  it('an unknown parameter is the description’s error, naming the bond-graph element and its path', () => {
    const g = rlc();
    g.elements[3] = { id: 'L1', kind: 'I', value: 'Lx' };
    expect(caught(() => convert(g))).toMatchObject({ code: 'unknown-parameter', element: 'L1', path: '/elements/3/value' });
  });

  it('an I in the thermal domain; two domains joined by a junction; an unknown domain', () => {
    let g = rlc();
    g.elements[3] = { id: 'L1', kind: 'I', value: 'L', domain: 'thermal' };
    expect(caught(() => convert(g))).toMatchObject({ code: 'unsupported', element: 'L1', field: 'domain' });
    g = rlc();
    g.elements[3] = { id: 'L1', kind: 'I', value: 'L', domain: 'electrical' };
    g.elements[4] = { id: 'C1', kind: 'C', value: 'C', domain: 'translational' };
    const e = caught(() => convert(g));
    expect(e).toMatchObject({ code: 'bad-value', element: 'C1', field: 'domain' });
    expect(e.elements).toEqual(['L1', 'C1']);
    g = rlc();
    g.elements[4] = { id: 'C1', kind: 'C', value: 'C', domain: 'magnetic' };
    expect(caught(() => convert(g))).toMatchObject({ code: 'bad-value', element: 'C1', field: 'domain' });
  });

  it('outputs naming no bond, a two-port, or a junction variable that is not common', () => {
    const g: Record<string, unknown> = { ...rlc(), outputs: [{ bond: 'b9', variable: 'flow' }] };
    expect(caught(() => convert(g))).toMatchObject({ code: 'bad-output', element: 'b9', field: 'bond' });
    g.outputs = [{ element: 'J', variable: 'effort' }];
    expect(caught(() => convert(g))).toMatchObject({ code: 'bad-output', element: 'J', field: 'variable' });
    g.outputs = [{ element: 'J', variable: 'power' }];
    expect(caught(() => convert(g))).toMatchObject({ code: 'bad-output', field: 'variable' });
  });

  it('text that is not JSON, and JSON without bonds', () => {
    expect(caught(() => readBondGraph('{ "elements": ['))).toMatchObject({ code: 'invalid-json' });
    expect(caught(() => readBondGraph({ elements: [] }))).toMatchObject({ code: 'missing-field', field: 'bonds' });
  });
});
