/**
 * JSON of a study, columnar: { name, plan, columns: { point: […], R: […], 'final(v_C1)': […] }, traces: { t: […],
 * v_C1: [[point 0's samples], …] }, failures }. NaN (a value a point does not have) is null.
 */
import type { StudyTable } from './study-table';
import { metricColumn, traceTimes } from './study-table';

const finite = (a: ArrayLike<number>) => Array.from(a, (x) => (Number.isFinite(x) ? x : null));

export function tableJson(table: StudyTable, name = 'study'): unknown {
  const { plan, layout } = table;
  const columns: Record<string, (number | null)[]> = { point: Array.from({ length: plan.size }, (_, i) => i) };
  plan.names.forEach((p, k) => (columns[p] = finite(plan.values[k])));
  layout.metrics.forEach((m, j) => (columns[m] = finite(metricColumn(table, j))));
  const out: Record<string, unknown> = { name, plan: { kind: plan.kind, size: plan.size, spec: plan.spec, ...(plan.seed !== undefined ? { seed: plan.seed } : {}) }, columns };
  if (layout.traces.length > 0) {
    const traces: Record<string, unknown> = { t: Array.from(traceTimes(layout)) };
    const m = layout.metrics.length;
    layout.traces.forEach((s, j) => {
      traces[s] = Array.from({ length: plan.size }, (_, i) => finite(table.rows.subarray(i * table.width + m + j * layout.samples, i * table.width + m + (j + 1) * layout.samples)));
    });
    out.traces = traces;
  }
  out.failures = table.failures;
  return out;
}
