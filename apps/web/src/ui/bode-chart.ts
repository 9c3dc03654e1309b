/**
 * bodeChart: one uPlot chart of a quantity of every output–input pair against ω on a logarithmic axis (uPlot's
 * log distribution, base 10): the magnitude in dB or the phase in degrees. Rebuilt when the pairs change, else
 * updated in place. Its text alternative is an aria-label naming the pairs and the axes.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { PALETTE } from './chart';
import { el } from './dom';

export interface BodeChart {
  readonly node: HTMLElement;
  update(omega: Float64Array, series: readonly { readonly label: string; readonly values: Float64Array }[]): void;
}

const fmt = (v: number | null) => (v === null || !Number.isFinite(v) ? '—' : String(Number(v.toPrecision(4))));

export function bodeChart(yLabel: string, height = 220): BodeChart {
  const node = el('div', { class: 'bode-chart', role: 'img', 'data-quantity': yLabel });
  let plot: uPlot | undefined;
  let signature = '';
  const width = () => Math.max(280, Math.floor(node.clientWidth || 640));
  new ResizeObserver(() => plot?.setSize({ width: width(), height })).observe(node);
  return {
    node,
    update(omega, series) {
      node.setAttribute('aria-label', `${yLabel} of ${series.map((s) => s.label).join(', ')} against ω (rad/s, logarithmic), ${omega.length} points`);
      const data = [omega, ...series.map((s) => s.values)] as unknown as uPlot.AlignedData;
      const sig = JSON.stringify(series.map((s) => s.label));
      if (plot && sig === signature) {
        plot.setData(data);
        return;
      }
      plot?.destroy();
      signature = sig;
      const axis = { stroke: '#3d4451', grid: { stroke: '#eceff3' }, ticks: { stroke: '#d5dae1' } };
      plot = new uPlot(
        {
          width: width(),
          height,
          scales: { x: { time: false, distr: 3, log: 10 } },
          legend: { live: true },
          axes: [
            // uPlot leaves the ticks between decades unlabelled (null)
            { label: 'ω (rad/s)', labelSize: 24, size: 44, ...axis, values: (_u, vals) => vals.map((v) => (v === null ? '' : fmt(v))) },
            { label: yLabel, labelSize: 24, size: 56, ...axis, values: (_u, vals) => vals.map((v) => fmt(v)) },
          ],
          series: [
            { label: 'ω (rad/s)', value: (_u, v) => fmt(v) },
            ...series.map((s, k) => ({ label: s.label, stroke: PALETTE[k % PALETTE.length], width: 2, value: (_u: uPlot, v: number | null) => fmt(v), points: { show: false } })),
          ],
        },
        data,
        node,
      );
    },
  };
}
