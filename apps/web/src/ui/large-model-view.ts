/**
 * renderLargeModel: a model above LARGE_STATES states — a sparsity picture per matrix and one virtualised
 * table of all nonzero entries (matrix, row, column, value), searchable by state, input or output name; the
 * triplets downloadable as CSV. Nothing is typeset per entry, so the cost is O(nnz) once and the rows in view.
 */
import type { LargeModelView } from '../engine/protocol';
import { el, replaceChildren } from './dom';
import { downloadText, safeFileName } from './download';
import { createSparsityPicture } from './sparsity-picture';
import { createVirtualList } from './virtual-list';
import { nextTask } from './task-steps';

const ROW_HEIGHT = 24;

export function renderLargeModel(host: HTMLElement, m: LargeModelView, systemName: string): void {
  const names = (key: string, axis: 'row' | 'col'): readonly string[] => {
    if (key === 'C' || key === 'D') return axis === 'row' ? m.outputs : key === 'C' ? m.states : m.inputs;
    return axis === 'row' ? m.states : key === 'B' ? m.inputs : m.states;
  };
  const keys = Object.keys(m.matrices);
  // the pictures are drawn one per task after the rest (each is O(nnz) on its canvas)
  const pictureRow = el('div', { class: 'sparsity-row' });
  const drawPictures = async () => {
    for (const k of keys.filter((key) => m.matrices[key].rows > 0 && m.matrices[key].cols > 0)) {
      await nextTask();
      if (!pictureRow.isConnected) return;
      const t0 = performance.now();
      pictureRow.appendChild(createSparsityPicture(k, m.matrices[k], names(k, 'row'), names(k, 'col')).node);
      performance.measure('sysgraph:picture', { start: t0 });
    }
    pictureRow.dataset.drawn = 'all';
  };
  // every entry as (matrix, index) in two typed arrays (entry e: matrix keys[which[e]], position at[e]), filtered
  // by a search into a list of entry numbers: no object per entry (a 5000-state model has ~25 000 of them)
  let total = 0;
  for (const k of keys) total += m.matrices[k].values.length;
  const which = new Uint8Array(total);
  const at = new Int32Array(total);
  for (let j = 0, e = 0; j < keys.length; j++) {
    const n = m.matrices[keys[j]].values.length;
    which.fill(j, e, e + n);
    for (let p = 0; p < n; p++) at[e + p] = p;
    e += n;
  }
  const everything = { length: total, entry: (k: number) => k };
  let shown: { readonly length: number; entry(k: number): number } = everything;
  const text = (e: number) => {
    const key = keys[which[e]];
    const mat = m.matrices[key];
    const p = at[e];
    return [key, names(key, 'row')[mat.rowIdx[p]], names(key, 'col')[mat.colIdx[p]], String(Number(mat.values[p].toPrecision(8)))];
  };
  const list = createVirtualList(
    (k) => {
      const [key, row, col, value] = text(shown.entry(k));
      return el('div', { class: 'entry-row', 'data-entry': `${key}:${row}:${col}` }, el('span', { class: 'entry-matrix' }, key), el('span', {}, row), el('span', {}, col), el('span', { class: 'entry-value' }, value));
    },
    ROW_HEIGHT,
    320,
    'nonzero entries of the model',
  );
  const search = el('input', { type: 'search', id: 'entry-search', placeholder: 'search a state, input or output name', 'aria-label': 'search the entries by name' });
  const count = el('span', { class: 'entry-count', id: 'entry-count' });
  search.addEventListener('input', () => {
    const q = search.value.trim().toLowerCase();
    if (q === '') shown = everything;
    else {
      const found: number[] = [];
      for (let e = 0; e < total; e++) if (text(e).slice(0, 3).some((s) => s.toLowerCase().includes(q))) found.push(e);
      shown = { length: found.length, entry: (k) => found[k] };
    }
    count.textContent = `${shown.length} of ${total} entries`;
    list.reset(shown.length);
  });
  const csv = el('button', { type: 'button', 'data-export': 'entries-csv' }, 'Entries (CSV)');
  csv.addEventListener('click', () => downloadText(`${safeFileName(systemName)}-entries.csv`, ['matrix,row,column,value', ...Array.from({ length: total }, (_, e) => text(e).join(','))].join('\n'), 'text/csv'));
  const form = m.form === 'descriptor' ? 'M x′ = A x + B u, y = C x + D u (the descriptor form the sparse solvers integrate; A = M⁻¹A is never formed)' : "x′ = A x + B u, y = C x + D u";
  replaceChildren(
    host,
    el('div', { class: 'model-caption', id: 'large-model', 'data-form': m.form, 'data-states': m.states.length }, `${m.states.length} states, ${m.inputs.length} input${m.inputs.length === 1 ? '' : 's'}, ${m.outputs.length} output${m.outputs.length === 1 ? '' : 's'}: too many to typeset. ${form}. Hover a picture for an entry; the wheel or + / − zooms.`),
    pictureRow,
    el('div', { class: 'entries-head' }, search, count, csv),
    el('div', { class: 'entry-row entry-header', 'aria-hidden': 'true' }, el('span', {}, 'matrix'), el('span', {}, 'row'), el('span', {}, 'column'), el('span', {}, 'value')),
    list.node,
  );
  count.textContent = `${total} entries`;
  list.reset(total);
  void drawPictures();
}
