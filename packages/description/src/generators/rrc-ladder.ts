/**
 * rrcLadder: the R–R–C ladder of N sections, every element with its own parameter (StateMint's test circuits): a
 * voltage source Vs, then per section a series resistor Ra_k and a shunt branch of a resistor Rb_k and a
 * capacitor C_k to the ground. The resistive nodes n_k are algebraic, so the expanded A has rational entries,
 * while the structured form keeps one parameter per entry.
 *
 *   Vs: n0 → g,   Ra_k: n_{k−1} → n_k,   Rb_k: n_k → m_k,   C_k: m_k → g     (N states)
 *
 * Values (distinct, so the numeric model is generic): Ra_k = 1 + k/10 Ω, Rb_k = 2 + k/13 Ω, C_k = 1 + k/7 F.
 * Output: the last capacitor voltage v_C{N}, unless `output: false` (then the description declares none).
 */
import { SysgraphError } from '@sysgraph/core';
import type { RawElement, RawOutput, RawSystem } from '../raw-input';

export interface RrcLadderOptions {
  /** Declare the output v_C{N} (default true). */
  readonly output?: boolean;
}

export function rrcLadder(N: number, options: RrcLadderOptions = {}): RawSystem {
  if (!Number.isInteger(N) || N < 1) {
    throw new SysgraphError('bad-value', `rrcLadder: the section count must be a positive integer, got ${N}`, { element: 'rrcLadder', field: 'N', expected: 'a positive integer' });
  }
  const parameters: Record<string, { value: number; unit: string }> = {};
  const elements: RawElement[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g', value: 1 }];
  for (let k = 1; k <= N; k++) {
    parameters[`Ra${k}`] = { value: 1 + k / 10, unit: 'Ohm' };
    parameters[`Rb${k}`] = { value: 2 + k / 13, unit: 'Ohm' };
    parameters[`C${k}`] = { value: 1 + k / 7, unit: 'F' };
    elements.push(
      { id: `Ra${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: `Ra${k}` },
      { id: `Rb${k}`, kind: 'resistor', from: `n${k}`, to: `m${k}`, value: `Rb${k}` },
      { id: `C${k}`, kind: 'capacitor', from: `m${k}`, to: 'g', value: `C${k}` },
    );
  }
  const outputs: RawOutput[] = options.output === false ? [] : [{ name: `v_C${N}`, element: `C${N}`, variable: 'across' }];
  return { name: `rrc-ladder-${N}`, parameters, elements, ...(outputs.length > 0 ? { outputs } : {}), ground: 'g' };
}
