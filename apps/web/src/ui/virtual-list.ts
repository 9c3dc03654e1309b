/**
 * createVirtualList: a scrolling list of `count` rows of one height of which only the rows in view (and a
 * margin) are in the DOM — rows are built by `row(k)` as they scroll in, so a list of 10^5 entries costs what
 * its visible rows cost. A spacer of count · rowHeight px gives the scroll bar its true length.
 */
import { el } from './dom';

export interface VirtualList {
  readonly node: HTMLElement;
  /** A new row count (and rows): the view starts again at the top. */
  reset(count: number): void;
  /** Scroll so that row k is in view. */
  reveal(k: number): void;
}

const MARGIN = 8;

export function createVirtualList(row: (k: number) => HTMLElement, rowHeight: number, viewHeight: number, label: string): VirtualList {
  const inner = el('div', { class: 'virtual-inner', role: 'list' });
  const node = el('div', { class: 'virtual-list', tabindex: 0, 'aria-label': label, style: `height:${viewHeight}px` }, inner);
  let count = 0;
  let drawn = '';
  const draw = () => {
    const first = Math.max(0, Math.floor(node.scrollTop / rowHeight) - MARGIN);
    const last = Math.min(count, Math.ceil((node.scrollTop + viewHeight) / rowHeight) + MARGIN);
    const key = `${first}:${last}:${count}`;
    if (key === drawn) return;
    drawn = key;
    const rows: HTMLElement[] = [];
    for (let k = first; k < last; k++) {
      const r = row(k);
      r.style.top = `${k * rowHeight}px`;
      r.style.height = `${rowHeight}px`;
      r.classList.add('virtual-row');
      r.setAttribute('role', 'listitem');
      rows.push(r);
    }
    inner.replaceChildren(...rows);
  };
  node.addEventListener('scroll', () => requestAnimationFrame(draw), { passive: true });
  return {
    node,
    reset(n) {
      count = n;
      drawn = '';
      inner.style.height = `${n * rowHeight}px`;
      node.dataset.count = String(n);
      node.scrollTop = 0;
      draw();
    },
    reveal(k) {
      node.scrollTop = Math.max(0, k * rowHeight - viewHeight / 2);
      draw();
    },
  };
}
