/**
 * lcLadder: the undamped LC ladder, an across source then N sections of a series inductor and a shunt capacitor,
 * 2N + 1 branches, 2N states, lossless (every mode on the imaginary axis).
 *
 *   Vs: n0 → g,   section k: L_k: n_{k−1} → n_k,  C_k: n_k → g
 *   L i_k' = v_{k−1} − v_k,  C v_k' = i_k − i_{k+1}   (v_0 = Vs, i_{N+1} = 0)
 */
import type { RawElement, RawSystem } from '@sysgraph/description';
import { numbered } from './ids';
import { checkSections } from './rlc-ladder';

export const LC_LADDER_VALUES = { L: 1e-3, C: 1e-6 } as const;

export function lcLadder(N: number): RawSystem {
  checkSections(N);
  const node = (k: number) => numbered('n', k, N);
  const elements: RawElement[] = [{ id: 'Vs', kind: 'voltage-source', from: node(0), to: 'g', value: 1 }];
  for (let k = 1; k <= N; k++) {
    elements.push(
      { id: numbered('L', k, N), kind: 'inductor', from: node(k - 1), to: node(k), value: 'L' },
      { id: numbered('C', k, N), kind: 'capacitor', from: node(k), to: 'g', value: 'C' },
    );
  }
  return {
    name: `lc-ladder-${N}`,
    parameters: { L: { value: LC_LADDER_VALUES.L, unit: 'H' }, C: { value: LC_LADDER_VALUES.C, unit: 'F' } },
    elements,
    outputs: [{ name: 'v_out', element: numbered('C', N, N), variable: 'across' }],
    ground: 'g',
  };
}
