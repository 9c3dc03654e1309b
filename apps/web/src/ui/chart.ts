/**
 * createChart: a uPlot line chart of traces against time, with uPlot's own legend (click to hide a series),
 * drag-to-zoom (double-click resets) and live cursor readout. Data go in as the trace's Float64Array columns,
 * untouched up to four points per pixel column and thinned to min and max per column above that (decimate.ts;
 * the downloads keep every sample); a chart with the same series is updated in place (setData), otherwise
 * rebuilt. Its text alternative: an aria-label naming the series and axes, and the data as a table on request.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartTable } from './chart-table';
import { decimateMinMax } from './decimate';
import { el, replaceChildren } from './dom';

export const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

export interface ChartSeries {
  readonly label: string;
  readonly values: Float64Array;
  readonly colour: string;
  readonly dash?: readonly number[];
  readonly width?: number;
}

export interface Chart {
  update(t: Float64Array, series: readonly ChartSeries[], yLabel: string): void;
  /** Nothing drawn (a new system is on its way). */
  clear(): void;
  readonly node: HTMLElement;
}

const fmt = (v: number | null) => (v === null || !Number.isFinite(v) ? '—' : Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(3) : String(Number(v.toPrecision(5))));

export function createChart(host: HTMLElement, height = 320, title = 'Chart'): Chart {
  let plot: uPlot | undefined;
  let signature = '';
  const plotHost = el('div', { class: 'chart-plot', role: 'img' });
  const tableBox = el('div', { class: 'table-scroll' });
  const details = el('details', { class: 'chart-data' }, el('summary', {}, 'Show the data as a table'), tableBox);
  host.replaceChildren(plotHost, details);
  let shown: { t: Float64Array; series: readonly ChartSeries[] } | undefined;
  const fillTable = () => {
    if (details.open && shown) replaceChildren(tableBox, chartTable(title, shown.t, shown.series.map((s) => ({ label: s.label, values: s.values }))));
    else replaceChildren(tableBox);
  };
  details.addEventListener('toggle', fillTable);
  // the width as the ResizeObserver last saw it: reading clientWidth while an answer's DOM is being built forces
  // the page's style and layout inside the plot's task (30 ms of a 177 ms task for the 10^3 ladder in a profile);
  // read only while nothing has been observed yet
  let observed = 0;
  const width = () => Math.max(280, Math.floor(observed || plotHost.clientWidth || host.clientWidth || 640));
  new ResizeObserver((entries) => {
    const w = entries[entries.length - 1].contentRect.width;
    if (w > 0) observed = w;
    // only a real change of width: the observer's first report (as it starts observing) is the width the chart
    // was just built at, and setSize redraws every series (a second full drawing of a large model's plot in the
    // next frame's task)
    if (plot && plot.width !== width()) plot.setSize({ width: width(), height });
  }).observe(host);

  return {
    node: host,
    clear() {
      plot?.destroy();
      plot = undefined;
      signature = '';
      shown = undefined;
      plotHost.removeAttribute('aria-label');
      fillTable();
    },
    update(t, series, yLabel) {
      shown = { t, series };
      plotHost.setAttribute('aria-label', `${title}: ${series.map((s) => s.label).join(', ') || 'no series'} against time (s), ${t.length} samples; y axis ${yLabel}. The data are in the table below.`);
      fillTable();
      const thin = decimateMinMax(t, series.map((s) => s.values), width());
      host.dataset.drawnPoints = String(thin.t.length);
      host.dataset.yLabel = yLabel;
      const data = [thin.t, ...thin.series] as unknown as uPlot.AlignedData;
      const sig = JSON.stringify([series.map((s) => [s.label, s.colour, s.dash ?? null]), yLabel]);
      if (plot && sig === signature) {
        plot.setData(data);
        return;
      }
      plot?.destroy();
      signature = sig;
      plot = new uPlot(
        {
          width: width(),
          height,
          scales: { x: { time: false } },
          cursor: { drag: { x: true, y: false, setScale: true } },
          legend: { live: true },
          axes: [
            { label: 'time (s)', labelSize: 24, size: 44, stroke: '#3d4451', grid: { stroke: '#eceff3' }, ticks: { stroke: '#d5dae1' } },
            { label: yLabel, labelSize: 24, size: 64, stroke: '#3d4451', grid: { stroke: '#eceff3' }, ticks: { stroke: '#d5dae1' }, values: (_u, vals) => vals.map((v) => fmt(v)) },
          ],
          series: [
            { label: 't (s)', value: (_u, v) => fmt(v) },
            ...series.map((s) => ({ label: s.label, stroke: s.colour, width: s.width ?? 2, ...(s.dash ? { dash: [...s.dash] } : {}), value: (_u: uPlot, v: number | null) => fmt(v), points: { show: false } })),
          ],
        },
        data,
        plotHost,
      );
    },
  };
}
