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
  // whether the list may be scrolled away from the top: reading or writing scrollTop forces the page's style
  // and layout in the task (a list reset as an answer's DOM is built would lay out all of that DOM there), so a
  // list that has never scrolled is drawn from the top without touching it
  let moved = false;
  const draw = (top = moved ? node.scrollTop : 0) => {
    const first = Math.max(0, Math.floor(top / rowHeight) - MARGIN);
    const last = Math.min(count, Math.ceil((top + viewHeight) / rowHeight) + MARGIN);
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
  node.addEventListener(
    'scroll',
    () => {
      moved = true;
      requestAnimationFrame(() => draw());
    },
    { passive: true },
  );
  return {
    node,
    reset(n) {
      count = n;
      drawn = '';
      inner.style.height = `${n * rowHeight}px`;
      node.dataset.count = String(n);
      if (moved) node.scrollTop = 0;
      moved = false;
      draw(0);
    },
    reveal(k) {
      node.scrollTop = Math.max(0, k * rowHeight - viewHeight / 2);
      moved = true;
      // the position as the browser clamped it (a user's action: the layout it forces is expected)
      draw();
    },
  };
}
