/** Constant input u(t) = c. */
import type { Signal } from './signal';
import { formatNumber } from './signal';
import { requireFinite } from './check-argument';

export function constant(value: number, input = 'constant'): Signal {
  requireFinite(value, input, 'value');
  return {
    kind: 'constant',
    value: () => value,
    derivative: () => 0,
    breakpoints: [],
    text: formatNumber(value),
  };
}
