/**
 * A self-contained HTML page plotting a trace with uPlot (script and style inlined, data embedded as JSON):
 * one chart per unit, with legend, cursor readout and drag-to-zoom (double click resets).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Trace } from '@sysgraph/simulate';

const require = createRequire(import.meta.url);

function asset(path: string): string {
  return readFileSync(require.resolve(path), 'utf8');
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function plotHtml(trace: Trace, title: string): string {
  // Group the columns (after t) by unit so that each chart has one y scale.
  const groups = new Map<string, number[]>();
  trace.names.forEach((_, j) => {
    if (j === 0) return;
    const unit = trace.units[j] ?? '';
    if (!groups.has(unit)) groups.set(unit, []);
    groups.get(unit)!.push(j);
  });
  const data = {
    names: trace.names,
    units: trace.units,
    columns: trace.columns.map((c) => Array.from(c)),
    groups: [...groups.entries()],
  };
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${asset('uplot/dist/uPlot.min.css')}
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1d2430}h1{font-size:18px;font-weight:600}
.chart{margin:12px 0 28px}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>Drag to zoom, double-click to reset; the legend reads the cursor.</p><div id="charts"></div>
<script>${asset('uplot/dist/uPlot.iife.min.js')}</script>
<script>
const d = ${json};
const palette = ['#1f77b4','#d62728','#2ca02c','#9467bd','#ff7f0e','#17becf','#8c564b','#e377c2','#7f7f7f','#bcbd22'];
const host = document.getElementById('charts');
for (const [unit, cols] of d.groups) {
  const div = document.createElement('div'); div.className = 'chart'; host.appendChild(div);
  const series = [{ label: 't [s]' }, ...cols.map((j, k) => ({ label: d.names[j] + (d.units[j] ? ' [' + d.units[j] + ']' : ''), stroke: palette[k % palette.length], width: 1.5 }))];
  new uPlot({ width: Math.min(1100, window.innerWidth - 48), height: 320, series, scales: { x: { time: false } },
    axes: [{ label: 'time [s]' }, { label: unit || 'value' }] }, [d.columns[0], ...cols.map((j) => d.columns[j])], div);
}
</script></body></html>
`;
}
