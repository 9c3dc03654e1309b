/**
 * The self-contained HTML report of a study (sweep --report FILE): uPlot charts, script and style inlined, data as
 * JSON —
 *   grid:         each metric against the first parameter (one series per combination of the others, up to 10)
 *   Monte Carlo:  a histogram of each parameter and metric, and the scatter matrix of parameters against metrics
 *   traces:       the family of traced responses (up to 200 points)
 * Points without a value (NaN) are left out of histograms and scatters, and are gaps in lines.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { StudyTable } from '@sysgraph/studies';
import { metricColumn, traceTimes } from '@sysgraph/studies';
import { PALETTE } from './plot-html';

const require = createRequire(import.meta.url);
const asset = (path: string) => readFileSync(require.resolve(path), 'utf8');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Metrics charted at most (a study of the poles of a large model has hundreds of columns). */
const MAX_METRICS = 12;
const MAX_FAMILY = 200;

interface Chart {
  title: string;
  xlabel: string;
  xlog: boolean;
  kind: 'line' | 'points' | 'bars';
  x: number[];
  series: { label: string; colour: string; values: (number | null)[] }[];
}

const finite = (x: number) => (Number.isFinite(x) ? x : null);
const spansDecades = (v: ArrayLike<number>) => {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < v.length; i++) if (v[i] > 0) (lo = Math.min(lo, v[i])), (hi = Math.max(hi, v[i]));
  return Array.prototype.every.call(v, (x: number) => x > 0) && hi / lo >= 100;
};

function histogram(title: string, v: Float64Array): Chart {
  const xs = Array.from(v).filter(Number.isFinite);
  const bins = Math.max(5, Math.min(60, Math.ceil(Math.sqrt(xs.length))));
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  // every value the same (a DC gain of 1 at every point): one bar
  if (!(hi > lo)) return { title: `histogram of ${title} (${xs.length} points)`, xlabel: title, xlog: false, kind: 'bars', x: xs.length > 0 ? [lo] : [], series: [{ label: 'points', colour: PALETTE[0], values: xs.length > 0 ? [xs.length] : [] }] };
  const w = (hi - lo) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (const x of xs) counts[Math.min(bins - 1, Math.floor((x - lo) / w))]++;
  return { title: `histogram of ${title} (${xs.length} points)`, xlabel: title, xlog: false, kind: 'bars', x: counts.map((_, k) => lo + (k + 0.5) * w), series: [{ label: 'points', colour: PALETTE[0], values: counts }] };
}

function scatter(xname: string, x: Float64Array, yname: string, y: Float64Array): Chart {
  const idx = Array.from({ length: x.length }, (_, i) => i).filter((i) => Number.isFinite(x[i]) && Number.isFinite(y[i])).sort((a, b) => x[a] - x[b]);
  return { title: `${yname} against ${xname}`, xlabel: xname, xlog: false, kind: 'points', x: idx.map((i) => x[i]), series: [{ label: yname, colour: PALETTE[1], values: idx.map((i) => y[i]) }] };
}

export function studyCharts(table: StudyTable): Chart[] {
  const { plan, layout } = table;
  const charts: Chart[] = [];
  const metrics = layout.metrics.slice(0, MAX_METRICS).map((name) => ({ name, values: metricColumn(table, layout.metrics.indexOf(name)) }));
  if (plan.kind === 'grid' && plan.names.length > 0) {
    // groups: the combinations of the other parameters, each a series against the first
    const key = (i: number) => plan.names.slice(1).map((n, k) => `${n}=${plan.values[k + 1][i]}`).join(', ');
    const groups = new Map<string, number[]>();
    for (let i = 0; i < plan.size; i++) {
      const g = key(i);
      if (!groups.has(g) && groups.size >= 10) continue;
      (groups.get(g) ?? groups.set(g, []).get(g)!).push(i);
    }
    const first = [...groups.values()][0] ?? [];
    const x = first.map((i) => plan.values[0][i]);
    for (const m of metrics) {
      charts.push({
        title: `${m.name} against ${plan.names[0]}`,
        xlabel: plan.names[0],
        xlog: spansDecades(plan.values[0]),
        kind: 'line',
        x,
        series: [...groups.entries()].map(([g, points], s) => ({ label: g || m.name, colour: PALETTE[s % PALETTE.length], values: points.map((i) => finite(m.values[i])) })),
      });
    }
  } else {
    plan.names.forEach((n, k) => charts.push(histogram(n, plan.values[k] as Float64Array)));
    for (const m of metrics) charts.push(histogram(m.name, m.values));
    for (const m of metrics) plan.names.forEach((n, k) => charts.push(scatter(n, plan.values[k] as Float64Array, m.name, m.values)));
  }
  if (layout.traces.length > 0) {
    const t = Array.from(traceTimes(layout));
    const count = Math.min(plan.size, MAX_FAMILY);
    const mw = layout.metrics.length;
    layout.traces.forEach((name, j) => {
      charts.push({
        title: `${name}: the family of ${count} responses`,
        xlabel: 'time [s]',
        xlog: false,
        kind: 'line',
        x: t,
        series: Array.from({ length: count }, (_, i) => {
          const base = i * table.width + mw + j * layout.samples;
          return { label: `point ${i}`, colour: PALETTE[i % PALETTE.length], values: Array.from(table.rows.subarray(base, base + layout.samples), finite) };
        }),
      });
    });
  }
  return charts;
}

export function studyReportHtml(table: StudyTable, name: string): string {
  const charts = studyCharts(table);
  const subtitle = `${table.plan.kind === 'grid' ? 'grid' : 'Monte Carlo sample'} of ${table.plan.size} points: ${table.plan.spec.join('; ')}${table.failures.length > 0 ? ` — ${table.failures.length} points without values` : ''}`;
  const json = JSON.stringify(charts).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(name)}: study</title>
<style>${asset('uplot/dist/uPlot.min.css')}
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d2430}h1{font-size:18px;font-weight:600}h2{font-size:15px;font-weight:600;margin:18px 0 4px}
.grid{display:flex;flex-wrap:wrap;gap:12px}.chart{margin:6px 0 18px}</style></head>
<body><h1>${escapeHtml(name)}: study</h1><p>${escapeHtml(subtitle)}</p><div id="charts" class="grid"></div>
<script>${asset('uplot/dist/uPlot.iife.min.js')}</script>
<script>
const charts = ${json};
const host = document.getElementById('charts');
const width = charts.length > 4 ? 460 : Math.min(1100, window.innerWidth - 48);
for (const c of charts) {
  const div = document.createElement('div'); div.className = 'chart';
  const h = document.createElement('h2'); h.textContent = c.title; div.appendChild(h); host.appendChild(div);
  const family = c.series.length > 12;
  const series = [{ label: c.xlabel }, ...c.series.map((s) => Object.assign({ label: s.label, stroke: s.colour, width: family ? 1 : 1.5, show: true },
    c.kind === 'points' ? { paths: () => null, points: { show: true, size: 3, fill: s.colour } } :
    c.kind === 'bars' ? { paths: uPlot.paths.bars({ size: [0.9] }), fill: s.colour + '88' } : {}))];
  new uPlot({ width, height: 260, series, legend: { show: !family }, scales: Object.assign({ x: Object.assign({ time: false }, c.xlog ? { distr: 3 } : {}) }, c.kind === 'bars' ? { y: { range: (u, min, max) => [0, max * 1.05 || 1] } } : {}),
    axes: [{ label: c.xlabel }, {}] }, [c.x, ...c.series.map((s) => s.values)], div);
}
</script></body></html>
`;
}
