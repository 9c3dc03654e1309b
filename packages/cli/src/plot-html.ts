/**
 * Self-contained HTML pages of uPlot charts (script and style inlined, data embedded as JSON), with legend,
 * cursor readout and drag-to-zoom (double click resets): plotHtml draws one trace, one chart per unit;
 * overlayPlotHtml draws two traces of the same system on top of each other (solid and dashed, one colour per
 * variable), one chart per unit.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Trace } from '@sysgraph/simulate';
import { distinctColumns } from '@sysgraph/simulate';
import type { ColumnPair } from '@sysgraph/engine';

const require = createRequire(import.meta.url);

function asset(path: string): string {
  return readFileSync(require.resolve(path), 'utf8');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22'];

export interface PlotSeries {
  readonly label: string;
  readonly values: ArrayLike<number>;
  readonly colour: string;
  readonly dash?: readonly number[];
}

export interface PlotChart {
  /** The y axis label (a unit, or 'value'). */
  readonly axis: string;
  readonly series: readonly PlotSeries[];
}

/** The page: one uPlot chart per entry of `charts`, all against the time column `t`. */
export function chartsHtml(title: string, subtitle: string, t: ArrayLike<number>, charts: readonly PlotChart[]): string {
  const data = {
    t: Array.from(t),
    charts: charts.map((c) => ({ axis: c.axis, series: c.series.map((s) => ({ label: s.label, colour: s.colour, dash: s.dash ?? null, values: Array.from(s.values) })) })),
  };
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${asset('uplot/dist/uPlot.min.css')}
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d2430}h1{font-size:18px;font-weight:600}
.chart{margin:12px 0 28px}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(subtitle)}</p><div id="charts"></div>
<script>${asset('uplot/dist/uPlot.iife.min.js')}</script>
<script>
const d = ${json};
const host = document.getElementById('charts');
for (const c of d.charts) {
  const div = document.createElement('div'); div.className = 'chart'; host.appendChild(div);
  const series = [{ label: 't [s]' }, ...c.series.map((s) => Object.assign({ label: s.label, stroke: s.colour, width: 1.5 }, s.dash ? { dash: s.dash } : {}))];
  new uPlot({ width: Math.min(1100, window.innerWidth - 48), height: 320, series, scales: { x: { time: false } },
    axes: [{ label: 'time [s]' }, { label: c.axis }] }, [d.t, ...c.series.map((s) => s.values)], div);
}
</script></body></html>
`;
}

const labelOf = (name: string, unit: string) => name + (unit ? ` [${unit}]` : '');

/** The columns after t grouped by unit, in order of first appearance. */
function byUnit(trace: Trace, columns: readonly number[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const j of columns) {
    const unit = trace.units[j] ?? '';
    if (!groups.has(unit)) groups.set(unit, []);
    groups.get(unit)!.push(j);
  }
  return groups;
}

/** One chart per unit; each column once, under one name (an output equal to a state is drawn once). */
export function plotHtml(written: Trace, title: string): string {
  const trace = distinctColumns(written);
  const columns = trace.names.map((_, j) => j).slice(1);
  const charts = [...byUnit(trace, columns)].map(([unit, cols]) => ({
    axis: unit || 'value',
    series: cols.map((j, k) => ({ label: labelOf(trace.names[j], trace.units[j] ?? ''), values: trace.columns[j], colour: PALETTE[k % PALETTE.length] })),
  }));
  return chartsHtml(title, 'Drag to zoom, double-click to reset; the legend reads the cursor.', trace.columns[0], charts);
}

export interface OverlaySide {
  readonly label: string;
  readonly trace: Trace;
}

export type { ColumnPair } from '@sysgraph/engine';

/**
 * Two traces on one time grid (left's t), each pair of columns overlaid: left solid, right dashed in the same
 * colour, one chart per unit of the left column.
 */
export function overlayPlotHtml(title: string, left: OverlaySide, right: OverlaySide, pairs: readonly ColumnPair[]): string {
  const groups = new Map<string, ColumnPair[]>();
  for (const p of pairs) {
    const unit = left.trace.units[p.left] ?? '';
    if (!groups.has(unit)) groups.set(unit, []);
    groups.get(unit)!.push(p);
  }
  const charts = [...groups].map(([unit, ps]) => ({
    axis: unit || 'value',
    series: ps.flatMap((p, k) => {
      const colour = PALETTE[k % PALETTE.length];
      return [
        { label: `${labelOf(p.name, unit)} ${left.label}`, values: left.trace.columns[p.left], colour },
        ...(p.right > 0 ? [{ label: `${labelOf(p.name, unit)} ${right.label}`, values: right.trace.columns[p.right], colour, dash: [6, 4] }] : []),
      ];
    }),
  }));
  return chartsHtml(title, `Solid: ${left.label}; dashed: ${right.label}, for the same inputs. Drag to zoom, double-click to reset; the legend reads the cursor.`, left.trace.columns[0], charts);
}
