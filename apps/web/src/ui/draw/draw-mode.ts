/**
 * createDrawMode: the editing mode of the linear graph. The drawing and the editor's JSON text stay in sync
 * both ways: every drawing command (add node, add element, move, edit, delete) produces a new document, which
 * is written back into the editor in the text's own style (format-like.ts) and pushed on the undo stack;
 * every change of the text redraws. Node positions live in the description's metadata (doc-model.ts), so a
 * shared link reopens the same picture. Keyboard: every node and element is a focusable button (Enter
 * selects), arrow keys move a selected node, Delete removes the selection, Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y)
 * undo and redo, and every action also has a button.
 */
import { elementKind } from '@sysgraph/description';
import { el, replaceChildren } from '../dom';
import { addElement, addNode, deleteElement, deleteNode, elementsOf, groundsOf, layoutOf, moveNode, nodesOf, renameNode, replaceElement, setGround, withPositions } from './doc-model';
import type { Json, JsonObject, Position } from './doc-model';
import { checkElement, newElement, valueFromText, valueText } from './element-edit';
import type { FormError } from './element-edit';
import { formatLike } from './format-like';
import { createHistory } from './history';
import { hitTest } from './hit-test';
import type { DrawnBranch } from './hit-test';
import { paletteOf, paletteSelect } from './palette';
import { renderDrawing } from './draw-view';
import type { Selection } from './draw-view';

export interface DrawModeHost {
  readonly getText: () => string;
  /** Writes the text into the editor and recomputes (a drawing command's result). */
  readonly setText: (text: string) => void;
  /** Positions of the automatic layout for nodes the metadata does not place (the last drawn graph's). */
  readonly autoPositions: () => ReadonlyMap<string, Position>;
}

export interface DrawMode {
  readonly node: HTMLElement;
  readonly active: boolean;
  setActive(on: boolean): void;
  /** The editor's text changed by typing. */
  typed(text: string): void;
  /** Another model was loaded: a new history. */
  loaded(text: string): void;
  /** The engine answered: automatic positions may have changed. */
  refresh(): void;
}

const DOMAINS = ['electrical', 'translational', 'rotational', 'fluid', 'thermal'];
const MIN_W = 760;
const MIN_H = 440;
const STEP = 10;

function parseDoc(text: string): JsonObject | undefined {
  if (text.trim() === '') return {};
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

export function createDrawMode(host: DrawModeHost): DrawMode {
  let active = false;
  let selection: Selection;
  let doc: JsonObject = {};
  let positions = new Map<string, Position>();
  let branches: DrawnBranch[] = [];
  let size = { w: MIN_W, h: MIN_H };
  const history = createHistory(host.getText());

  const note = el('p', { class: 'draw-note', role: 'status', 'aria-live': 'polite' });
  const undoButton = el('button', { type: 'button', 'data-draw': 'undo', 'aria-keyshortcuts': 'Control+Z' }, 'Undo');
  const redoButton = el('button', { type: 'button', 'data-draw': 'redo', 'aria-keyshortcuts': 'Control+Shift+Z' }, 'Redo');
  const addNodeButton = el('button', { type: 'button', 'data-draw': 'add-node' }, 'Add node');
  const toolbar = el('div', { class: 'draw-toolbar', role: 'toolbar', 'aria-label': 'drawing' }, addNodeButton, undoButton, redoButton);

  // the add-element form: kind from the palette, ends picked by clicking nodes (or chosen in the lists)
  const kindSelect = paletteSelect({ id: 'draw-kind', 'data-draw': 'kind' });
  const endSelects = ['from', 'to', 'from2', 'to2'].map((f) => el('select', { id: `draw-${f}`, 'data-draw': f }) as HTMLSelectElement);
  const endLabels = ['From', 'To', 'Port 2 from', 'Port 2 to'];
  const endFields = endSelects.map((s, k) => el('label', { class: 'draw-field', for: s.id }, endLabels[k], s));
  const addButton = el('button', { type: 'button', 'data-draw': 'add-element' }, 'Add element');
  const pickNote = el('span', { class: 'draw-pick' });
  const addForm = el('fieldset', { class: 'draw-add' }, el('legend', {}, 'Add an element'), el('label', { class: 'draw-field', for: kindSelect.id }, 'Kind', kindSelect), ...endFields, addButton, pickNote);
  let pick = 0;
  const isTwoPort = () => elementKind(kindSelect.value)?.family === 'two-port';
  const endCount = () => (isTwoPort() ? 4 : 2);

  const form = el('div', { class: 'draw-form', 'aria-live': 'polite' });
  const svgHost = el('div', { class: 'draw-svg' });
  const node = el('div', { class: 'draw-mode', id: 'draw-mode', hidden: true }, toolbar, addForm, el('div', { class: 'draw-main' }, svgHost, form), note);

  // ---- commands --------------------------------------------------------------------------------------------

  /** Applies a new document: every drawn node keeps its place in the metadata, the text is rewritten. */
  function commit(next: JsonObject, select?: Selection): void {
    const placed = layoutOf(next);
    const missing = new Map([...positions].filter(([n]) => !placed.has(n) && nodesOf(next).includes(n)));
    const withPlaces = missing.size > 0 ? withPositions(next, missing) : next;
    const text = formatLike(withPlaces, host.getText());
    history.push(text);
    if (select !== undefined || selection !== undefined) selection = select;
    host.setText(text);
    redraw(text);
  }

  function restore(text: string | undefined): void {
    if (text === undefined) return;
    host.setText(text);
    redraw(text);
  }

  // ---- drawing ---------------------------------------------------------------------------------------------

  function placeAll(d: JsonObject): Map<string, Position> {
    const placed = layoutOf(d);
    const auto = host.autoPositions();
    const out = new Map<string, Position>();
    let spare = 0;
    for (const n of nodesOf(d)) {
      const p = placed.get(n) ?? auto.get(n);
      out.set(n, p ?? { x: 60 + 90 * (spare++ % 8), y: 60 + 90 * Math.floor(spare / 8) });
    }
    return out;
  }

  function redraw(text = host.getText()): void {
    if (!active) return;
    const parsed = parseDoc(text);
    if (!parsed) {
      note.textContent = 'The text is not a JSON object: the drawing shows the last description that was one.';
      return;
    }
    note.textContent = '';
    doc = parsed;
    positions = placeAll(doc);
    if (selection?.kind === 'node' && !positions.has(selection.name)) selection = undefined;
    const sel = selection;
    if (sel?.kind === 'element' && !elementsOf(doc).some((e) => e.id === sel.id)) selection = undefined;
    size = {
      w: Math.max(MIN_W, ...[...positions.values()].map((p) => p.x + 80)),
      h: Math.max(MIN_H, ...[...positions.values()].map((p) => p.y + 80)),
    };
    drawSvg();
    fillEnds();
    renderForm();
    undoButton.disabled = !history.canUndo;
    redoButton.disabled = !history.canRedo;
  }

  function drawSvg(temp?: ReadonlyMap<string, Position>): void {
    // the focus stays on the same node or element across the redraw (keyboard use)
    const focused = svgHost.contains(document.activeElement) ? document.activeElement?.closest('[data-node],[data-element]') : undefined;
    const key = focused ? (focused.getAttribute('data-node') !== null ? `[data-node="${CSS.escape(focused.getAttribute('data-node')!)}"]` : `[data-element="${CSS.escape(focused.getAttribute('data-element')!)}"]`) : undefined;
    const drawn = renderDrawing(doc, temp ?? positions, { width: size.w, height: size.h, selection });
    branches = drawn.branches;
    svgHost.replaceChildren(drawn.root);
    if (key) drawn.root.querySelector<SVGElement>(key)?.focus();
  }

  function fillEnds(): void {
    const names = [...positions.keys()];
    endSelects.forEach((s, k) => {
      const keep = s.value;
      s.replaceChildren(el('option', { value: '' }, '—'), ...names.map((n) => el('option', { value: n }, n)));
      s.value = names.includes(keep) ? keep : '';
      endFields[k].hidden = k >= endCount();
    });
    pickNote.textContent = `A click on a node sets: ${endLabels[pick % endCount()]}`;
  }

  // ---- the selection's form ----------------------------------------------------------------------------------

  function field(label: string, input: HTMLElement, name: string, errors: readonly FormError[]): HTMLElement {
    const mine = errors.filter((e) => e.field === name || e.field.startsWith(`${name}.`) || e.field.startsWith(`${name}[`));
    const errorId = `draw-error-${name}`;
    if (mine.length > 0) (input.setAttribute('aria-invalid', 'true'), input.setAttribute('aria-describedby', errorId));
    return el(
      'div',
      { class: 'draw-field-row' },
      el('label', { for: input.id }, label),
      input,
      mine.length > 0 ? el('div', { class: 'field-error', id: errorId, 'data-field': name, 'data-code': mine[0].code }, mine.map((e) => `${e.message}${e.expected ? ` (expected: ${e.expected})` : ''}`).join(' ')) : null,
    );
  }

  function renderForm(errors: readonly FormError[] = [], draft?: JsonObject): void {
    if (selection?.kind === 'node') return renderNodeForm(selection.name);
    const sel = selection;
    if (sel?.kind === 'element') {
      const e = draft ?? elementsOf(doc).find((x) => x.id === sel.id);
      if (e) return renderElementForm(e, errors);
    }
    form.replaceChildren(el('p', { class: 'draw-hint' }, 'Select a node or an element to edit it. Click empty space to add a node.'));
  }

  function renderNodeForm(name: string): void {
    const nameInput = el('input', { id: 'draw-node-name', value: name, 'data-draw': 'node-name', autocomplete: 'off' }) as HTMLInputElement;
    const ground = el('input', { id: 'draw-node-ground', type: 'checkbox', 'data-draw': 'node-ground', checked: groundsOf(doc).includes(name) }) as HTMLInputElement;
    const apply = el('button', { type: 'button', 'data-draw': 'apply' }, 'Rename');
    const del = el('button', { type: 'button', 'data-draw': 'delete' }, 'Delete node');
    const error = el('div', { class: 'field-error', hidden: true, 'data-field': 'name' });
    apply.addEventListener('click', () => {
      const to = nameInput.value.trim();
      if (to === name) return;
      if (to === '' || nodesOf(doc).includes(to)) {
        error.hidden = false;
        error.textContent = to === '' ? 'A node needs a name.' : `A node named "${to}" exists already.`;
        return;
      }
      commit(renameNode(doc, name, to), { kind: 'node', name: to });
    });
    ground.addEventListener('change', () => commit(setGround(doc, name, ground.checked), { kind: 'node', name }));
    del.addEventListener('click', () => commit(deleteNode(doc, name), undefined));
    form.replaceChildren(
      el('h4', {}, `Node ${name}`),
      el('div', { class: 'draw-field-row' }, el('label', { for: nameInput.id }, 'Name'), nameInput, apply, error),
      el('div', { class: 'draw-field-row' }, ground, el('label', { for: ground.id }, 'Ground (reference node of its part of the graph)')),
      el('p', { class: 'draw-hint' }, 'Arrow keys move the node.'),
      del,
    );
  }

  function renderElementForm(e: JsonObject, errors: readonly FormError[]): void {
    const oldId = selection?.kind === 'element' ? selection.id : String(e.id);
    const info = typeof e.kind === 'string' ? elementKind(e.kind) : undefined;
    const family = info?.family ?? 'one-port';
    const idInput = el('input', { id: 'draw-id', value: String(e.id ?? ''), 'data-draw': 'id', autocomplete: 'off' }) as HTMLInputElement;
    const kind = paletteSelect({ id: 'draw-edit-kind', 'data-draw': 'edit-kind' }, paletteOf((k) => k.family === family), String(e.kind));
    const valueKey = family === 'two-port' ? 'ratio' : 'value';
    const value = el('input', { id: 'draw-value', value: valueText(e[valueKey]), 'data-draw': 'value', autocomplete: 'off', spellcheck: 'false' }) as HTMLInputElement;
    const law = el('input', { id: 'draw-law', value: e.law === undefined ? '' : JSON.stringify(e.law), 'data-draw': 'law', autocomplete: 'off', spellcheck: 'false', placeholder: '{"through": "…"} (instead of a value)' }) as HTMLInputElement;
    const domainSelect = (id: string, current: unknown) => {
      const s = el('select', { id, 'data-draw': id }, ...DOMAINS.map((d) => el('option', { value: d }, d))) as HTMLSelectElement;
      s.value = typeof current === 'string' ? current : 'electrical';
      return s;
    };
    const generic = family !== 'two-port' && family !== 'mutual' && !(info && 'domain' in info && info.domain);
    const domain = generic ? domainSelect('draw-domain', e.domain) : undefined;
    const ports = Array.isArray(e.ports) ? (e.ports as JsonObject[]) : [];
    const portDomains = family === 'two-port' ? ports.map((p, k) => domainSelect(`draw-port${k + 1}-domain`, p.domain)) : [];
    const apply = el('button', { type: 'button', 'data-draw': 'apply' }, 'Apply');
    const del = el('button', { type: 'button', 'data-draw': 'delete' }, 'Delete element');
    const others = errors.filter((x) => !['id', 'kind', valueKey, 'law', 'domain'].some((f) => x.field === f || x.field.startsWith(`${f}.`) || x.field.startsWith(`${f}[`)) && !x.field.startsWith('ports'));

    const draft = (): JsonObject | FormError => {
      const next: JsonObject = structuredClone(e);
      next.id = idInput.value.trim();
      next.kind = kind.value;
      if (law.value.trim() !== '') {
        try {
          next.law = JSON.parse(law.value) as Json;
        } catch {
          return { code: 'bad-law', field: 'law', message: 'The law is not JSON.', expected: 'an object such as {"through": "k*v^3"}' };
        }
        delete next[valueKey];
      } else {
        delete next.law;
        if (value.value.trim() === '') delete next[valueKey];
        else next[valueKey] = valueFromText(value.value);
      }
      if (domain) next.domain = domain.value;
      portDomains.forEach((s, k) => ((next.ports as JsonObject[])[k].domain = s.value));
      return next;
    };
    apply.addEventListener('click', () => {
      const next = draft();
      if ('code' in next && 'message' in next && !('kind' in next)) return renderForm([next as FormError], e);
      const candidate = next as JsonObject;
      const problems = checkElement(doc, oldId, candidate);
      if (problems.length > 0) {
        renderForm(problems, candidate);
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
        return;
      }
      commit(replaceElement(doc, oldId, candidate), { kind: 'element', id: String(candidate.id) });
    });
    for (const input of [idInput, value, law]) input.addEventListener('keydown', (ev) => ev.key === 'Enter' && apply.click());
    del.addEventListener('click', () => commit(deleteElement(doc, oldId), undefined));
    replaceChildren(
      form,
      el('h4', {}, `Element ${oldId}`),
      field('Id', idInput, 'id', errors),
      field('Kind', kind, 'kind', errors),
      family === 'mutual' || family === 'two-port' || family === 'one-port' || family === 'source' ? field(family === 'two-port' ? 'Ratio' : 'Value', value, valueKey, errors) : null,
      family === 'one-port' ? field('Law', law, 'law', errors) : null,
      domain ? field('Domain', domain, 'domain', errors) : null,
      ...portDomains.map((s, k) => field(`Port ${k + 1} domain`, s, `ports[${k}].domain`, errors)),
      others.length > 0 ? el('ul', { class: 'draw-errors' }, ...others.map((x) => el('li', { class: 'field-error', 'data-field': x.field, 'data-code': x.code }, `${x.field}: ${x.message}`))) : null,
      el('div', { class: 'draw-actions' }, apply, del),
    );
  }

  // ---- events ----------------------------------------------------------------------------------------------

  function toDrawing(ev: { clientX: number; clientY: number }): Position {
    const root = svgHost.querySelector('svg')!;
    const m = root.getScreenCTM();
    if (!m) return { x: 0, y: 0 };
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  function select(next: Selection): void {
    selection = next;
    drawSvg();
    renderForm();
  }

  /** A click on a node selects it and sets the next end of the add-element form. */
  function clickNode(name: string): void {
    endSelects[pick % endCount()].value = name;
    pick = (pick + 1) % endCount();
    select({ kind: 'node', name });
    pickNote.textContent = `A click on a node sets: ${endLabels[pick % endCount()]}`;
  }

  let drag: { name: string; start: Position; at: Position; moved: boolean; pointer: number } | undefined;
  let press: { hit: ReturnType<typeof hitTest>; at: Position } | undefined;

  svgHost.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    const at = toDrawing(ev);
    const hit = hitTest(at, positions, branches);
    press = { hit, at };
    if (hit.kind === 'node') {
      drag = { name: hit.name, start: positions.get(hit.name)!, at, moved: false, pointer: ev.pointerId };
      svgHost.setPointerCapture?.(ev.pointerId);
    }
    ev.preventDefault();
  });
  svgHost.addEventListener('pointermove', (ev) => {
    if (!drag || ev.pointerId !== drag.pointer) return;
    const at = toDrawing(ev);
    if (!drag.moved && Math.hypot(at.x - drag.at.x, at.y - drag.at.y) < 4) return;
    drag.moved = true;
    const temp = new Map(positions);
    temp.set(drag.name, { x: drag.start.x + at.x - drag.at.x, y: drag.start.y + at.y - drag.at.y });
    drawSvg(temp);
  });
  svgHost.addEventListener('pointerup', (ev) => {
    const at = toDrawing(ev);
    const d = drag;
    const p = press;
    drag = undefined;
    press = undefined;
    if (d?.moved) {
      commit(moveNode(doc, d.name, { x: Math.max(10, d.start.x + at.x - d.at.x), y: Math.max(10, d.start.y + at.y - d.at.y) }), { kind: 'node', name: d.name });
      return;
    }
    if (!p) return;
    if (p.hit.kind === 'node') clickNode(p.hit.name);
    else if (p.hit.kind === 'element') {
      const id = p.hit.id.replace(/#\d$/, '');
      select({ kind: 'element', id });
    } else {
      const { doc: next, name } = addNode(doc, p.at);
      commit(next, { kind: 'node', name });
    }
  });

  // keyboard: Enter or Space on a focused node or element selects it; arrows move a node; Delete removes
  svgHost.addEventListener('keydown', (ev) => {
    const target = (ev.target as Element).closest('[data-node],[data-element]');
    if (!target) return;
    const name = target.getAttribute('data-node');
    const id = target.getAttribute('data-element');
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      if (name !== null) clickNode(name);
      else if (id !== null) select({ kind: 'element', id });
      svgHost.querySelector<SVGElement>(name !== null ? `[data-node="${CSS.escape(name)}"]` : `[data-element="${CSS.escape(id!)}"]`)?.focus();
    } else if (name !== null && ev.key.startsWith('Arrow')) {
      ev.preventDefault();
      const p = positions.get(name)!;
      const dx = ev.key === 'ArrowLeft' ? -STEP : ev.key === 'ArrowRight' ? STEP : 0;
      const dy = ev.key === 'ArrowUp' ? -STEP : ev.key === 'ArrowDown' ? STEP : 0;
      commit(moveNode(doc, name, { x: Math.max(10, p.x + dx), y: Math.max(10, p.y + dy) }), { kind: 'node', name });
      svgHost.querySelector<SVGElement>(`[data-node="${CSS.escape(name)}"]`)?.focus();
    } else if (ev.key === 'Delete' || ev.key === 'Backspace') {
      ev.preventDefault();
      commit(name !== null ? deleteNode(doc, name) : deleteElement(doc, id!), undefined);
      svgHost.querySelector('svg')?.focus();
    }
  });

  node.addEventListener('keydown', (ev) => {
    const t = ev.target as HTMLElement;
    if (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA') return;
    if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === 'z') {
      ev.preventDefault();
      restore(ev.shiftKey ? history.redo() : history.undo());
    } else if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === 'y') {
      ev.preventDefault();
      restore(history.redo());
    }
  });
  undoButton.addEventListener('click', () => restore(history.undo()));
  redoButton.addEventListener('click', () => restore(history.redo()));
  addNodeButton.addEventListener('click', () => {
    const taken = [...positions.values()];
    let at = { x: 60, y: 60 };
    for (let k = 0; taken.some((p) => Math.hypot(p.x - at.x, p.y - at.y) < 40); k++) at = { x: 60 + 90 * ((k + 1) % 8), y: 60 + 90 * Math.floor((k + 1) / 8) };
    const { doc: next, name } = addNode(doc, at);
    commit(next, { kind: 'node', name });
  });
  kindSelect.addEventListener('change', () => {
    pick = pick % endCount();
    fillEnds();
  });
  addButton.addEventListener('click', () => {
    const [from, to, from2, to2] = endSelects.map((s) => s.value);
    if (!from || !to || (isTwoPort() && (!from2 || !to2))) {
      note.textContent = isTwoPort() ? 'Choose the two nodes of each port first.' : 'Choose its two nodes first (click them in the drawing).';
      return;
    }
    if (from === to || (isTwoPort() && from2 === to2)) {
      note.textContent = 'An element joins two different nodes.';
      return;
    }
    const element = newElement(doc, kindSelect.value, { from, to, from2, to2 });
    endSelects.forEach((s) => (s.value = ''));
    pick = 0;
    commit(addElement(doc, element), { kind: 'element', id: String(element.id) });
  });

  return {
    node,
    get active() {
      return active;
    },
    setActive(on) {
      active = on;
      node.hidden = !on;
      if (on) redraw();
    },
    typed(text) {
      history.typed(text);
      redraw(text);
    },
    loaded(text) {
      history.reset(text);
      selection = undefined;
      redraw(text);
    },
    refresh() {
      if (active && layoutOf(doc).size < nodesOf(doc).length) redraw();
    },
  };
}
