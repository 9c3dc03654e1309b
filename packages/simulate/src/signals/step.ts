/** Step input: u(t) = 0 for t < t0, amplitude for t ≥ t0 (right-continuous); u' = 0 on both sides. */
import type { Signal } from './signal';
import { formatNumber } from './signal';
import { requireFinite } from './check-argument';

export function step(amplitude: number, time = 0, input = 'step'): Signal {
  requireFinite(amplitude, input, 'amplitude');
  requireFinite(time, input, 'time');
  return {
    kind: 'step',
    // u(t) = amplitude·H(t − t0), H(0) = 1; from the left H(0⁻) = 0
    value: (t, fromLeft = false) => ((fromLeft ? t > time : t >= time) ? amplitude : 0),
    derivative: () => 0,
    breakpoints: [time],
    text: time === 0 ? `step(${formatNumber(amplitude)})` : `step(${formatNumber(amplitude)}, ${formatNumber(time)})`,
  };
}
