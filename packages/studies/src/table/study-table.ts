/**
 * The result of a study as a columnar table: point id, the parameter values (from the plan), then each metric
 * column; whole traces as a block of samples per point. Rows are in point order whatever ran them.
 */
import type { StudyPlan } from '../plan/plan';
import type { PointFailure, StudyLayout } from '../evaluate/point-evaluator';

export interface StudyTable {
  readonly plan: StudyPlan;
  readonly layout: StudyLayout;
  /** Row width (metrics + traces × samples). */
  readonly width: number;
  /** rows[i·width + j]: column j of point i (NaN where not done or failed). */
  readonly rows: Float64Array;
  /** 1 where point i is done. */
  readonly done: Uint8Array;
  readonly failures: PointFailure[];
}

export function emptyTable(plan: StudyPlan, layout: StudyLayout, width: number): StudyTable {
  return { plan, layout, width, rows: new Float64Array(plan.size * width).fill(NaN), done: new Uint8Array(plan.size), failures: [] };
}

/** The number of points done. */
export function doneCount(table: StudyTable): number {
  let n = 0;
  for (let i = 0; i < table.done.length; i++) n += table.done[i];
  return n;
}

/** Metric column j as a Float64Array over the points. */
export function metricColumn(table: StudyTable, j: number): Float64Array {
  const out = new Float64Array(table.plan.size);
  for (let i = 0; i < out.length; i++) out[i] = table.rows[i * table.width + j];
  return out;
}

/** The sample times of the traces: t_k = tEnd·k/(samples − 1). */
export function traceTimes(layout: StudyLayout): Float64Array {
  const t = new Float64Array(layout.samples);
  for (let k = 0; k < t.length; k++) t[k] = k === t.length - 1 ? layout.tEnd : (layout.tEnd * k) / (layout.samples - 1);
  return t;
}
