/**
 * rlcLadder: an across source, then N sections of a series resistor and inductor with a shunt capacitor to the
 * ground, 3N + 1 branches, 2N states (every capacitor in the normal tree, every inductor a link).
 *
 *   Vs: n0 → g,   section k: R_k: n_{k−1} → m_k,  L_k: m_k → n_k,  C_k: n_k → g
 *
 * Output: the across variable of the last capacitor.
 */
import type { RawElement, RawSystem } from '@sysgraph/description';
import { numbered } from './ids';

export interface RlcValues {
  readonly R: number;
  readonly L: number;
  readonly C: number;
}

export const RLC_LADDER_VALUES: RlcValues = { R: 1, L: 1e-3, C: 1e-6 };

export function rlcLadder(N: number, values: RlcValues = RLC_LADDER_VALUES): RawSystem {
  checkSections(N);
  const node = (k: number) => numbered('n', k, N);
  const elements: RawElement[] = [{ id: 'Vs', kind: 'voltage-source', from: node(0), to: 'g', value: 1 }];
  for (let k = 1; k <= N; k++) {
    const m = numbered('m', k, N);
    elements.push(
      { id: numbered('R', k, N), kind: 'resistor', from: node(k - 1), to: m, value: 'R' },
      { id: numbered('L', k, N), kind: 'inductor', from: m, to: node(k), value: 'L' },
      { id: numbered('C', k, N), kind: 'capacitor', from: node(k), to: 'g', value: 'C' },
    );
  }
  return {
    name: `rlc-ladder-${N}`,
    parameters: { R: { value: values.R, unit: 'Ohm' }, L: { value: values.L, unit: 'H' }, C: { value: values.C, unit: 'F' } },
    elements,
    outputs: [{ name: 'v_out', element: numbered('C', N, N), variable: 'across' }],
    ground: 'g',
  };
}

/** A positive integer section count, else a RangeError (generators are benchmark tooling, not user input). */
export function checkSections(N: number): void {
  if (!Number.isInteger(N) || N < 1) throw new RangeError(`the section count must be a positive integer, got ${N}`);
}
