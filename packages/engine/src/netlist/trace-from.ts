/**
 * traceFrom: the rows of a simulation result at t ≥ t0 (SPICE's .tran tstart: the integration starts at 0, the
 * output at tstart). A sample within 1e-9·|t0| below t0 (the grid's rounding) is kept. O(rows · columns).
 */
import type { SimulationResult } from '@sysgraph/simulate';

export function traceFrom(result: SimulationResult, t0: number): SimulationResult {
  const t = result.columns[0];
  let first = 0;
  const edge = t0 - 1e-9 * Math.abs(t0);
  while (first < t.length && t[first] < edge) first++;
  if (first === 0) return result;
  return { ...result, columns: result.columns.map((c) => c.slice(first)) };
}
