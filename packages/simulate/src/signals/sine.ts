/** Sine input: u(t) = offset + amplitude·sin(2π f t + phase), f in Hz, phase in rad. */
import type { Signal } from './signal';
import { formatNumber } from './signal';
import { requireFinite } from './check-argument';

export function sine(amplitude: number, frequency: number, phase = 0, offset = 0, input = 'sine'): Signal {
  requireFinite(amplitude, input, 'amplitude');
  requireFinite(frequency, input, 'frequency');
  requireFinite(phase, input, 'phase');
  requireFinite(offset, input, 'offset');
  const omega = 2 * Math.PI * frequency;
  const args = [amplitude, frequency];
  if (phase !== 0 || offset !== 0) args.push(phase);
  if (offset !== 0) args.push(offset);
  return {
    kind: 'sine',
    value: (t) => offset + amplitude * Math.sin(omega * t + phase),
    // u'(t) = amplitude·ω·cos(ω t + phase)
    derivative: (t) => amplitude * omega * Math.cos(omega * t + phase),
    breakpoints: [],
    text: `sine(${args.map(formatNumber).join(', ')})`,
    harmonic: { offset, amplitude, omega, phase },
  };
}
