/**
 * Piecewise-linear input through (t0, v0), (t1, v1), …: held at v0 before t0 and at the last value after the
 * last point. Equal consecutive times make a jump (right-continuous: the later value holds at that time).
 */
import type { Signal } from './signal';
import { formatNumber } from './signal';
import { badSignal, requireFinite } from './check-argument';

export function pwl(points: readonly number[], input = 'pwl'): Signal {
  if (points.length < 2 || points.length % 2 !== 0) {
    throw badSignal(input, `pwl needs pairs t, v (got ${points.length} numbers)`, 'an even, nonzero count of numbers', 'points');
  }
  const count = points.length / 2;
  const times = new Float64Array(count);
  const values = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    requireFinite(points[2 * k], input, `points[${2 * k}]`);
    requireFinite(points[2 * k + 1], input, `points[${2 * k + 1}]`);
    times[k] = points[2 * k];
    values[k] = points[2 * k + 1];
    if (k > 0 && times[k] < times[k - 1]) {
      throw badSignal(input, `pwl times must not decrease (t${k} = ${times[k]} < t${k - 1} = ${times[k - 1]})`, 'nondecreasing times', `points[${2 * k}]`);
    }
  }
  /** Index k of the segment [t_k, t_{k+1}) holding t (right side) or (t_k, t_{k+1}] (left side); −1 before, count−1 after. */
  const segment = (t: number, fromLeft: boolean): number => {
    let lo = -1;
    let hi = count; // invariant: times[lo] ≤ t (or < from the left) < times[hi]
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (fromLeft ? times[mid] < t : times[mid] <= t) lo = mid;
      else hi = mid;
    }
    return lo;
  };
  const breakpoints = Array.from(new Set(Array.from(times)));
  return {
    kind: 'pwl',
    value: (t, fromLeft = false) => {
      const k = segment(t, fromLeft);
      if (k < 0) return values[0];
      if (k >= count - 1) return values[count - 1];
      // u = v_k + (v_{k+1} − v_k)(t − t_k)/(t_{k+1} − t_k)
      const span = times[k + 1] - times[k];
      return span === 0 ? values[k + 1] : values[k] + ((values[k + 1] - values[k]) * (t - times[k])) / span;
    },
    derivative: (t, fromLeft = false) => {
      const k = segment(t, fromLeft);
      if (k < 0 || k >= count - 1) return 0;
      const span = times[k + 1] - times[k];
      return span === 0 ? 0 : (values[k + 1] - values[k]) / span;
    },
    breakpoints,
    text: `pwl(${Array.from(points, formatNumber).join(', ')})`,
  };
}
