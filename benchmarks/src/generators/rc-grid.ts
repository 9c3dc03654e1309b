/**
 * rcGrid: an n × n grid of nodes x_i_j, a 1 Ω resistor between horizontal and vertical neighbours,
 * C = 1 mF/n² from every node to the ground, a through source pushing current from the ground into the corner
 * x_0_0 and 1 Ω from the opposite corner to the ground: 2n(n − 1) + n² + 2 branches, n² states.
 */
import type { RawElement, RawSystem } from '@sysgraph/description';
import { numbered } from './ids';

export function rcGrid(n: number): RawSystem {
  if (!Number.isInteger(n) || n < 2) throw new RangeError(`the grid side must be an integer ≥ 2, got ${n}`);
  const node = (i: number, j: number) => `${numbered('x', i, n - 1)}_${numbered('', j, n - 1)}`;
  const tag = (i: number, j: number) => `${numbered('', i, n - 1)}_${numbered('', j, n - 1)}`;
  const elements: RawElement[] = [{ id: 'Is', kind: 'current-source', from: 'g', to: node(0, 0), value: 1 }];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      elements.push({ id: `C${tag(i, j)}`, kind: 'capacitor', from: node(i, j), to: 'g', value: 'C' });
      if (j + 1 < n) elements.push({ id: `Rh${tag(i, j)}`, kind: 'resistor', from: node(i, j), to: node(i, j + 1), value: 'R' });
      if (i + 1 < n) elements.push({ id: `Rv${tag(i, j)}`, kind: 'resistor', from: node(i, j), to: node(i + 1, j), value: 'R' });
    }
  }
  elements.push({ id: 'Rload', kind: 'resistor', from: node(n - 1, n - 1), to: 'g', value: 'R' });
  return {
    name: `rc-grid-${n}`,
    parameters: { R: { value: 1, unit: 'Ohm' }, C: { value: 1e-3 / (n * n), unit: 'F' } },
    elements,
    outputs: [{ name: 'v_far', element: 'Rload', variable: 'across' }],
    ground: 'g',
  };
}
