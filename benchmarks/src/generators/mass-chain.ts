/**
 * massChain: a translational chain of N masses; mass 1 is tied to the wall by a spring and a damper in parallel,
 * each further mass to the one before it the same way, and a force source pushes mass N (the free end): 3N + 1
 * branches, 2N states (the mass velocities and the spring forces). The dampers are proportional to the springs
 * (c/k the same everywhere), so the chain has the undamped chain's mode shapes.
 *
 *   F: g → x_N,  mass_k: x_k → g,  spring_k, damper_k: x_{k−1} → x_k  (x_0 = g)
 *   m v_k' = f_k − f_{k+1} (+ F at k = N),  f_k = k_s (x_{k−1} − x_k) + c (v_{k−1} − v_k)
 */
import type { RawElement, RawSystem } from '@sysgraph/description';
import { numbered } from './ids';
import { checkSections } from './rlc-ladder';

export const MASS_CHAIN_VALUES = { m: 1, k: 1e4, c: 1 } as const;

export function massChain(N: number): RawSystem {
  checkSections(N);
  const node = (k: number) => (k === 0 ? 'g' : numbered('x', k, N));
  const elements: RawElement[] = [{ id: 'F', kind: 'force-source', from: 'g', to: node(N), value: 1 }];
  for (let k = 1; k <= N; k++) {
    elements.push(
      { id: numbered('mass', k, N), kind: 'mass', from: node(k), to: 'g', value: 'm' },
      { id: numbered('spring', k, N), kind: 'spring', from: node(k - 1), to: node(k), value: 'k' },
      { id: numbered('damper', k, N), kind: 'damper', from: node(k - 1), to: node(k), value: 'c' },
    );
  }
  const v = MASS_CHAIN_VALUES;
  return {
    name: `mass-chain-${N}`,
    parameters: { m: { value: v.m, unit: 'kg' }, k: { value: v.k, unit: 'N/m' }, c: { value: v.c, unit: 'N s/m' } },
    elements,
    outputs: [{ name: 'v_end', element: numbered('mass', N, N), variable: 'across' }],
    ground: 'g',
  };
}
