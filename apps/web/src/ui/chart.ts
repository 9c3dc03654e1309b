/**
 * createChart: a uPlot line chart of traces against time, with uPlot's own legend (click to hide a series),
 * drag-to-zoom (double-click resets) and live cursor readout. Data go in as the trace's Float64Array columns,
 * untouched; a chart with the same series is updated in place (setData), otherwise rebuilt.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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
  readonly node: HTMLElement;
}

const fmt = (v: number | null) => (v === null || !Number.isFinite(v) ? '—' : Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(3) : String(Number(v.toPrecision(5))));

export function createChart(host: HTMLElement, height = 320): Chart {
  let plot: uPlot | undefined;
  let signature = '';
  const width = () => Math.max(280, Math.floor(host.clientWidth || 640));
  new ResizeObserver(() => plot?.setSize({ width: width(), height })).observe(host);

  return {
    node: host,
    update(t, series, yLabel) {
      const data = [t, ...series.map((s) => s.values)] as unknown as uPlot.AlignedData;
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
        host,
      );
    },
  };
}
