/**
 * Element laws are compiled once per variable and law text, whether the elements share one law object (every
 * diode of one SPICE .model) or each carries its own (a JSON description repeating the text): equal texts give the
 * one compiled law, different texts or variables different ones, and the compiled law is the element's own
 * function (checked against the closed form of each text).
 */
import { parseSystem, readSpiceNetlist } from '@sysgraph/description';
import type { OnePort } from '@sysgraph/description';
import { describe, expect, it } from 'vitest';
import { elementLaw, lawCache } from '../src/network-model/element-law';

const oneports = (json: Record<string, unknown>): OnePort[] => parseSystem(json).oneports as OnePort[];

describe('the law cache of the network model', () => {
  it('compiles a text once per variable for elements that each carry their own law object', () => {
    const ports = oneports({
      name: 'shared-texts',
      elements: [
        { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'D1', kind: 'resistor', from: 'a', to: 'b', law: { through: '1e-3*(exp(v/0.5) - 1)' } },
        { id: 'D2', kind: 'resistor', from: 'b', to: 'c', law: { through: '1e-3*(exp(v/0.5) - 1)' } },
        { id: 'D3', kind: 'resistor', from: 'c', to: 'g', law: { through: '2e-3*(exp(v/0.5) - 1)' } },
        { id: 'R4', kind: 'resistor', from: 'b', to: 'g', law: { across: '1e-3*(exp(i/0.5) - 1)' } },
      ],
    });
    const byId = new Map(ports.map((e) => [e.id, e]));
    // D2 with a law object of its own (equal text), as a reader that shares nothing would give it
    const d2 = byId.get('D2')!;
    byId.set('D2', { ...d2, law: { ...d2.law! } } as OnePort);
    expect(byId.get('D1')!.law).not.toBe(byId.get('D2')!.law);
    const cache = lawCache();
    const params = new Map<string, number | null>();
    const law = (id: string) => elementLaw(byId.get(id)!, false, params, cache).law;
    const d1 = law('D1');
    expect(law('D2')).toBe(d1);
    expect(law('D3')).not.toBe(d1);
    expect(law('R4')).not.toBe(d1);
    expect(law('D1')).toBe(d1);
    for (const w of [-1, 0, 0.3, 1.2]) {
      expect(d1.valueAt(w, 0)).toBeCloseTo(1e-3 * (Math.exp(w / 0.5) - 1), 14);
      expect(law('D3').valueAt(w, 0)).toBeCloseTo(2e-3 * (Math.exp(w / 0.5) - 1), 14);
      expect(law('R4').valueAt(w, 0)).toBeCloseTo(1e-3 * (Math.exp(w / 0.5) - 1), 14);
    }
  });

  it('shares the linear law of equal constant values, each form apart (the reader refuses zero values, which are never shared)', () => {
    const ports = oneports({
      name: 'values',
      elements: [
        { id: 'E', kind: 'voltage-source', from: 'a', to: 'g' },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 2 },
        { id: 'R2', kind: 'resistor', from: 'b', to: 'c', value: 2 },
        { id: 'R3', kind: 'resistor', from: 'c', to: 'g', value: 3 },
      ],
    });
    const byId = new Map(ports.map((e) => [e.id, e]));
    const cache = lawCache();
    const params = new Map<string, number | null>();
    const law = (id: string, inTree: boolean) => elementLaw(byId.get(id)!, inTree, params, cache).law;
    expect(law('R2', true)).toBe(law('R1', true));
    expect(law('R2', false)).toBe(law('R1', false));
    expect(law('R1', false)).not.toBe(law('R1', true));
    expect(law('R3', true)).not.toBe(law('R1', true));
    // in the tree v = R i, in the co-tree i = v / R
    expect(law('R1', true).valueAt(3, 0)).toBe(6);
    expect(law('R1', false).valueAt(3, 0)).toBe(1.5);
    expect(law('R3', false).valueAt(3, 0)).toBe(1);
  });

  it('gives every diode of one .model the one compiled law, and each .model its own', () => {
    const netlist = readSpiceNetlist(
      ['* two models', 'V1 n1 0 1', 'D1 n1 0 da', 'D2 n1 n2 da', 'D3 n2 0 db', 'R1 n2 0 1k', '.model da D(IS=1e-12 N=1)', '.model db D(IS=1e-14 N=2)', '.end'].join('\n'),
    );
    const byId = new Map((netlist.description.oneports as OnePort[]).map((e) => [e.id.toUpperCase(), e]));
    const cache = lawCache();
    const params = netlist.description.parameters;
    const law = (id: string) => elementLaw(byId.get(id)!, false, params, cache).law;
    expect(law('D2')).toBe(law('D1'));
    expect(law('D3')).not.toBe(law('D1'));
    const vt = (1.380649e-23 * 300.15) / 1.602176634e-19;
    expect(law('D1').valueAt(0.6, 0) / (1e-12 * (Math.exp(0.6 / vt) - 1))).toBeCloseTo(1, 12);
    expect(law('D3').valueAt(0.6, 0) / (1e-14 * (Math.exp(0.6 / (2 * vt)) - 1))).toBeCloseTo(1, 12);
  });
});
