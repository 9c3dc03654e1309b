/**
 * networkToDescription: a Network as a sysgraph description (the JSON of packages/description): resistors,
 * inductors and capacitors with numeric values, the ramp source as a voltage or current source whose signal is
 * given to simulate(), ground `gnd`.
 */
import type { RawElement, RawSystem } from '@sysgraph/description';
import { ramp } from '@sysgraph/simulate';
import type { Signal } from '@sysgraph/simulate';
import { GROUND } from './network';
import type { Network } from './network';

const KIND = { R: 'resistor', L: 'inductor', C: 'capacitor' } as const;

export function networkToDescription(n: Network): RawSystem {
  const s = n.source;
  const elements: RawElement[] = [
    { id: s.id, kind: s.kind === 'voltage' ? 'voltage-source' : 'current-source', from: s.from, to: s.to, value: s.amplitude },
    ...n.elements.map((e): RawElement => ({ id: e.id, kind: KIND[e.kind], from: e.from, to: e.to, value: e.value })),
  ];
  return { name: `${n.family}-${n.size}`, elements, ground: GROUND };
}

/**
 * The source's signal for simulate(): ramp(amplitude, rise) as a Signal object. (The text form 'ramp(1, 4e-6)'
 * gives the same signal but makes simulate() build its restricted expression parser, ≈ 0.1 s per call.)
 */
export function sourceSignal(n: Network): Signal {
  return ramp(n.source.amplitude, n.source.rise);
}
