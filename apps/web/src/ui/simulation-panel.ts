/**
 * The simulation panel: a signal per input (step, ramp, sine, piecewise linear or an expression of t, parsed
 * in the worker by the simulator's restricted mathjs parser), end time, solver and samples; the chosen
 * states and outputs plotted with uPlot; the trace downloaded as CSV or JSON.
 */
import type { ErrorInfo, InputInfo, TraceView } from '../engine/protocol';
import type { Settings } from '../engine/settings';
import { SOLVER_CHOICES } from '../engine/settings';
import { createChart, PALETTE } from './chart';
import { el, replaceChildren } from './dom';
import { downloadText } from './download';
import { traceFiles } from './trace-files';
import { axisLabel, defaultPlotted, seriesOf } from './series';

export interface SimulationPanel {
  render(inputs: readonly InputInfo[], tEnd: number, trace: TraceView | undefined, errors: readonly ErrorInfo[], settings: Settings, systemName: string): void;
}

const TEMPLATES: readonly { readonly label: string; readonly text: (a: string) => string }[] = [
  { label: 'step', text: (a) => `step(${a})` },
  { label: 'ramp', text: (a) => `ramp(${a}, 1)` },
  { label: 'sine', text: (a) => `sine(${a}, 1)` },
  { label: 'pulse (pwl)', text: (a) => `pwl(0, 0, 0.1, ${a}, 1, ${a}, 1.1, 0)` },
  { label: 'expression', text: (a) => `${a} * (1 - exp(-t))` },
];

const SOLVER_LABELS: Readonly<Record<string, string>> = {
  auto: 'automatic',
  exact: 'exact (matrix exponential)',
  dopri5: 'Dormand–Prince 5(4)',
  stiff: 'Rodas4 (stiff)',
  trbdf2: 'TR-BDF2 (stiff)',
  rk4: 'Runge–Kutta 4',
  euler: 'explicit Euler',
  krylov: 'Krylov exponential (large LTI)',
  chebyshev: 'Chebyshev exponential (large LTI)',
};

/** A solver as the page names it (the engine's name when it has no label). */
export const solverName = (s: string) => SOLVER_LABELS[s] ?? s;

export function createSimulationPanel(host: HTMLElement, onSettings: (patch: Partial<Settings>) => void): SimulationPanel {
  const inputsBox = el('div', { class: 'signals', id: 'signals' });
  const tEndInput = el('input', { type: 'number', id: 't-end', min: '0', step: 'any', inputmode: 'decimal', 'aria-label': 'end time in seconds' });
  const solverSelect = el('select', { id: 'solver', 'aria-label': 'solver' }, ...SOLVER_CHOICES.map((s) => el('option', { value: s }, SOLVER_LABELS[s] ?? s)));
  const samplesInput = el('input', { type: 'number', id: 'samples', min: '2', max: '100000', step: '1', 'aria-label': 'number of samples' });
  const runButton = el('button', { type: 'button', class: 'primary', id: 'run' }, 'Run');
  const picker = el('div', { class: 'series-picker', id: 'series-picker' });
  const chartHost = el('div', { class: 'chart', id: 'chart' });
  const info = el('div', { class: 'solver-info', id: 'solver-info' });
  const errorBox = el('ul', { class: 'errors inline', id: 'simulation-errors', hidden: true });
  const csvButton = el('button', { type: 'button', 'data-download': 'csv' }, 'CSV');
  const jsonButton = el('button', { type: 'button', 'data-download': 'json' }, 'JSON');
  host.replaceChildren(
    el(
      'div',
      { class: 'sim-controls' },
      inputsBox,
      el(
        'div',
        { class: 'sim-options' },
        el('label', {}, 'End time (s)', tEndInput),
        el('label', {}, 'Solver', solverSelect),
        el('label', {}, 'Samples', samplesInput),
        runButton,
      ),
    ),
    errorBox,
    picker,
    chartHost,
    el('div', { class: 'sim-footer' }, info, el('div', { class: 'downloads' }, el('span', { class: 'exports-label' }, 'Download trace'), csvButton, jsonButton)),
  );
  const chart = createChart(chartHost, 320, 'Simulation');
  let current: { trace: TraceView; name: string } | undefined;
  let signalFields = new Map<string, HTMLInputElement>();
  let lastSettings: Settings | undefined;

  tEndInput.addEventListener('change', () => {
    const v = Number(tEndInput.value);
    onSettings({ tEnd: tEndInput.value.trim() === '' || !(v > 0) ? null : v });
  });
  solverSelect.addEventListener('change', () => onSettings({ solver: solverSelect.value }));
  samplesInput.addEventListener('change', () => {
    const v = Math.round(Number(samplesInput.value));
    if (v >= 2 && v <= 100_000) onSettings({ samples: v });
  });
  runButton.addEventListener('click', () => onSettings({}));
  const download = (kind: 'csv' | 'json') => {
    if (!current) return;
    const f = traceFiles(current.name, current.trace)[kind];
    downloadText(f.file, f.text, f.mime);
  };
  csvButton.addEventListener('click', () => download('csv'));
  jsonButton.addEventListener('click', () => download('json'));

  function signalRow(u: InputInfo, settings: Settings, error: ErrorInfo | undefined): HTMLElement {
    const field = el('input', { type: 'text', class: 'signal', 'data-input': u.name, spellcheck: 'false', placeholder: u.defaultSignal, 'aria-label': `signal of input ${u.name}` });
    field.value = settings.signals[u.name] ?? '';
    field.addEventListener('input', () => {
      const signals = { ...(lastSettings?.signals ?? {}) };
      if (field.value.trim() === '') delete signals[u.name];
      else signals[u.name] = field.value;
      onSettings({ signals });
    });
    const amplitude = (/^step\(([^,)]+)/.exec(u.defaultSignal)?.[1] ?? '1').trim();
    const template = el('select', { class: 'template', 'aria-label': `signal shape of ${u.name}` }, el('option', { value: '' }, 'shape…'), ...TEMPLATES.map((t, k) => el('option', { value: String(k) }, t.label)));
    template.addEventListener('change', () => {
      const t = TEMPLATES[Number(template.value)];
      template.value = '';
      if (!t) return;
      field.value = t.text(amplitude);
      field.dispatchEvent(new Event('input'));
    });
    signalFields.set(u.name, field);
    return el(
      'div',
      { class: `signal-row${error ? ' has-error' : ''}` },
      el('label', { class: 'signal-name' }, u.name, u.unit ? el('span', { class: 'unit' }, ` (${u.unit})`) : null),
      field,
      template,
      error ? el('div', { class: 'field-error', 'data-code': error.code, 'data-element': error.element }, error.message, error.expected ? ` — expected ${error.expected}` : '') : null,
    );
  }

  function renderPicker(trace: TraceView, plotted: readonly string[]): void {
    const series = seriesOf(trace);
    const box = (role: 'state' | 'output', title: string) => {
      const items = series.filter((s) => s.role === role);
      if (items.length === 0) return null;
      return el(
        'div',
        { class: 'picker-group' },
        el('span', { class: 'picker-title' }, title),
        ...items.map((s) => {
          const cb = el('input', { type: 'checkbox', 'data-series': s.key, checked: plotted.includes(s.key) });
          cb.addEventListener('change', () => {
            const keys = series.filter((x) => (x.key === s.key ? cb.checked : plotted.includes(x.key))).map((x) => x.key);
            onSettings({ plotted: keys });
          });
          return el('label', { class: 'picker-item' }, cb, s.label);
        }),
      );
    };
    replaceChildren(picker, box('output', 'Outputs'), box('state', 'States'));
  }

  return {
    render(inputs, tEnd, trace, errors, settings, systemName) {
      lastSettings = settings;
      // keep the focused signal field while typing: rebuild only when the inputs changed
      // the defaults are part of the rows (placeholder, the shape menu's amplitude): another system with an
      // input of the same name gets its own
      const names = inputs.map((u) => `${u.name}\u0001${u.defaultSignal}\u0001${u.unit ?? ''}`).join('\u0000');
      const errorsByInput = new Map(errors.filter((e) => e.element && inputs.some((u) => u.name === e.element)).map((e) => [e.element!, e]));
      if (inputsBox.dataset.names !== names || inputsBox.dataset.errors !== [...errorsByInput.keys()].join(',') || errors.length > 0 || inputsBox.querySelector('.has-error')) {
        const focused = document.activeElement instanceof HTMLInputElement ? document.activeElement.dataset.input : undefined;
        const caret = focused ? (document.activeElement as HTMLInputElement).selectionStart : null;
        signalFields = new Map();
        replaceChildren(inputsBox, el('span', { class: 'group-title' }, inputs.length === 0 ? 'No inputs' : 'Input signals'), ...inputs.map((u) => signalRow(u, settings, errorsByInput.get(u.name))));
        inputsBox.dataset.names = names;
        inputsBox.dataset.errors = [...errorsByInput.keys()].join(',');
        const again = focused ? signalFields.get(focused) : undefined;
        if (again) {
          again.focus();
          if (caret !== null) again.setSelectionRange(caret, caret);
        }
      }
      tEndInput.placeholder = `auto: ${tEnd}`;
      if (document.activeElement !== tEndInput) tEndInput.value = settings.tEnd === null ? '' : String(settings.tEnd);
      solverSelect.value = settings.solver;
      if (document.activeElement !== samplesInput) samplesInput.value = String(settings.samples);
      const others = errors.filter((e) => !(e.element && errorsByInput.has(e.element)));
      errorBox.hidden = others.length === 0;
      replaceChildren(errorBox, ...others.map((e) => el('li', { class: 'error-item', 'data-code': e.code, 'data-element': e.element, 'data-field': e.field }, el('span', { class: 'error-code' }, e.code), ' ', e.message)));
      if (!trace) {
        host.dataset.state = 'error';
        return;
      }
      current = { trace, name: systemName };
      const series = seriesOf(trace);
      const known = new Set(series.map((s) => s.key));
      const chosen = (settings.plotted ?? defaultPlotted(series)).filter((k) => known.has(k));
      renderPicker(trace, chosen);
      const shown = series.filter((s) => chosen.includes(s.key));
      chart.update(
        trace.columns[0],
        shown.map((s) => ({ label: s.label, values: trace.columns[s.column], colour: PALETTE[series.indexOf(s) % PALETTE.length] })),
        axisLabel(shown),
      );
      host.dataset.state = 'ready';
      host.dataset.points = String(trace.columns[0].length);
      info.textContent = `Solver: ${solverName(trace.solver)} — ${trace.solverReason}. ${trace.columns[0].length} samples over [0, ${trace.columns[0][trace.columns[0].length - 1]}] s.`;
    },
  };
}
