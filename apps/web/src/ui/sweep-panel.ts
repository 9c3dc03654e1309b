/**
 * The sweep panel ("Sweep", below the parameter slider, issue 15): a parameter, a range [from, to] and a count
 * (at most 20 points, evenly spaced), an output; "Run" asks the worker for the sweep (each point compiled and
 * simulated by the engine off the main thread), "Cancel" stops it between points. The family of curves is drawn in
 * one uPlot chart as the points arrive, its legend the parameter's values. The page's only work per point is
 * setData on the chart (milliseconds for 20 curves of the page's samples). The chart carries data-sweep="running|
 * done|cancelled|error" and each curve's data (data-values on hidden rows) for tests and downloads.
 */
import uPlot from 'uplot';
import type { ErrorInfo, SweepMessage, SweepRequest } from '../engine/protocol';
import { el, replaceChildren } from './dom';

export interface SweepPanel {
  readonly node: HTMLElement;
  render(parameters: readonly { readonly name: string; readonly value: number }[] | undefined, outputs: readonly string[], tEnd: number): void;
  receive(m: SweepMessage): void;
}

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22'];
const short = (v: number) => String(Number(v.toPrecision(4)));

export function createSweepPanel(start: (req: Omit<SweepRequest, 'kind' | 'id' | 'text' | 'settings'>) => number, cancel: (id: number) => void): SweepPanel {
  const pick = el('select', { id: 'sweep-parameter', 'aria-label': 'parameter to sweep' });
  const from = el('input', { type: 'number', id: 'sweep-from', step: 'any', 'aria-label': 'sweep from' });
  const to = el('input', { type: 'number', id: 'sweep-to', step: 'any', 'aria-label': 'sweep to' });
  const count = el('input', { type: 'number', id: 'sweep-count', min: '1', max: '20', step: '1', value: '5', 'aria-label': 'number of points (at most 20)' });
  const output = el('select', { id: 'sweep-output', 'aria-label': 'output to plot' });
  const run = el('button', { type: 'button', id: 'sweep-run' }, 'Run sweep');
  const stop = el('button', { type: 'button', id: 'sweep-cancel', disabled: true }, 'Cancel');
  const status = el('span', { id: 'sweep-status', role: 'status' });
  const chart = el('div', { id: 'sweep-chart', 'data-sweep': 'idle' });
  const node = el('details', { class: 'sweep-panel', id: 'sweep', hidden: true }, el('summary', {}, 'Sweep a parameter'), el('div', { class: 'toolbar' }, pick, el('label', {}, 'from ', from), el('label', {}, 'to ', to), el('label', {}, 'points ', count), output, run, stop, status), chart);
  let tEnd = 1;
  let current = 0;
  let parameter = '';
  let curves: { value: number; y: Float64Array }[] = [];
  let t: Float64Array | undefined;
  let plot: uPlot | undefined;
  let base = new Map<string, number>();
  let frame = 0;
  /** One redraw per animation frame however many points arrive in it. */
  const scheduleDraw = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      draw();
    });
  };

  const fillRange = () => {
    const v = base.get(pick.value);
    if (v === undefined) return;
    from.value = short(v / 2);
    to.value = short(v * 2);
  };
  pick.addEventListener('change', fillRange);

  const draw = () => {
    plot?.destroy();
    plot = undefined;
    if (!t || curves.length === 0) return replaceChildren(chart);
    const sorted = [...curves];
    const data = [t, ...sorted.map((c) => c.y)] as unknown as uPlot.AlignedData;
    replaceChildren(chart);
    plot = new uPlot(
      {
        width: Math.max(320, Math.min(900, chart.clientWidth || 640)),
        height: 260,
        scales: { x: { time: false } },
        legend: { live: false },
        axes: [{ label: 'time (s)' }, { label: output.value }],
        series: [{ label: 't (s)' }, ...sorted.map((c, k) => ({ label: `${parameter} = ${short(c.value)}`, stroke: PALETTE[k % PALETTE.length], width: 2, points: { show: false } }))],
      },
      data,
      chart,
    );
    // each curve as data for a reader without the chart (and for tests)
    for (const c of sorted) chart.append(el('div', { class: 'sweep-curve', hidden: true, 'data-value': String(c.value), 'data-values': JSON.stringify(Array.from(c.y)) }));
    chart.append(el('div', { class: 'sweep-time', hidden: true, 'data-values': JSON.stringify(Array.from(t)) }));
  };

  const showErrors = (errors: readonly ErrorInfo[]) => {
    status.textContent = errors.map((e) => `${e.element ? `${e.element}: ` : ''}${e.message}`).join('; ');
  };

  run.addEventListener('click', () => {
    parameter = pick.value;
    curves = [];
    t = undefined;
    draw();
    chart.dataset.sweep = 'running';
    status.textContent = 'running…';
    run.disabled = true;
    stop.disabled = false;
    current = start({ parameter, from: Number(from.value), to: Number(to.value), count: Number(count.value), output: output.value, tEnd });
  });
  stop.addEventListener('click', () => cancel(current));

  return {
    node,
    render(parameters, outputs, end) {
      tEnd = end;
      const list = parameters ?? [];
      node.hidden = list.length === 0 || outputs.length === 0;
      const keep = pick.value;
      base = new Map(list.map((p) => [p.name, p.value]));
      replaceChildren(pick, ...list.map((p) => el('option', { value: p.name }, p.name)));
      if (base.has(keep)) pick.value = keep;
      else fillRange();
      const keepOut = output.value;
      replaceChildren(output, ...outputs.map((o) => el('option', { value: o }, o)));
      if (outputs.includes(keepOut)) output.value = keepOut;
    },
    receive(m) {
      if (m.id !== current) return;
      if (m.kind === 'sweep-point') {
        t = m.t;
        curves.push({ value: m.value, y: m.y });
        status.textContent = `${curves.length} point${curves.length === 1 ? '' : 's'}…`;
        scheduleDraw();
        return;
      }
      run.disabled = false;
      stop.disabled = true;
      // the last points drawn before the chart says the sweep is over
      if (frame) {
        cancelAnimationFrame(frame);
        frame = 0;
        draw();
      }
      if (m.errors?.length) {
        chart.dataset.sweep = 'error';
        showErrors(m.errors);
      } else {
        chart.dataset.sweep = m.cancelled ? 'cancelled' : 'done';
        status.textContent = `${curves.length} point${curves.length === 1 ? '' : 's'}${m.cancelled ? ' (cancelled)' : ''}`;
      }
    },
  };
}
