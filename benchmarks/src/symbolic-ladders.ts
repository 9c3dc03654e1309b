/**
 * Ladder descriptions for the symbolic benchmarks, every element with its own parameter (StateMint's test
 * circuits): a voltage source Vs, then N sections of a series resistor R_k (and, for the RLC ladder, a series
 * inductor L_k) with a shunt capacitor C_k to the ground. Output: the last capacitor voltage.
 *
 *   RC:  Vs: n0 → g,  R_k: n_{k−1} → n_k,                  C_k: n_k → g     (N states)
 *   RLC: Vs: n0 → g,  R_k: n_{k−1} → m_k,  L_k: m_k → n_k,  C_k: n_k → g     (2N states)
 *
 * The R–R–C ladder (series Ra_k, then Rb_k and C_k to the ground) is rrcLadder of @sysgraph/description/generators.
 */
import type { RawElement, RawSystem } from '@sysgraph/description';

export type LadderKind = 'rc' | 'rlc';

export function symbolicLadder(kind: LadderKind, N: number): RawSystem {
  if (!Number.isInteger(N) || N < 1) throw new RangeError(`the section count must be a positive integer, got ${N}`);
  const parameters: Record<string, { value: number; unit: string }> = {};
  const elements: RawElement[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g', value: 1 }];
  for (let k = 1; k <= N; k++) {
    // Distinct values (the symbolic result does not depend on them; they make the numeric model generic).
    parameters[`R${k}`] = { value: 1 + k / 10, unit: 'Ohm' };
    parameters[`C${k}`] = { value: 1 + k / 7, unit: 'F' };
    if (kind === 'rlc') {
      parameters[`L${k}`] = { value: 1 + k / 11, unit: 'H' };
      elements.push(
        { id: `R${k}`, kind: 'resistor', from: `n${k - 1}`, to: `m${k}`, value: `R${k}` },
        { id: `L${k}`, kind: 'inductor', from: `m${k}`, to: `n${k}`, value: `L${k}` },
      );
    } else {
      elements.push({ id: `R${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: `R${k}` });
    }
    elements.push({ id: `C${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: `C${k}` });
  }
  return {
    name: `${kind}-ladder-${N}`,
    parameters,
    elements,
    outputs: [{ name: `v_C${N}`, element: `C${N}`, variable: 'across' }],
    ground: 'g',
  };
}
