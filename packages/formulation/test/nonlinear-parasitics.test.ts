/**
 * The explicit parasitic option (withParasitics of @sysgraph/description) against the default Newton solve of a
 * D-type loop (H4 violated): a capacitor Cp across the diode makes its voltage a state and removes the implicit
 * variable; as Cp → 0 the simulated response tends to the Newton one (the parasitic pole at −1/(Cp·R∥) is fast).
 */
import { parseSystem, withParasitics } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { describe, expect, it } from 'vitest';
import { simulate } from '@sysgraph/simulate';
import type { NonlinearModel } from '@sysgraph/simulate';
import { nonlinearModel } from '../src/index';

// E → R1 → a; diode D and R2 from a to ground (no storage at a: D, R1, R2 form D-type loops); a → R3 → b, C at b.
const raw = {
  parameters: { Is: 1e-12, Vt: 0.025 },
  elements: [
    { id: 'E', kind: 'voltage-source', from: 'e', to: 'g' },
    { id: 'R1', kind: 'resistor', from: 'e', to: 'a', value: 100 },
    { id: 'D', kind: 'resistor', from: 'a', to: 'g', law: { through: 'Is*(exp(v/Vt) - 1)' } },
    { id: 'R2', kind: 'resistor', from: 'a', to: 'g', value: 1000 },
    { id: 'R3', kind: 'resistor', from: 'a', to: 'b', value: 1000 },
    { id: 'C', kind: 'capacitor', from: 'b', to: 'g', value: 1e-6 },
  ],
  outputs: [{ name: 'v_b', element: 'C', variable: 'across' }],
  ground: 'g',
};

const run = (desc: ReturnType<typeof parseSystem>) => {
  const result = nonlinearModel(analyzeStructure(desc));
  const trace = simulate(result.model as NonlinearModel, { tEnd: 5e-3, inputs: { E: 'step(2)' }, samples: 11, solver: 'stiff', rtol: 1e-8, atol: 1e-11 });
  return { result, vb: trace.columns[trace.names.indexOf('v_b')] };
};

describe('parasitic elements, only on request', { timeout: 120_000 }, () => {
  it('a parallel capacitor removes the implicit diode variable; the response tends to the Newton one', () => {
    const base = run(parseSystem(raw));
    expect(base.result.system.implicit.length).toBeGreaterThan(0);
    const errors = [1e-9, 1e-11].map((cp) => {
      const withCp = run(parseSystem(withParasitics(parseSystem(raw), { elements: ['D'], capacitance: cp })));
      expect(withCp.result.system.implicit).toHaveLength(0);
      expect(withCp.result.system.states.map((s) => s.name)).toHaveLength(2);
      return Math.max(...Array.from(withCp.vb, (v, k) => Math.abs(v - base.vb[k])));
    });
    // the difference shrinks with Cp (first order in Cp, bounded by the fast transient at t = 0)
    expect(errors[1]).toBeLessThan(errors[0]);
    expect(errors[1]).toBeLessThan(1e-4 * Math.max(...Array.from(base.vb, Math.abs)));
  });

  it('a series inductor adds a node and a flux state', () => {
    const desc = parseSystem(withParasitics(parseSystem(raw), { elements: ['R2'], inductance: 1e-9 }));
    expect(desc.oneports.find((e) => e.id === 'R2_Lp')?.type).toBe('T');
    expect(desc.oneports.find((e) => e.id === 'R2')?.to).toBe('R2_p');
  });

  it('typed errors: not a D-type element, both or neither value, a non-positive value', () => {
    const desc = parseSystem(raw);
    expect(() => withParasitics(desc, { elements: ['C'], capacitance: 1e-9 })).toThrow(expect.objectContaining({ code: 'bad-option', element: 'C' }));
    expect(() => withParasitics(desc, { elements: ['D'] })).toThrow(expect.objectContaining({ code: 'bad-option' }));
    expect(() => withParasitics(desc, { elements: ['D'], capacitance: 1e-9, inductance: 1e-9 })).toThrow(expect.objectContaining({ code: 'bad-option' }));
    expect(() => withParasitics(desc, { elements: ['D'], capacitance: -1 })).toThrow(expect.objectContaining({ code: 'bad-option', field: 'capacitance' }));
  });
});
