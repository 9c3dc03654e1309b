/**
 * The R–R–C ladder of N sections, every element with its own parameter: a voltage source Vs, then per section
 * a series resistor Ra_k (n_{k−1} → n_k) and a shunt branch of a resistor Rb_k (n_k → m_k) and a capacitor
 * C_k (m_k → ground); no declared outputs. (The generator of packages/formulation/test/support/rrc-ladder.ts
 * without its output: test support does not cross packages.)
 */
export function rrcLadder(N: number): Record<string, unknown> {
  const parameters: Record<string, number> = {};
  const elements: Record<string, unknown>[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g' }];
  for (let k = 1; k <= N; k++) {
    Object.assign(parameters, { [`Ra${k}`]: 1 + k / 10, [`Rb${k}`]: 2 + k / 13, [`C${k}`]: 1 + k / 7 });
    elements.push(
      { id: `Ra${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: `Ra${k}` },
      { id: `Rb${k}`, kind: 'resistor', from: `n${k}`, to: `m${k}`, value: `Rb${k}` },
      { id: `C${k}`, kind: 'capacitor', from: `m${k}`, to: 'g', value: `C${k}` },
    );
  }
  return { name: `rrc-ladder-${N}`, parameters, elements, ground: 'g' };
}
