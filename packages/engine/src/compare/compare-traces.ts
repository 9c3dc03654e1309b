/**
 * compareTraces: two simulations of one system for the same inputs, compared variable by variable: every
 * output (by name) and every state both models have (by name). The right trace is read at the left's times
 * (linear interpolation; the same grid when both ran with the same samples).
 *   max |difference| = max_k |y_left(t_k) − y_right(t_k)|,  scale = max_k |y_left(t_k)|
 */
import type { Trace } from '@sysgraph/simulate';

/** One variable in both traces: its name and column in each (right −1: the left only). */
export interface ColumnPair {
  readonly name: string;
  readonly left: number;
  readonly right: number;
}

export interface TraceDifference extends ColumnPair {
  readonly role: 'output' | 'state';
  readonly unit: string;
  readonly maxDifference: number;
  readonly scale: number;
}

/** The options every simulated comparison takes (state choices, linear vs nonlinear, time-varying forms). */
export interface CompareRunOptions {
  /** --signal NAME=SIGNAL: the inputs of both simulations. */
  readonly signals?: readonly string[];
  readonly tEnd?: number;
  readonly samples?: number;
  readonly rtol?: number;
  readonly atol?: number;
  readonly note?: (line: string) => void;
}

/** The JSON rows of a comparison's differences. */
export function differencesToJson(ds: readonly TraceDifference[]): { name: string; role: string; unit: string; maxDifference: number; scale: number }[] {
  return ds.map((d) => ({ name: d.name, role: d.role, unit: d.unit, maxDifference: d.maxDifference, scale: d.scale }));
}

/** Values of column `c` of `trace` at the times `t` (linear interpolation, clamped at the ends). */
export function resample(trace: Trace, c: number, t: ArrayLike<number>): Float64Array {
  const tt = trace.columns[0];
  const v = trace.columns[c];
  const out = new Float64Array(t.length);
  let j = 0;
  for (let k = 0; k < t.length; k++) {
    while (j + 1 < tt.length - 1 && tt[j + 1] <= t[k]) j++;
    if (tt.length === 1 || t[k] <= tt[0]) out[k] = v[0];
    else if (t[k] >= tt[tt.length - 1]) out[k] = v[tt.length - 1];
    else {
      const w = (t[k] - tt[j]) / (tt[j + 1] - tt[j] || 1);
      out[k] = v[j] + w * (v[j + 1] - v[j]);
    }
  }
  return out;
}

/** The variables to compare: outputs first (the columns after the states), then the states both traces have. */
export function columnPairs(left: Trace, leftStates: number, right: Trace, rightStates: number): (ColumnPair & { role: 'output' | 'state' })[] {
  const pairs: (ColumnPair & { role: 'output' | 'state' })[] = [];
  const find = (trace: Trace, from: number, to: number, name: string) => {
    for (let j = from; j < to; j++) if (trace.names[j] === name) return j;
    return -1;
  };
  for (let j = 1 + leftStates; j < left.names.length; j++) {
    pairs.push({ name: left.names[j], left: j, right: find(right, 1 + rightStates, right.names.length, left.names[j]), role: 'output' });
  }
  for (let j = 1; j <= leftStates; j++) {
    const r = find(right, 1, 1 + rightStates, left.names[j]);
    if (r > 0) pairs.push({ name: left.names[j], left: j, right: r, role: 'state' });
  }
  return pairs;
}

export function compareTraces(left: Trace, right: Trace, pairs: readonly (ColumnPair & { role: 'output' | 'state' })[]): TraceDifference[] {
  const t = left.columns[0];
  return pairs.map((p) => {
    const a = left.columns[p.left];
    let scale = 0;
    for (let k = 0; k < a.length; k++) scale = Math.max(scale, Math.abs(a[k]));
    if (p.right <= 0) return { ...p, unit: left.units[p.left] ?? '', maxDifference: NaN, scale };
    const b = resample(right, p.right, t);
    let d = 0;
    for (let k = 0; k < a.length; k++) d = Math.max(d, Math.abs(a[k] - b[k]));
    return { ...p, unit: left.units[p.left] ?? '', maxDifference: d, scale };
  });
}
