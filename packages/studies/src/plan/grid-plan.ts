/**
 * A grid: the product of the axes. Point i has index digits (i_1, …, i_m) in the mixed radix of the axis sizes,
 * the first axis the most significant (it varies slowest), so that a one-axis grid lists its values in order.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Axis } from './parse-axis';
import type { StudyPlan } from './plan';

/** Above this many points a grid is refused (10^8: 0.8 GB per parameter column). */
export const MAX_POINTS = 1e8;

export function gridPlan(axes: readonly Axis[]): StudyPlan {
  if (axes.length === 0) throw new SysgraphError('bad-option', 'a grid needs at least one --param', { field: '--param', expected: 'NAME=a:b:n, NAME=a..b:log:n or NAME=v1,v2,…' });
  const seen = new Set<string>();
  for (const a of axes) {
    if (seen.has(a.name)) throw new SysgraphError('bad-option', `--param ${a.spec}: ${a.name} is given twice`, { element: a.name, field: '--param', expected: 'each parameter once' });
    seen.add(a.name);
  }
  const size = axes.reduce((p, a) => p * a.values.length, 1);
  if (size > MAX_POINTS) throw new SysgraphError('bad-option', `the grid has ${size} points`, { element: axes[0].name, field: '--param', expected: `at most ${MAX_POINTS} points` });
  const values = axes.map(() => new Float64Array(size));
  for (let i = 0; i < size; i++) {
    let rest = i;
    for (let k = axes.length - 1; k >= 0; k--) {
      const n = axes[k].values.length;
      values[k][i] = axes[k].values[rest % n];
      rest = Math.floor(rest / n);
    }
  }
  return { kind: 'grid', names: axes.map((a) => a.name), values, size, spec: axes.map((a) => a.spec) };
}
