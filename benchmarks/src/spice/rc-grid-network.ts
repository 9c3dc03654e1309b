/**
 * rcGridNetwork: a side × side grid of nodes (N = side² nodes), 1 Ω between horizontal and vertical neighbours,
 * C = 1 mF/N from every node to the ground, a 1 A current ramp of 2 µs rise into the corner x0_0 and 1 Ω from
 * the opposite corner to the ground; 0–2 ms. N states.
 *
 *   C v' = −G v + e_corner u(t),   G = grid Laplacian (1 S per edge) + 1 S at the far corner.
 */
import { GROUND } from './network';
import type { Network, NetworkElement } from './network';
import { uniqueProbes } from './rc-ladder-network';

export const RC_GRID = { R: 1, totalC: 1e-3, rise: 2e-6, tEnd: 2e-3 } as const;

export const gridNode = (i: number, j: number): string => `x${i}_${j}`;

export function rcGridNetwork(side: number): Network {
  if (!Number.isInteger(side) || side < 2) throw new RangeError(`rcGridNetwork: side must be an integer ≥ 2, got ${side}`);
  const N = side * side;
  const C = RC_GRID.totalC / N;
  const elements: NetworkElement[] = [];
  for (let i = 0; i < side; i++) {
    for (let j = 0; j < side; j++) {
      elements.push({ id: `C${i}_${j}`, kind: 'C', from: gridNode(i, j), to: GROUND, value: C });
      if (j + 1 < side) elements.push({ id: `Rh${i}_${j}`, kind: 'R', from: gridNode(i, j), to: gridNode(i, j + 1), value: RC_GRID.R });
      if (i + 1 < side) elements.push({ id: `Rv${i}_${j}`, kind: 'R', from: gridNode(i, j), to: gridNode(i + 1, j), value: RC_GRID.R });
    }
  }
  const last = side - 1;
  elements.push({ id: 'Rload', kind: 'R', from: gridNode(last, last), to: GROUND, value: RC_GRID.R });
  const mid = Math.floor(side / 2);
  const probe = (i: number, j: number) => ({ node: gridNode(i, j), capacitor: `C${i}_${j}` });
  return {
    family: 'rc-grid',
    size: N,
    sizeLabel: `${side}×${side} = ${N} nodes`,
    states: N,
    elements,
    source: { id: 'Is', kind: 'current', from: GROUND, to: gridNode(0, 0), amplitude: 1, rise: RC_GRID.rise },
    probes: uniqueProbes([probe(0, 0), probe(0, last), probe(mid, mid), probe(last, last)]),
    tEnd: RC_GRID.tEnd,
    values: `R = 1 Ω per edge and load, C = 1 mF/N per node; 1 A ramp, 2 µs rise; 0–2 ms`,
  };
}
