/**
 * The state-space panel: the chosen model typeset with KaTeX as
 *   x̃' = A x̃ + B u,   y = C x̃ + D u (+ E u'),   x = x̃ + Bd u,
 * one KaTeX node per matrix carrying its numbers in data-values (full precision), the diagnostics in plain
 * words, and the exports (MATLAB, Python with python-control, LaTeX, JSON) as downloads. For a description
 * with laws, the nonlinear model comes first — x' = f(x, u, t), y = g(x, u, t), ∂f/∂x and ∂f/∂u — and the
 * matrices are its linearisation at rest (δx' = A δx + B δu). For a description with values in t, the
 * time-varying model comes first — A(t), B(t) (and Bd(t)) with a symbol per varying value, defined beside them —
 * with its controls (state form, storage laws, the time t of the numbers), and the matrices are those at t.
 */
import type { ClosedFormView, DiagnosticInfo, MatrixKey, MatrixView, ModelView, NonlinearView, TimeVaryingView } from '../engine/protocol';
import type { FormulationName, MatrixStyle, Settings, StateChoiceName, StorageLawName, TimeVaryingFormName } from '../engine/settings';
import { stateLatex } from '../engine/derivation-view';
import { el, replaceChildren } from './dom';
import { downloadText, safeFileName } from './download';
import { renderClosedForm } from './closed-form-panel';
import { renderLargeModel } from './large-model-view';
import { symbolicParamsField } from './symbolic-params-field';
import { segmented } from './segmented';
import type { StateChoiceLabels } from './state-labels';
import { TexCache } from './tex';

export interface ModelPanel {
  render(model: ModelView, settings: Settings, systemName: string, nonlinear?: NonlinearView, timeVarying?: TimeVaryingView, closedForm?: ClosedFormView): void;
  /** MASD's closed form offered or not (known once the follow-up has checked its preconditions). */
  offerMasd(available: boolean): void;
  /** The state-choice buttons named in the system's domain. */
  nameStates(labels: StateChoiceLabels): void;
}

const DIAGNOSTIC_TITLES: Readonly<Record<string, string>> = {
  D1: 'Undetermined internal variable',
  D4: 'Dependent storage element',
  D5: 'Input derivative',
  D6: "MASD's closed form not applicable",
  info: 'Note',
};

function matrixLatex(m: MatrixView, symbolic: boolean): string {
  const cells = symbolic && m.symbolic ? m.symbolic : m.latex;
  if (m.rows === 0 || m.cols === 0) return `\\underset{${m.rows}\\times ${m.cols}}{[\\,]}`;
  return `\\begin{bmatrix} ${cells.map((row) => row.join(' & ')).join(' \\\\ ')} \\end{bmatrix}`;
}

function vectorLatex(names: readonly string[], dotted = false, tilde = false): string {
  if (names.length === 0) return '[\\,]';
  return `\\begin{bmatrix} ${names.map((n) => stateLatex(n, { dot: dotted, tilde })).join(' \\\\ ')} \\end{bmatrix}`;
}

/** A matrix of LaTeX entries. */
const bracket = (cells: readonly (readonly string[])[]) => (cells.length === 0 || cells[0].length === 0 ? '[\\,]' : `\\begin{bmatrix} ${cells.map((row) => row.join(' & ')).join(' \\\\ ')} \\end{bmatrix}`);

const isZero = (m: MatrixView) => m.value.every((row) => row.every((v) => v === 0));

export function createModelPanel(host: HTMLElement, onSettings: (patch: Partial<Settings>) => void): ModelPanel {
  const formulation = segmented<FormulationName>('Formulation', [
    { value: 'general', label: 'General', hint: 'the general hybrid formulation (formulation.md section 5)' },
    { value: 'masd', label: 'MASD', hint: "MASD's closed form (formulation.md section 6)" },
  ], (v) => onSettings({ formulation: v }));
  const states = segmented<StateChoiceName>('States', [
    { value: 'b1', label: 'v_C, i_L', hint: 'b1: capacitor across variables and inductor through variables' },
    { value: 'b2', label: 'q_C, φ_L', hint: 'b2: charges (momenta) and fluxes (displacements)' },
  ], (v) => onSettings({ stateChoice: v }));
  const style = segmented<MatrixStyle>('Entries', [
    { value: 'numeric', label: 'Numbers' },
    { value: 'symbolic', label: 'Symbols' },
  ], (v) => onSettings({ style: v }));
  const tvForm = segmented<TimeVaryingFormName>('Time-varying states', [
    { value: 'charge-flux', label: 'q_C, λ_L', hint: "charges and flux linkages: p' = A(t) p + B(t) u, no rate of C or L needed (the default)" },
    { value: 'across-through', label: 'v_C, i_L', hint: "capacitor voltages and inductor currents, with the Ċ and L̇ terms" },
  ], (v) => onSettings({ tvForm: v }));
  const storageLaw = segmented<StorageLawName>('Storage law', [
    { value: 'conservative', label: "i = (C v)'", hint: "conservative: i = (C v)', v = (L i)' (formulation.md section 11)" },
    { value: 'non-conservative', label: "i = C v'", hint: "non-conservative: i = C v', v = L i' (the Ċ and L̇ terms dropped)" },
  ], (v) => onSettings({ storageLaw: v }));
  const tvTime = el('input', { type: 'number', id: 'tv-time', step: 'any', inputmode: 'decimal', 'aria-label': 'time of the numeric matrices in seconds' });
  tvTime.addEventListener('change', () => {
    const v = Number(tvTime.value);
    onSettings({ tvTime: tvTime.value.trim() === '' || !Number.isFinite(v) ? 0 : v });
  });
  const tvControls = el('div', { class: 'toolbar tv-controls', hidden: true }, tvForm.node, storageLaw.node, el('label', { class: 'tv-time' }, 'Numbers at t (s) ', tvTime));
  const tvBox = el('div', { class: 'equations time-varying', id: 'time-varying-model', hidden: true });
  const nonlinearBox = el('div', { class: 'equations nonlinear', id: 'nonlinear-model', hidden: true });
  const equations = el('div', { class: 'equations', id: 'model-equations' });
  const closedBox = el('div', { class: 'equations closed-form', id: 'closed-form', hidden: true });
  const params = symbolicParamsField((names) => onSettings({ symbolicParams: names }));
  const note = el('p', { class: 'note', hidden: true });
  const diagnostics = el('ul', { class: 'diagnostics', id: 'diagnostics' });
  const exports = el('div', { class: 'exports' });
  host.replaceChildren(el('div', { class: 'toolbar' }, formulation.node, states.node, style.node, params.node), tvControls, tvBox, nonlinearBox, equations, closedBox, note, diagnostics, exports);
  const cache = new TexCache();
  const tex = (latex: string, display: boolean, className: string) => cache.get(latex, display, className);

  function matrixNode(key: MatrixKey, m: MatrixView, symbolic: boolean, modelKey: string): HTMLElement {
    const latex = matrixLatex(m, symbolic);
    const node = tex(latex, false, 'matrix');
    node.dataset.latex = latex;
    node.dataset.matrix = key;
    node.dataset.model = modelKey;
    node.dataset.rows = String(m.rows);
    node.dataset.cols = String(m.cols);
    node.dataset.values = JSON.stringify(m.value);
    node.title = `${key}: ${m.rows} × ${m.cols}`;
    return node;
  }

  function diagnosticItem(d: DiagnosticInfo): HTMLElement {
    return el(
      'li',
      { class: `diagnostic ${d.severity}`, 'data-code': d.code },
      el('strong', {}, DIAGNOSTIC_TITLES[d.code] ?? d.code),
      ' ',
      el('span', {}, d.message),
    );
  }

  /** f, g and the Jacobians of a nonlinear model, each a KaTeX node with data-nonlinear naming it. */
  function renderNonlinear(nl: NonlinearView | undefined): void {
    nonlinearBox.hidden = nl === undefined;
    if (!nl) {
      replaceChildren(nonlinearBox);
      return;
    }
    const piece = (name: string, latex: string) => {
      const node = tex(latex, true, 'nonlinear-equation');
      node.dataset.nonlinear = name;
      node.dataset.latex = latex;
      return node;
    };
    const op = nl.operatingPoint;
    const at = nl.states.map((x, k) => `${x.name} = ${Number(op.x[k].toPrecision(6))}`).join(', ');
    replaceChildren(
      nonlinearBox,
      el('div', { class: 'model-caption' }, `Nonlinear model x' = f(x, u, t), y = g(x, u, t): ${nl.lawElements.length === 1 ? `the element ${nl.lawElements[0]} is given by a law` : `the elements ${nl.lawElements.join(', ')} are given by laws`}; the states are the variables the storage laws are written in`, nl.implicit.length > 0 ? `; ${nl.implicit.join(', ')} solved at each evaluation` : '', '.'),
      piece('f', nl.latex.f),
      ...(nl.latex.g ? [piece('g', nl.latex.g)] : []),
      el('div', { class: 'model-caption' }, 'Jacobians'),
      el('div', { class: 'equation-row' }, piece('dfdx', `\\frac{\\partial f}{\\partial x} = ${nl.latex.dfdx}`), piece('dfdu', `\\frac{\\partial f}{\\partial u} = ${nl.latex.dfdu}`)),
      el(
        'div',
        { class: 'model-caption', id: 'operating-point', 'data-equilibrium': String(op.equilibrium), 'data-states': JSON.stringify(op.x) },
        op.equilibrium
          ? `Linearised at the equilibrium at rest (inputs 0, t = ${op.t}): ${at || 'no states'}. Deviations from it: δx' = A δx + B δu, δy = C δx + D δu.`
          : `No equilibrium at rest: the Jacobians at x = 0, u = 0, t = ${op.t} (δx' = A δx + B δu + f(0, 0, 0)).`,
      ),
      ...(nl.secantWidth !== undefined
        ? [el('div', { class: 'model-caption', id: 'secant-note', 'data-secant-width': String(nl.secantWidth) }, `A law is not differentiable at rest (e.g. sqrt(|Δp|) at zero flow): the Jacobians use secants of width ${nl.secantWidth} there; f and the simulation's right-hand side are exact.`)]
        : []),
    );
  }

  /** A(t), B(t), Bd(t) in KaTeX (data-tv naming each), the time symbols defined, the varying values listed. */
  function renderTimeVarying(tv: TimeVaryingView | undefined, settings: Settings): void {
    tvBox.hidden = tv === undefined;
    tvControls.hidden = tv === undefined;
    if (!tv) {
      replaceChildren(tvBox);
      return;
    }
    tvForm.set(tv.form);
    storageLaw.set(tv.storageLaw);
    if (document.activeElement !== tvTime) tvTime.value = String(settings.tvTime);
    const piece = (name: string, latex: string, display = false) => {
      const node = tex(latex, display, 'tv-equation');
      node.dataset.tv = name;
      node.dataset.latex = latex;
      return node;
    };
    const s = tv.form === 'charge-flux' ? 's' : 'x';
    const lines = tv.latex;
    replaceChildren(
      tvBox,
      el('div', { class: 'model-caption' }, `Time-varying model: ${tv.values.map((v) => `${v.element}.${v.field} = ${v.value}`).join('; ')} (${tv.storageLaw} storage laws). States ${tv.states.join(', ')}${tv.form === 'charge-flux' ? ` (charges and flux linkages; the physical ${tv.physicalStates.join(', ')} are outputs of the simulation)` : ''}.`),
      piece('equation', tv.form === 'charge-flux' ? `\\dot{${s}} = A(t)\\,${s} + B(t)\\,u` : `\\dot{${s}} = A(t)\\,${s} + B(t)\\,u + B_d(t)\\,\\dot{u}`, true),
      ...(lines
        ? [
            piece('symbols', `\\begin{aligned} ${lines.symbols.join(' \\\\ ')} \\end{aligned}`, true),
            el('div', { class: 'equation-row' }, piece('A', `A(t) = ${bracket(lines.A)}`), piece('B', `B(t) = ${bracket(lines.B)}`), ...(tv.form === 'across-through' ? [piece('Bd', `B_d(t) = ${bracket(lines.Bd)}`)] : [])),
          ]
        : [el('p', { class: 'note' }, `Symbolic A(t), B(t): ${tv.symbolicNote ?? 'not available'}.`)]),
      el('div', { class: 'model-caption', id: 'tv-numbers' }, `Below: the matrices at t = ${tv.time} s (change the time above).`),
    );
  }

  return {
    nameStates(labels) {
      states.relabel('b1', labels.b1.label, labels.b1.hint);
      states.relabel('b2', labels.b2.label, labels.b2.hint);
      states.node.dataset.domain = labels.domain;
    },
    offerMasd(available) {
      formulation.enable('masd', available, "MASD's closed form does not apply to this system (see Compare formulations)");
    },
    render(m, settings, systemName, nonlinear, timeVarying, closedForm) {
      renderNonlinear(nonlinear);
      renderTimeVarying(timeVarying, settings);
      const special = nonlinear !== undefined || timeVarying !== undefined;
      const linearOnly = nonlinear ? 'for linear descriptions: this one has elements given by laws' : 'for time-invariant descriptions: this one has values in t';
      states.enable('b2', !special, `The states b2 are ${linearOnly} (time-varying: use the states q_C, λ_L)`);
      states.enable('b1', true);
      if (special) formulation.enable('masd', false, `MASD's closed form is ${linearOnly}`);
      formulation.set(special ? 'general' : (m.formulation as FormulationName));
      states.set(special ? 'b1' : (m.stateChoice as StateChoiceName));
      const symbolicShown = settings.style === 'symbolic' && m.matrices.A.symbolic !== undefined;
      style.set(symbolicShown ? 'symbolic' : 'numeric');
      params.set(settings.symbolicParams);
      params.show(settings.style === 'symbolic' && !special && m.large === undefined);
      note.hidden = !(settings.style === 'symbolic' && !symbolicShown);
      const why = nonlinear
        ? 'the nonlinear model above is in the parameters; its linearisation at an operating point is numeric'
        : timeVarying
          ? 'A(t), B(t) above are in the parameters; the matrices below are at one time'
          : m.symbolicNote ?? 'not available';
      note.textContent = settings.style === 'symbolic' && !symbolicShown ? `Symbolic entries: ${why}.` : '';

      exports.hidden = m.large !== undefined;
      if (m.large) {
        // a large model is the general formulation, states b1, numbers (run-large.ts): the other choices are off
        const why = `a model of ${m.large.states.length} states is shown by its entries: general formulation, states b1, numbers`;
        states.enable('b2', false, why);
        formulation.enable('masd', false, why);
        style.set('numeric');
        states.set('b1');
        formulation.set('general');
        note.hidden = true;
        renderLargeModel(equations, m.large, systemName);
        renderClosedForm(closedBox, cache, undefined, false, systemName);
        equations.dataset.model = m.key;
        equations.dataset.large = '1';
        replaceChildren(diagnostics, ...m.diagnostics.map(diagnosticItem));
        diagnostics.hidden = m.diagnostics.length === 0;
        return;
      }
      delete equations.dataset.large;
      const M = m.matrices;
      const tilde = !isZero(M.Bd);
      const plus = () => tex('+', false, 'op');
      const eq = () => tex('=', false, 'op');
      const row = (...nodes: HTMLElement[]) => el('div', { class: 'equation-row' }, ...nodes);
      const stateRow = row(
        tex(vectorLatex(m.states, true, tilde), false, 'vector'),
        eq(),
        matrixNode('A', M.A, symbolicShown, m.key),
        tex(vectorLatex(m.states, false, tilde), false, 'vector'),
        plus(),
        matrixNode('B', M.B, symbolicShown, m.key),
        tex(vectorLatex(m.inputs), false, 'vector'),
      );
      const rows = [stateRow];
      const outputE = matrixNode('E', M.E, symbolicShown, m.key);
      const outputRow = row(
        tex(vectorLatex(m.outputs), false, 'vector'),
        eq(),
        matrixNode('C', M.C, symbolicShown, m.key),
        tex(vectorLatex(m.states, false, tilde), false, 'vector'),
        plus(),
        matrixNode('D', M.D, symbolicShown, m.key),
        tex(vectorLatex(m.inputs), false, 'vector'),
        ...(isZero(M.E) ? [] : [plus(), outputE, tex(vectorLatex(m.inputs, true), false, 'vector')]),
      );
      if (m.outputs.length > 0) rows.push(outputRow);
      const bd = matrixNode('Bd', M.Bd, symbolicShown, m.key);
      if (tilde) rows.push(row(tex(vectorLatex(m.states), false, 'vector'), eq(), tex(vectorLatex(m.states, false, true), false, 'vector'), plus(), bd, tex(vectorLatex(m.inputs), false, 'vector')));
      // matrices not shown in the equations (zero E, zero Bd) stay readable as data for tools and tests
      const hidden = el('div', { class: 'hidden-matrices', hidden: true }, ...(isZero(M.E) ? [outputE] : []), ...(tilde ? [] : [bd]), ...(m.outputs.length > 0 ? [] : [outputRow]));
      replaceChildren(
        equations,
        el('div', { class: 'model-caption' }, `${m.states.length} state${m.states.length === 1 ? '' : 's'}, ${m.inputs.length} input${m.inputs.length === 1 ? '' : 's'}, ${m.outputs.length} output${m.outputs.length === 1 ? '' : 's'}`, tilde ? ' — an input derivative is present: the state is x̃ = x − Bd u' : ''),
        ...rows,
        hidden,
      );
      equations.dataset.model = m.key;
      renderClosedForm(closedBox, cache, closedForm, settings.style === 'symbolic', systemName);
      cache.commit();
      replaceChildren(diagnostics, ...m.diagnostics.map(diagnosticItem));
      diagnostics.hidden = m.diagnostics.length === 0;

      const base = `${safeFileName(systemName)}-${m.key}`;
      const button = (label: string, file: string, text: string, mime: string, kind: string) => {
        const b = el('button', { type: 'button', class: 'export', 'data-export': kind, title: `download ${file}` }, label);
        b.addEventListener('click', () => downloadText(file, text, mime));
        return b;
      };
      replaceChildren(
        exports,
        el('span', { class: 'exports-label' }, 'Export model'),
        button('MATLAB', `${base}.m`, m.exports.matlab, 'text/x-matlab', 'matlab'),
        button('Python', `${base}.py`, m.exports.python, 'text/x-python', 'python'),
        button('LaTeX', `${base}.tex`, m.exports.latex, 'application/x-tex', 'latex'),
        button('JSON', `${base}.json`, m.exports.json, 'application/json', 'json'),
        ...(nonlinear ? [button('Nonlinear model', `${safeFileName(systemName)}-nonlinear.txt`, nonlinear.text, 'text/plain', 'nonlinear')] : []),
      );
    },
  };
}
