/**
 * diodeLadder: the diode-clamped RC ladder of issue 13 — per section k a series resistor R_k (n_{k−1} → n_k), a
 * capacitor C_k to ground and a diode D_k to ground with the law i = Is (exp(v/Vt) − 1) — driven by the voltage
 * source E at n_0, and the hand-written state equations of the same circuit:
 *   C v_k' = (v_{k−1} − v_k)/R − (v_k − v_{k+1})/R − Is (exp(v_k/Vt) − 1)      (v_0 = E, no v_{N+1} term)
 */
export const LADDER = { R: 100, C: 1e-9, Is: 1e-12, Vt: 0.025852 } as const;

export function diodeLadder(N: number): Record<string, unknown> {
  const elements: Record<string, unknown>[] = [{ id: 'E', kind: 'voltage-source', from: 'n0', to: 'g' }];
  for (let k = 1; k <= N; k++) {
    elements.push({ id: `R${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: 'R' });
    elements.push({ id: `C${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: 'C' });
    elements.push({ id: `D${k}`, kind: 'resistor', from: `n${k}`, to: 'g', law: { through: 'Is*(exp(v/Vt) - 1)' } });
  }
  return {
    name: `diode-ladder-${N}`,
    parameters: { ...LADDER },
    elements,
    outputs: [
      { name: 'v_first', element: 'C1', variable: 'across' },
      { name: 'v_last', element: `C${N}`, variable: 'across' },
    ],
    ground: 'g',
  };
}

/** The hand-written f of the ladder (x = v_1 … v_N in section order). */
export function ladderDerivatives(x: Float64Array, E: number, out: Float64Array): void {
  const { R, C, Is, Vt } = LADDER;
  const N = x.length;
  for (let k = 0; k < N; k++) {
    const left = k === 0 ? E : x[k - 1];
    const right = k === N - 1 ? 0 : (x[k] - x[k + 1]) / R;
    out[k] = ((left - x[k]) / R - right - Is * (Math.exp(x[k] / Vt) - 1)) / C;
  }
}
