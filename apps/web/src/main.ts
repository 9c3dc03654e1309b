/**
 * The page: editor and gallery on the left; linear graph, state-space model, simulation, derivation and
 * comparison on the right. Every edit or setting goes to the engine worker; its answer updates the panels
 * (the matrices and the plot first) and the URL hash, so that the address always shares the current model.
 */
import 'katex/dist/katex.min.css';
import './styles.css';
import type { FollowUp, GraphDrawing, PackedDerivation, PackedGraph, RunAnswer, RunResult } from './engine/protocol';
import { branchCount, samePackedGraph, unpackGraph } from './engine/packed-graph';
import { samePackedDerivation } from './engine/packed-derivation';
import { DEFAULT_SETTINGS } from './engine/settings';
import type { Settings } from './engine/settings';
import { createEngineClient } from './engine-client';
import { EXAMPLES } from './examples';
import { createComparePanel } from './ui/compare-panel';
import { renderDerivation } from './ui/derivation-panel';
import { createFrequencyPanel } from './ui/frequency-panel';
import { parameterSlider } from './ui/parameter-slider';
import { createSweepPanel } from './ui/sweep-panel';
import { byId, el } from './ui/dom';
import { createEditor, LARGE_TEXT_CHARS } from './ui/editor';
import { createDrawMode } from './ui/draw/draw-mode';
import { layoutGraph } from './ui/graph-layout';
import { renderGraph } from './ui/graph-view';
import { LARGE_GRAPH } from './ui/graph-summary';
import { disposeLargeGraph, renderLargeGraph } from './ui/large-graph-view';
import { startWebGLProbe } from './ui/webgl-probe';
import { warmSigma } from './ui/warm-sigma';
import { runSteps } from './ui/task-steps';
import { renderKinds } from './ui/kinds-table';
import { createModelPanel } from './ui/model-panel';
import { decodeShare, encodeShare } from './ui/share';
import { createSimulationPanel } from './ui/simulation-panel';
import { distinctTitles } from './ui/gallery-titles';
import { attachSplitter } from './ui/splitter';
import { stateChoiceLabelsOf } from './ui/state-labels';

interface PageState {
  settings: Settings;
  /** The request whose answer is awaited, and when its edit happened. */
  pending?: { id: number; since: number; edit: boolean };
  last?: RunResult;
  /** What the slower panels last drew (compared exactly, O(N + B)), to skip redrawing them unchanged. */
  drawn: { graph?: { readonly graph: PackedGraph; readonly note?: string }; derivation?: PackedDerivation | 'none' };
}

const state: PageState = { settings: DEFAULT_SETTINGS, drawn: {} };
const body = document.body;
const status = byId('status');
const gallery = byId<HTMLSelectElement>('gallery');

const editor = createEditor(byId('editor'), byId('errors'), (text) => {
  request(true);
  draw.typed(text);
});
const modelPanel = createModelPanel(byId('model'), (patch) => changeSettings(patch));
const simulationPanel = createSimulationPanel(byId('simulation'), (patch) => changeSettings(patch));
const comparePanel = createComparePanel(byId('compare'));
const frequencyPanel = createFrequencyPanel(byId('frequency'));
const slider = parameterSlider((patch) => changeSettings(patch));
byId('model').before(slider.node);
renderKinds(byId('kinds'));
// the editing mode of the graph: drawing and text in sync both ways
const draw = createDrawMode({
  getText: () => editor.getText(),
  setText: (text) => {
    editor.replaceText(text);
    request(true);
  },
  autoPositions: () => (state.last && !state.last.equations && branchCount(state.last.graph) <= LARGE_GRAPH ? layoutGraph(smallGraph(state.last)).nodes : new Map()),
});
byId('graph').after(draw.node);
const drawToggle = byId<HTMLButtonElement>('draw-toggle');
drawToggle.addEventListener('click', () => {
  const on = !draw.active;
  drawToggle.setAttribute('aria-pressed', String(on));
  drawToggle.textContent = on ? 'Done drawing' : 'Edit drawing';
  byId('graph').hidden = on;
  draw.setActive(on);
});
const sweepPanel = createSweepPanel(
  (req) => engine.sweep({ ...req, text: editor.getText(), settings: state.settings }),
  (id) => engine.cancelSweep(id),
);
slider.node.after(sweepPanel.node);
const engine = createEngineClient(onAnswer, onFollowUp, (message) => setStatus('error', `The engine stopped: ${message}`), (m) => sweepPanel.receive(m));
// WebGL for large graphs is probed in idle time, off the main thread (ui/webgl-probe.ts)
startWebGLProbe();
// and a sigma.js renderer on an empty graph, so that the first large graph does not pay its constructor (ui/warm-sigma.ts)
warmSigma();

attachSplitter(byId('splitter'), byId('layout'), byId('editor-title').closest('.editor-pane') as HTMLElement);

// the skip link moves the focus without touching the address (the hash holds the model)
document.querySelector<HTMLAnchorElement>('.skip-link')?.addEventListener('click', (e) => {
  e.preventDefault();
  const results = byId('results');
  results.focus();
  results.scrollIntoView();
});

// a message that stays until dismissed (the status line is rewritten by every answer)
const notice = byId('notice');
function showNotice(text: string): void {
  byId('notice-text').textContent = text;
  notice.hidden = false;
}
byId('notice-dismiss').addEventListener('click', () => {
  notice.hidden = true;
});

const titles = new Map(EXAMPLES.map((e, k) => [e.file, distinctTitles(EXAMPLES)[k]]));
const GROUPS = { linear: 'Linear systems', nonlinear: 'Nonlinear systems (laws)', 'time-varying': 'Time-varying systems (values in t)', formats: 'Other formats (bond graph, equations)' } as const;
for (const [group, label] of Object.entries(GROUPS) as [keyof typeof GROUPS, string][]) {
  const items = EXAMPLES.filter((e) => e.group === group);
  if (items.length > 0) gallery.appendChild(el('optgroup', { label }, ...items.map((e) => el('option', { value: e.file, title: e.summary }, titles.get(e.file) ?? e.title))));
}
gallery.appendChild(el('option', { value: '', disabled: true, 'data-custom': '1' }, 'Edited description'));
gallery.addEventListener('change', () => {
  const e = EXAMPLES.find((x) => x.file === gallery.value);
  if (!e) return;
  loadModel(e.text, { ...DEFAULT_SETTINGS, style: state.settings.style });
});

/** A small graph as objects (the SVG drawing, its layout, the drawing mode), unpacked once per answer. */
const unpacked = new WeakMap<RunResult, GraphDrawing>();
function smallGraph(a: RunResult): GraphDrawing {
  let g = unpacked.get(a);
  if (!g) unpacked.set(a, (g = unpackGraph(a.graph)));
  return g;
}

function setStatus(kind: 'busy' | 'ready' | 'error', text: string): void {
  status.textContent = text;
  status.dataset.kind = kind;
  body.dataset.state = kind;
}

/** Select the gallery entry whose text is the editor's, or "Edited description". */
function syncGallery(): void {
  const text = editor.getText();
  const match = EXAMPLES.find((e) => e.text === text);
  gallery.value = match ? match.file : '';
}

function loadModel(text: string, settings: Settings): void {
  state.settings = settings;
  state.drawn = {};
  state.last = undefined;
  // nothing of the previous system stays: its comparison and overlay are cleared until the new follow-up
  comparePanel.reset();
  editor.setText(text);
  draw.loaded(text);
  syncGallery();
  request(false);
}

function changeSettings(patch: Partial<Settings>): void {
  state.settings = { ...state.settings, ...patch };
  request(true);
}

function request(edit: boolean): void {
  const id = engine.run(editor.getText(), state.settings);
  state.pending = { id, since: performance.now(), edit };
  setStatus('busy', 'Computing…');
  if (edit) syncGallery();
}

function onAnswer(a: RunAnswer): void {
  const a0 = performance.now();
  answerNow(a);
  performance.measure('sysgraph:answer', { start: a0 });
}

function answerNow(a: RunAnswer): void {
  const since = state.pending?.id === a.id ? state.pending.since : performance.now();
  if (!a.ok) {
    editor.showErrors(a.errors);
    body.classList.add('stale');
    setStatus('error', `${a.errors.length} error${a.errors.length === 1 ? '' : 's'} in the description — the last good model is shown dimmed`);
    body.dataset.revision = String(a.id);
    scheduleHash();
    return;
  }
  body.classList.remove('stale');
  state.last = a;
  const simErrors = a.simulation.ok ? [] : a.simulation.errors;
  editor.showErrors([]);
  byId('empty-hint').hidden = branchCount(a.graph) > 0 || a.equations !== undefined;
  modelPanel.nameStates(stateChoiceLabelsOf(a.graph));
  // the matrices and the plot first: they are what an edit is waiting for. A large model's steps run as
  // separate tasks (ui/task-steps.ts); the revision is set when all are drawn.
  // the comparison waits for its follow-up, which may arrive while a large model's steps are still running
  comparePanel.markPending();
  const steps: (() => void)[] = [];
  steps.push(() => {
    const m0 = performance.now();
    modelPanel.render(a.model, state.settings, a.name, a.nonlinear, a.timeVarying, a.closedForm);
    performance.measure('sysgraph:model', { start: m0 });
    slider.render(a.parameters, state.settings, a.name);
    sweepPanel.render(a.model.large ? undefined : a.parameters, a.simulation.ok ? a.simulation.trace.names.slice(1) : [], a.tEnd);
  });
  steps.push(() => {
    const s0 = performance.now();
    simulationPanel.render(a.inputs, a.tEnd, a.simulation.ok ? a.simulation.trace : undefined, simErrors, state.settings, a.name);
    performance.measure('sysgraph:simulation', { start: s0 });
    frequencyPanel.render(
      a.frequency,
      a.nonlinear ? 'Elements given by laws: poles and H(jω) belong to linear time-invariant models (the command line analyses the linearisation).' : a.timeVarying ? 'Values in t: poles and H(jω) belong to time-invariant models.' : a.model.large ? 'A large model: no dense poles or frequency response on the page.' : 'No frequency response for this model.',
    );
  });
  steps.push(() => {
    byId('system-title').textContent = a.title ?? a.name;
    byId('system-summary').textContent = a.summary ?? '';
    const g0 = performance.now();
    const drawn = state.drawn.graph;
    const sameGraph = drawn !== undefined && drawn.note === a.equations?.note && samePackedGraph(drawn.graph, a.graph);
    const graphSig = { graph: a.graph, note: a.equations?.note };
    if (a.equations) {
      // an equation file has no linear graph: a note instead of the graph and the derivation
      if (!sameGraph) {
        const note = () => el('p', { class: 'note no-graph', 'data-format': a.equations!.format }, a.equations!.note);
        disposeLargeGraph();
        byId('graph').replaceChildren(note());
        byId('derivation').replaceChildren(note());
        state.drawn.graph = graphSig;
        state.drawn.derivation = 'none';
      }
    } else if (!sameGraph) {
      if (branchCount(a.graph) > LARGE_GRAPH) renderLargeGraph(byId('graph'), a.graph);
      else {
        disposeLargeGraph();
        renderGraph(byId('graph'), smallGraph(a));
      }
      state.drawn.graph = graphSig;
    }
    performance.measure('sysgraph:graph', { start: g0 });
  });
  steps.push(() => {
    const d0 = performance.now();
    const last = state.drawn.derivation;
    if (!a.equations && (last === undefined || last === 'none' || !samePackedDerivation(last, a.derivation))) {
      renderDerivation(byId('derivation'), a.derivation);
      state.drawn.derivation = a.derivation;
    }
    performance.measure('sysgraph:derivation', { start: d0 });
    draw.refresh();
    const updated = performance.now() - since;
    body.dataset.revision = String(a.id);
    body.dataset.updateMs = updated.toFixed(1);
    body.dataset.engineMs = Object.values(a.timings).reduce((s, x) => s + x, 0).toFixed(1);
    body.dataset.engineStages = JSON.stringify(Object.fromEntries(Object.entries(a.timings).map(([k, v]) => [k, Number(v.toFixed(2))])));
    const engineMs = Number(body.dataset.engineMs);
    setStatus(simErrors.length > 0 ? 'error' : 'ready', simErrors.length > 0 ? 'Model derived; the simulation needs attention' : `Updated in ${Math.max(1, Math.round(updated))} ms (engine ${Math.max(1, Math.round(engineMs))} ms)`);
    scheduleHash();
  });
  runSteps(steps, a.model.large !== undefined, () => state.last === a);
}

function onFollowUp(f: FollowUp): void {
  // after the next paint: the matrices and the plot of the answer come first on screen
  requestAnimationFrame(() =>
    setTimeout(() => {
      const a = state.last;
      if (!a || a.id !== f.id) return;
      modelPanel.offerMasd(f.masdAvailable);
      comparePanel.render(f.comparison, f.models);
      if (f.overlay && a.simulation.ok) comparePanel.renderOverlay(a.simulation.trace, f.overlay.right, f.overlay.leftKey, f.overlay.rightKey, f.overlay.kind);
    }, 0),
  );
}

// The address always holds the current model: replaced (not pushed) a moment after the last change.
let hashTimer: number | undefined;
/** The longest link the address is rewritten with on every change (characters of the hash). */
const AUTO_HASH_CHARS = 16_000;
let writtenHash = '';
function scheduleHash(): void {
  clearTimeout(hashTimer);
  hashTimer = window.setTimeout(async () => {
    const description = editor.getText();
    // a large text (the editor's large-text mode) is not encoded on every change: encoding costs the main thread
    // in proportion (a 0.7 MB description: 61 ms of TextEncoder in a profile) and its link is mostly over
    // AUTO_HASH_CHARS anyway (the 10^3 ladder's, 145 kB: over 16 000). The address is emptied; Share encodes.
    if (description.length > LARGE_TEXT_CHARS) {
      writtenHash = '';
      if (location.hash !== '') history.replaceState(null, '', location.pathname + location.search);
      return;
    }
    let hash: string;
    try {
      hash = await encodeShare({ description, settings: state.settings });
    } catch {
      // a description too large for a link: the address keeps the last one that fitted
      return;
    }
    // a long address costs the main thread in proportion (replaceState of a 32 × 32 grid's link: 107 ms in a
    // profile): above AUTO_HASH_CHARS the address is emptied instead, so that it never names another model, and
    // the Share button writes the whole link on request
    writtenHash = hash.length > AUTO_HASH_CHARS ? '' : `#${hash}`;
    if (location.hash !== writtenHash) history.replaceState(null, '', writtenHash === '' ? location.pathname + location.search : writtenHash);
  }, 250);
}

byId('share').addEventListener('click', async () => {
  const hash = await encodeShare({ description: editor.getText(), settings: state.settings });
  history.replaceState(null, '', `#${hash}`);
  writtenHash = `#${hash}`;
  try {
    await navigator.clipboard.writeText(location.href);
    setStatus('ready', 'Link copied: it restores this model and its settings');
  } catch {
    setStatus('ready', 'The link is in the address bar: copy it from there');
  }
});

async function loadFromHash(): Promise<boolean> {
  const hash = location.hash.slice(1);
  if (!hash) return false;
  const shared = await decodeShare(hash);
  if (!shared) {
    setStatus('error', 'The link could not be read');
    showNotice('This link could not be read (it is cut short or was changed); the default example is shown instead.');
    return false;
  }
  writtenHash = location.hash;
  loadModel(shared.description, shared.settings);
  return true;
}

window.addEventListener('hashchange', () => {
  if (location.hash !== writtenHash) void loadFromHash();
});

void (async () => {
  if (!(await loadFromHash())) {
    const first = EXAMPLES.find((e) => e.tags.includes('default')) ?? EXAMPLES[0];
    if (first) loadModel(first.text, DEFAULT_SETTINGS);
  }
})();
