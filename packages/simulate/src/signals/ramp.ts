/** Ramp input: 0 before start, rising linearly to amplitude over riseTime, then held. */
import type { Signal } from './signal';
import { formatNumber } from './signal';
import { requireFinite, requirePositive } from './check-argument';

export function ramp(amplitude: number, riseTime: number, start = 0, input = 'ramp'): Signal {
  requireFinite(amplitude, input, 'amplitude');
  requirePositive(riseTime, input, 'riseTime');
  requireFinite(start, input, 'start');
  const end = start + riseTime;
  const slope = amplitude / riseTime;
  return {
    kind: 'ramp',
    // u(t) = amplitude · clamp((t − start)/riseTime, 0, 1)
    value: (t) => (t <= start ? 0 : t >= end ? amplitude : slope * (t - start)),
    // u'(t) = amplitude/riseTime on the rise (right derivative on [start, end), left on (start, end])
    derivative: (t, fromLeft = false) =>
      (fromLeft ? t > start && t <= end : t >= start && t < end) ? slope : 0,
    breakpoints: [start, end],
    text:
      start === 0
        ? `ramp(${formatNumber(amplitude)}, ${formatNumber(riseTime)})`
        : `ramp(${formatNumber(amplitude)}, ${formatNumber(riseTime)}, ${formatNumber(start)})`,
  };
}
