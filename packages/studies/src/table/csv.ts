/**
 * CSV of a study, one line per point in point order (written as points complete, so that an interrupted study can
 * be resumed from the file): point, the parameters, the metrics. With traces, one line per point and sample
 * instead (point, parameters, metrics, t, the traced signals), the long form a plotting tool reads directly.
 * Numbers in full round-trip precision; NaN for a value a point does not have.
 */
import type { StudyLayout } from '../evaluate/point-evaluator';
import { traceTimes } from './study-table';

const quote = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

export function csvHeader(layout: StudyLayout): string {
  const names = ['point', ...layout.parameters, ...layout.metrics, ...(layout.traces.length > 0 ? ['t', ...layout.traces] : [])];
  return `${names.map(quote).join(',')}\n`;
}

/** The CSV lines of point i (its parameter values and row). */
export function csvLines(layout: StudyLayout, point: number, values: ArrayLike<number>, row: ArrayLike<number>): string {
  const head = [String(point)];
  for (let k = 0; k < layout.parameters.length; k++) head.push(String(values[k]));
  for (let j = 0; j < layout.metrics.length; j++) head.push(String(row[j]));
  if (layout.traces.length === 0) return `${head.join(',')}\n`;
  const t = traceTimes(layout);
  const m = layout.metrics.length;
  let out = '';
  for (let k = 0; k < layout.samples; k++) {
    const cells = [...head, String(t[k])];
    for (let j = 0; j < layout.traces.length; j++) cells.push(String(row[m + j * layout.samples + k]));
    out += `${cells.join(',')}\n`;
  }
  return out;
}
