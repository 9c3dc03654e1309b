/** Small circuits written for the tests (closed forms known by hand). */

/** Vs → R → C to ground: v_C' = (u − v_C)/(RC), λ = −1/(RC). */
export const rc = (R: number, C: number, u = 1): string =>
  JSON.stringify({
    name: 'rc',
    parameters: { R, C },
    elements: [
      { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: u },
      { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
      { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
    ],
    outputs: [{ element: 'C1', variable: 'across' }],
    ground: 'g',
  });

/** An undamped LC driven by a current source in parallel: ω² = 1/(LC). */
export const lc = (L: number, C: number): string =>
  JSON.stringify({
    name: 'lc',
    parameters: { L, C },
    elements: [
      { id: 'Is', kind: 'current-source', from: 'g', to: 'a', value: 0 },
      { id: 'L1', kind: 'inductor', from: 'a', to: 'g', value: 'L' },
      { id: 'C1', kind: 'capacitor', from: 'a', to: 'g', value: 'C' },
    ],
    outputs: [{ element: 'C1', variable: 'across' }],
    ground: 'g',
  });

/** Two identical RC branches on one source: the eigenvalue −1/(RC) twice. */
export const twinRc = (R: number, C: number): string =>
  JSON.stringify({
    name: 'twin-rc',
    parameters: { R, C },
    elements: [
      { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
      { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
      { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
      { id: 'R2', kind: 'resistor', from: 'a', to: 'c', value: 'R' },
      { id: 'C2', kind: 'capacitor', from: 'c', to: 'g', value: 'C' },
    ],
    ground: 'g',
  });

/** An RC ladder of N sections (N states): Vs, then R_k from node k−1 to k and C_k from node k to ground. */
export const rcLadder = (N: number, R = 1, C = 0.5): string => {
  const elements: Record<string, unknown>[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g', value: 1 }];
  for (let k = 1; k <= N; k++) {
    elements.push({ id: `R${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: 'R' });
    elements.push({ id: `C${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: 'C' });
  }
  return JSON.stringify({ name: `rc-ladder-${N}`, parameters: { R, C }, elements, outputs: [{ element: `C${N}`, variable: 'across' }], ground: 'g' });
};
