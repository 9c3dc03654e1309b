/**
 * chartTable: the text alternative of a chart — its data as a table, built only when asked for (a closed
 * <details> costs nothing). At most MAX_ROWS evenly spaced samples (first and last included); the full trace
 * is in the downloads.
 */
import { el } from './dom';

export const MAX_ROWS = 200;

const cell = (v: number) => (Number.isFinite(v) ? String(Number(v.toPrecision(6))) : '—');

export function chartTable(caption: string, t: Float64Array, columns: readonly { readonly label: string; readonly values: Float64Array }[]): HTMLTableElement {
  const n = t.length;
  const rows = Math.min(n, MAX_ROWS);
  const body: HTMLElement[] = [];
  for (let r = 0; r < rows; r++) {
    const i = rows === 1 ? 0 : Math.round((r * (n - 1)) / (rows - 1));
    body.push(el('tr', {}, el('td', {}, cell(t[i])), ...columns.map((c) => el('td', {}, cell(c.values[i])))));
  }
  return el(
    'table',
    { class: 'chart-table', 'data-rows': rows },
    el('caption', {}, rows < n ? `${caption}: ${rows} of ${n} samples, evenly spaced (the downloads hold all of them)` : caption),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 't (s)'), ...columns.map((c) => el('th', { scope: 'col' }, c.label)))),
    el('tbody', {}, ...body),
  );
}
