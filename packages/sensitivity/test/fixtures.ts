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
