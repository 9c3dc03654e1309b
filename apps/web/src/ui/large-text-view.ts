/**
 * createLargeTextView: the editor's large-text mode — a description too long for the textarea to lay out in one
 * frame (a textarea lays out all of its text: about 1 s for 0.7 MB on this machine) shown read-only as
 * numbered lines of which only those in view are in the DOM. Line starts are found once (O(n) over the text);
 * each scroll builds the ~40 visible rows. Lines with errors are marked; reveal(line) scrolls one into view.
 */
import { el } from './dom';

export interface LargeTextView {
  readonly node: HTMLElement;
  show(text: string): void;
  markErrors(lines: ReadonlySet<number>): void;
  reveal(line: number): void;
  readonly lineCount: () => number;
}

const MARGIN = 10;

/** The number of lines of a text (one more than its '\n'), without splitting it. */
export function countLines(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** Offsets where each line starts (and text.length + 1 past the last), without splitting the text. */
export function lineStarts(text: string): Uint32Array {
  const count = countLines(text);
  const starts = new Uint32Array(count + 1);
  let k = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
  starts[count] = text.length + 1;
  return starts;
}

export function createLargeTextView(rowHeight: number, label: string): LargeTextView {
  const inner = el('div', { class: 'large-text-inner' });
  const node = el('div', { class: 'large-text', id: 'large-text', tabindex: 0, role: 'region', 'aria-label': label }, inner);
  let text = '';
  let starts: Uint32Array = new Uint32Array([0, 1]);
  let errors: ReadonlySet<number> = new Set();
  let drawn = '';
  const count = () => starts.length - 1;
  const draw = () => {
    const view = node.clientHeight || 480;
    const first = Math.max(0, Math.floor(node.scrollTop / rowHeight) - MARGIN);
    const last = Math.min(count(), Math.ceil((node.scrollTop + view) / rowHeight) + MARGIN);
    const key = `${first}:${last}:${count()}:${[...errors].join(',')}`;
    if (key === drawn) return;
    drawn = key;
    const rows: HTMLElement[] = [];
    for (let k = first; k < last; k++) {
      const line = text.slice(starts[k], starts[k + 1] - 1);
      rows.push(el('div', { class: `large-text-row${errors.has(k + 1) ? ' error' : ''}`, style: `top:${k * rowHeight}px;height:${rowHeight}px`, 'data-line': k + 1 }, el('span', { class: 'large-text-number', 'aria-hidden': 'true' }, k + 1), el('span', { class: 'large-text-line' }, line)));
    }
    inner.replaceChildren(...rows);
  };
  node.addEventListener('scroll', () => requestAnimationFrame(draw), { passive: true });
  return {
    node,
    show(t) {
      text = t;
      starts = lineStarts(t);
      drawn = '';
      inner.style.height = `${count() * rowHeight}px`;
      node.dataset.lines = String(count());
      node.scrollTop = 0;
      draw();
    },
    markErrors(lines) {
      errors = lines;
      draw();
    },
    reveal(line) {
      node.scrollTop = Math.max(0, (line - 1) * rowHeight - (node.clientHeight || 480) / 2);
      draw();
    },
    lineCount: count,
  };
}
