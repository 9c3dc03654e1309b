/** Small systems whose responses are known in closed form. */
export const RC = JSON.stringify({
  name: 'rc',
  parameters: { R: 1000, C: 1e-6 },
  elements: [
    { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
    { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
    { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
  ],
  outputs: [{ element: 'C1', variable: 'across' }],
});

/** Series RLC driven by Vs = V0: v_C' = i_L/C, i_L' = (V0 − R i_L − v_C)/L. */
export const RLC = JSON.stringify({
  name: 'rlc',
  parameters: { R: 1, L: 0.5, C: 0.25, V0: 1 },
  elements: [
    { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 'V0' },
    { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
    { id: 'L1', kind: 'inductor', from: 'b', to: 'c', value: 'L' },
    { id: 'C1', kind: 'capacitor', from: 'c', to: 'g', value: 'C' },
  ],
  outputs: [
    { element: 'C1', variable: 'across' },
    { element: 'L1', variable: 'through' },
  ],
});
