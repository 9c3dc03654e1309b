/**
 * rcTransformer: a stiff mixed network with a two-port: a fast RC ladder of a sections (R1, C1) drives, through
 * an ideal transformer of ratio TF (v1 = TF·v2, i1 = −i2/TF), a slow RC ladder of b sections (R2, C2):
 * a + b states whose time constants differ by about four orders of magnitude per section.
 *
 *   Vs: p0 → g,  primary k: R1_k: p_{k−1} → p_k,  C1_k: p_k → g;  TF port 1: p_a → g,  port 2: s0 → g;
 *   secondary k: R2_k: s_{k−1} → s_k,  C2_k: s_k → g
 *
 * Seen from the primary, the secondary is an RC ladder of TF²·R2 and C2/TF² (voltages TF·v).
 */
import type { RawElement, RawSystem } from '@sysgraph/description';
import { numbered } from './ids';
import { checkSections } from './rlc-ladder';

export const RC_TRANSFORMER_VALUES = { R1: 100, C1: 1e-9, R2: 1, C2: 1e-3, TF: 10 } as const;

/** a primary and b secondary sections. */
export function rcTransformer(a: number, b: number): RawSystem {
  checkSections(a);
  checkSections(b);
  const p = (k: number) => numbered('p', k, a);
  const s = (k: number) => numbered('s', k, b);
  const elements: RawElement[] = [{ id: 'Vs', kind: 'voltage-source', from: p(0), to: 'g', value: 1 }];
  for (let k = 1; k <= a; k++) {
    elements.push(
      { id: numbered('R1_', k, a), kind: 'resistor', from: p(k - 1), to: p(k), value: 'R1' },
      { id: numbered('C1_', k, a), kind: 'capacitor', from: p(k), to: 'g', value: 'C1' },
    );
  }
  elements.push({
    id: 'TF',
    kind: 'transformer',
    ports: [
      { from: p(a), to: 'g' },
      { from: s(0), to: 'g' },
    ],
    ratio: 'TF',
  } as RawElement);
  for (let k = 1; k <= b; k++) {
    elements.push(
      { id: numbered('R2_', k, b), kind: 'resistor', from: s(k - 1), to: s(k), value: 'R2' },
      { id: numbered('C2_', k, b), kind: 'capacitor', from: s(k), to: 'g', value: 'C2' },
    );
  }
  const v = RC_TRANSFORMER_VALUES;
  return {
    name: `rc-transformer-${a}-${b}`,
    parameters: { R1: { value: v.R1, unit: 'Ohm' }, C1: { value: v.C1, unit: 'F' }, R2: { value: v.R2, unit: 'Ohm' }, C2: { value: v.C2, unit: 'F' }, TF: { value: v.TF } },
    elements,
    outputs: [{ name: 'v_out', element: numbered('C2_', b, b), variable: 'across' }],
    ground: 'g',
  };
}
