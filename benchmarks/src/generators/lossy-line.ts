/**
 * lossyLine: a lossy transmission line of unit length as N telegrapher sections (series R' dx, L' dx; shunt
 * C' dx and a leakage conductance G' dx to the ground), driven through a source resistance and closed by a
 * load resistance: an RLC ladder of 4N + 3 branches and 2N states.
 *
 *   Vs: s → g,  Rs: s → n0,  section k: R_k: n_{k−1} → m_k,  L_k: m_k → n_k,  C_k: n_k → g,  G_k: n_k → g,
 *   Rload: n_N → g.   Per-unit-length values of a 50 Ω line: L' = 250 nH/m, C' = 100 pF/m, R' = 0.5 Ω/m,
 *   G' = 10 µS/m.
 */
import type { RawElement, RawSystem } from '@sysgraph/description';
import { numbered } from './ids';
import { checkSections } from './rlc-ladder';

export const LOSSY_LINE_PER_METRE = { R: 0.5, L: 250e-9, C: 100e-12, G: 10e-6, Z0: 50 } as const;

export function lossyLine(N: number): RawSystem {
  checkSections(N);
  const u = LOSSY_LINE_PER_METRE;
  const node = (k: number) => numbered('n', k, N);
  const elements: RawElement[] = [
    { id: 'Vs', kind: 'voltage-source', from: 's', to: 'g', value: 1 },
    { id: 'Rs', kind: 'resistor', from: 's', to: node(0), value: 'Z0' },
  ];
  for (let k = 1; k <= N; k++) {
    const m = numbered('m', k, N);
    elements.push(
      { id: numbered('R', k, N), kind: 'resistor', from: node(k - 1), to: m, value: 'Rdx' },
      { id: numbered('L', k, N), kind: 'inductor', from: m, to: node(k), value: 'Ldx' },
      { id: numbered('C', k, N), kind: 'capacitor', from: node(k), to: 'g', value: 'Cdx' },
      { id: numbered('G', k, N), kind: 'resistor', from: node(k), to: 'g', value: 'Rleak' },
    );
  }
  elements.push({ id: 'Rload', kind: 'resistor', from: node(N), to: 'g', value: 'Z0' });
  return {
    name: `lossy-line-${N}`,
    parameters: {
      Rdx: { value: u.R / N, unit: 'Ohm', description: "series resistance R' dx" },
      Ldx: { value: u.L / N, unit: 'H', description: "series inductance L' dx" },
      Cdx: { value: u.C / N, unit: 'F', description: "shunt capacitance C' dx" },
      Rleak: { value: N / u.G, unit: 'Ohm', description: "leakage resistance 1/(G' dx)" },
      Z0: { value: u.Z0, unit: 'Ohm', description: 'source and load resistance' },
    },
    elements,
    outputs: [{ name: 'v_load', element: 'Rload', variable: 'across' }],
    ground: 'g',
  };
}
