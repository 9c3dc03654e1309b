/**
 * The compare panel: every pair of formulations of the system (general vs MASD, b1 vs b2) with their largest
 * difference, and the responses of the two state choices overlaid (solid: the model shown, dashed: the other),
 * state k of one with state k of the other in one colour, the outputs on top of each other. For a description
 * with laws: the linearisation against the linear model, and the nonlinear response (solid) against the linear
 * model's for the same inputs (dashed), outputs and the states both have paired by name. For a description with
 * values in t: the two state forms (charge-flux, across-through) simulated, their physical states and outputs
 * paired by name (they must coincide).
 */
import type { ComparisonView, ModelView, OverlayKind, TraceView } from '../engine/protocol';
import { stateLatex } from '../engine/derivation-view';
import { createChart, PALETTE } from './chart';
import type { ChartSeries } from './chart';
import { el, replaceChildren } from './dom';
import { axisLabel, seriesOf } from './series';
import type { SeriesInfo } from './series';
import { TexCache } from './tex';

export interface ComparePanel {
  render(c: ComparisonView, models: readonly ModelView[]): void;
  renderOverlay(left: TraceView, right: TraceView, leftKey: string, rightKey: string, kind?: OverlayKind): void;
  /** A new model is on its way: the comparison shown is the previous one's. */
  markPending(): void;
  /** Another system: nothing of the previous one's comparison stays on screen. */
  reset(): void;
}

const TITLES: Readonly<Record<string, string>> = {
  'general-b1': 'general, v_C i_L',
  'general-b2': 'general, q_C φ_L',
  'masd-b1': 'MASD, v_C i_L',
  'masd-b2': 'MASD, q_C φ_L',
  linearised: 'nonlinear, linearised at rest',
  nonlinear: 'nonlinear model',
  'tv-charge-flux': 'time-varying, q_C λ_L',
  'tv-across-through': 'time-varying, v_C i_L',
};
/** A simulated comparison agrees to the integration tolerance, not to rounding. */
const agrees = (r: { readonly measure: string; readonly largest: number; readonly scale: number }) => r.largest <= (r.measure === 'simulation' ? 1e-4 : 1e-9) * Math.max(1, r.scale);
const SHORT: Readonly<Record<string, string>> = { b1: 'v_C i_L', b2: 'q_C φ_L' };
const shortOf = (key: string) => SHORT[key.split('-')[1]] ?? key;

const formatDifference = (x: number) => (x === 0 ? '0 (identical)' : Number.isFinite(x) ? x.toExponential(2) : 'shapes differ');

export function createComparePanel(host: HTMLElement): ComparePanel {
  const note = el('p', { class: 'note', id: 'masd-note' });
  const table = el('table', { class: 'compare-table', id: 'compare-table' });
  const overlayTitle = el('h4', {}, 'Responses of the two state choices');
  const chartHost = el('div', { class: 'chart small', id: 'overlay-chart' });
  const sideBySide = el('div', { class: 'side-by-side', id: 'side-by-side' });
  const cache = new TexCache();
  const overlayNote = el('p', { class: 'note' });
  host.replaceChildren(
    el('div', { class: 'compare-grid' }, el('div', {}, el('h4', {}, 'Largest differences'), table, note), el('div', {}, overlayTitle, overlayNote, chartHost)),
    el('h4', {}, 'The state equations side by side'),
    sideBySide,
  );

  /** x' = A x + B u of one formulation, typeset small. */
  function stateEquation(m: ModelView): HTMLElement {
    const vec = (names: readonly string[], dot = false) => (names.length === 0 ? '[\\,]' : `\\begin{bmatrix} ${names.map((n) => stateLatex(n, { dot })).join(' \\\\ ')} \\end{bmatrix}`);
    const mat = (cells: readonly (readonly string[])[]) => (cells.length === 0 || cells[0].length === 0 ? '[\\,]' : `\\begin{bmatrix} ${cells.map((r) => r.join(' & ')).join(' \\\\ ')} \\end{bmatrix}`);
    const latex = `${vec(m.states, true)} = ${mat(m.matrices.A.latex)} ${vec(m.states)} + ${mat(m.matrices.B.latex)} ${vec(m.inputs)}`;
    const node = cache.get(latex, false, 'side-equation');
    return el('figure', { class: 'side-model', 'data-model': m.key }, el('figcaption', {}, TITLES[m.key] ?? m.key), node);
  }
  const chart = createChart(chartHost, 260, 'Overlaid responses');

  return {
    render(c, models) {
      replaceChildren(sideBySide, ...models.map(stateEquation));
      cache.commit();
      host.dataset.comparison = 'ready';
      note.textContent = c.masdNote;
      replaceChildren(
        table,
        el('thead', {}, el('tr', {}, el('th', {}, 'Formulation'), el('th', {}, 'against'), el('th', {}, 'largest difference'), el('th', {}, 'what was compared'))),
        el(
          'tbody',
          {},
          ...c.rows.map((r) =>
            el(
              'tr',
              { 'data-left': r.left, 'data-right': r.right, 'data-largest': String(r.largest), 'data-scale': String(r.scale) },
              el('td', {}, TITLES[r.left] ?? r.left),
              el('td', {}, TITLES[r.right] ?? r.right),
              el('td', { class: agrees(r) ? 'ok' : 'warn', title: `largest value compared: ${r.scale.toPrecision(3)}` }, formatDifference(r.largest)),
              el('td', { class: 'what' }, r.note),
            ),
          ),
        ),
      );
    },
    renderOverlay(left, right, leftKey, rightKey, kind = 'state-choice') {
      const ls = seriesOf(left);
      const rs = seriesOf(right);
      const lines: ChartSeries[] = [];
      const used: SeriesInfo[] = [];
      if (kind === 'tv-forms') {
        // the same physical variable in both forms, by name (a state of one may be an output of the other)
        const pairs = ls
          .map((s) => ({ s, r: rs.find((x) => x.name === s.name) }))
          .filter((p) => p.r !== undefined)
          .slice(0, 5);
        pairs.forEach(({ s, r }, k) => {
          const colour = PALETTE[k % PALETTE.length];
          used.push(s);
          lines.push({ label: `${s.name} ${TITLES[leftKey] ?? leftKey}`, values: left.columns[s.column], colour, width: 3 });
          lines.push({ label: `${r!.name} ${TITLES[rightKey] ?? rightKey}`, values: right.columns[r!.column], colour: '#111827', dash: [3, 5], width: 1.5 });
        });
        overlayTitle.textContent = 'Responses of the two time-varying forms';
        overlayNote.textContent = `Thick: the ${leftKey.slice(3)} form (the simulation above); dotted on top: the ${rightKey.slice(3)} form, from the same physical rest with the same inputs. The physical states and the outputs coincide.`;
      } else if (kind === 'linear-vs-nonlinear') {
        // the same variable in both models, by name: outputs first, then the states both have
        const pairs = ls
          .filter((s) => s.role === 'output')
          .concat(ls.filter((s) => s.role === 'state'))
          .map((s) => ({ s, r: rs.find((x) => x.role === s.role && x.name === s.name) }))
          .filter((p) => p.r !== undefined)
          .slice(0, 5);
        pairs.forEach(({ s, r }, k) => {
          const colour = PALETTE[k % PALETTE.length];
          used.push(s);
          lines.push({ label: `${s.label} nonlinear`, values: left.columns[s.column], colour });
          lines.push({ label: `${r!.label} linear`, values: right.columns[r!.column], colour, dash: [6, 4] });
        });
        overlayTitle.textContent = 'Responses of the nonlinear and the linear model';
        overlayNote.textContent = 'Solid: the nonlinear model (the simulation above); dashed: the linear model, each law replaced by its slope at the origin, for the same inputs from rest.';
      } else {
        const stateL = ls.filter((s) => s.role === 'state').slice(0, 5);
        const stateR = rs.filter((s) => s.role === 'state').slice(0, 5);
        const outL = ls.filter((s) => s.role === 'output').slice(0, 3);
        const outR = rs.filter((s) => s.role === 'output').slice(0, 3);
        used.push(...stateL, ...stateR.slice(0, stateL.length), ...outL);
        stateL.forEach((s, k) => {
          const colour = PALETTE[k % PALETTE.length];
          lines.push({ label: s.name, values: left.columns[s.column], colour });
          if (stateR[k]) lines.push({ label: stateR[k].name, values: right.columns[stateR[k].column], colour, dash: [6, 4] });
        });
        outL.forEach((s, k) => {
          const colour = PALETTE[(stateL.length + k) % PALETTE.length];
          lines.push({ label: `y: ${s.name}`, values: left.columns[s.column], colour, width: 3 });
          if (outR[k]) lines.push({ label: `y: ${outR[k].name} [${shortOf(rightKey)}]`, values: right.columns[outR[k].column], colour: '#111827', dash: [3, 5], width: 1.5 });
        });
        overlayTitle.textContent = 'Responses of the two state choices';
        overlayNote.textContent = `Solid: states ${shortOf(leftKey)}; dashed: states ${shortOf(rightKey)} of the same system, with the same inputs. The states differ by the factors C and L; the outputs (thick, and dotted on top) coincide.`;
      }
      host.dataset.overlay = 'ready';
      chartHost.dataset.kind = kind;
      chartHost.dataset.series = String(lines.length);
      chart.update(left.columns[0], lines, axisLabel(used));
    },
    reset() {
      replaceChildren(table);
      replaceChildren(sideBySide);
      note.textContent = '';
      overlayNote.textContent = '';
      overlayTitle.textContent = 'Responses';
      chart.clear();
      delete chartHost.dataset.kind;
      delete chartHost.dataset.series;
      host.dataset.overlay = 'pending';
      host.dataset.comparison = 'pending';
    },
    markPending() {
      host.dataset.overlay = 'pending';
      host.dataset.comparison = 'pending';
    },
  };
}
