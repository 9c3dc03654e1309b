/**
 * Apache Arrow IPC (file format) of a study, for large studies read by pandas/polars/DuckDB without parsing text:
 * the same columns as the CSV (point as Int32, the rest Float64, NaN kept). With traces, the long form (one row per
 * point and sample: point, parameters, metrics, t, the traced signals). apache-arrow is loaded on first use.
 */
import type { StudyTable } from './study-table';
import { traceTimes } from './study-table';

export async function tableArrow(table: StudyTable): Promise<Uint8Array> {
  const { tableFromArrays, tableToIPC } = await import('apache-arrow');
  const { plan, layout, width } = table;
  const per = layout.traces.length > 0 ? layout.samples : 1;
  const rows = plan.size * per;
  const point = new Int32Array(rows);
  const columns: Record<string, Float64Array | Int32Array> = { point };
  const params = plan.names.map(() => new Float64Array(rows));
  const metrics = layout.metrics.map(() => new Float64Array(rows));
  const t = layout.traces.length > 0 ? new Float64Array(rows) : undefined;
  const traces = layout.traces.map(() => new Float64Array(rows));
  const times = traceTimes(layout);
  const m = layout.metrics.length;
  for (let i = 0; i < plan.size; i++) {
    for (let k = 0; k < per; k++) {
      const r = i * per + k;
      point[r] = i;
      for (let p = 0; p < params.length; p++) params[p][r] = plan.values[p][i];
      for (let j = 0; j < m; j++) metrics[j][r] = table.rows[i * width + j];
      if (t) {
        t[r] = times[k];
        for (let j = 0; j < traces.length; j++) traces[j][r] = table.rows[i * width + m + j * layout.samples + k];
      }
    }
  }
  plan.names.forEach((n, p) => (columns[n] = params[p]));
  layout.metrics.forEach((n, j) => (columns[n] = metrics[j]));
  if (t) {
    columns.t = t;
    layout.traces.forEach((n, j) => (columns[n] = traces[j]));
  }
  return tableToIPC(tableFromArrays(columns), 'file');
}
