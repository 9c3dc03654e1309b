/**
 * rcLadder: an across source, then N sections of a series resistor R = 1 kΩ/N and a shunt capacitor
 * C = 1 µF/N to the ground (a 1 kΩ, 1 µF distributed RC line), 2N + 1 branches, N states, open at the far end.
 *
 *   Vs: n0 → g,   section k: R_k: n_{k−1} → n_k,  C_k: n_k → g
 *   C v_k' = (v_{k−1} − v_k)/R − (v_k − v_{k+1})/R   (v_0 = Vs, no current beyond node N)
 */
import type { RawElement, RawSystem } from '@sysgraph/description';
import { numbered } from './ids';
import { checkSections } from './rlc-ladder';

export function rcLadder(N: number): RawSystem {
  checkSections(N);
  const node = (k: number) => numbered('n', k, N);
  const elements: RawElement[] = [{ id: 'Vs', kind: 'voltage-source', from: node(0), to: 'g', value: 1 }];
  for (let k = 1; k <= N; k++) {
    elements.push(
      { id: numbered('R', k, N), kind: 'resistor', from: node(k - 1), to: node(k), value: 'R' },
      { id: numbered('C', k, N), kind: 'capacitor', from: node(k), to: 'g', value: 'C' },
    );
  }
  return {
    name: `rc-ladder-${N}`,
    parameters: { R: { value: 1e3 / N, unit: 'Ohm' }, C: { value: 1e-6 / N, unit: 'F' } },
    elements,
    outputs: [{ name: 'v_out', element: numbered('C', N, N), variable: 'across' }],
    ground: 'g',
  };
}
