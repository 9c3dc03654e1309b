/**
 * attachSplitter: the editor's width, dragged by a handle on its right edge (pointer) or moved with the arrow
 * keys (Home / End: narrowest / widest). The width is the grid's first column, --editor-width on the layout,
 * kept between MIN_WIDTH and the layout's width less MIN_RESULTS; on a narrow screen (one column) it is unused.
 */
export const MIN_WIDTH = 280;
export const MIN_RESULTS = 360;
const STEP = 24;

export function attachSplitter(handle: HTMLElement, layout: HTMLElement, pane: HTMLElement): void {
  const bounds = () => ({ lo: MIN_WIDTH, hi: Math.max(MIN_WIDTH, layout.clientWidth - MIN_RESULTS) });
  const set = (px: number) => {
    const { lo, hi } = bounds();
    const w = Math.round(Math.min(hi, Math.max(lo, px)));
    layout.style.setProperty('--editor-width', `${w}px`);
    handle.setAttribute('aria-valuenow', String(w));
    handle.setAttribute('aria-valuemin', String(lo));
    handle.setAttribute('aria-valuemax', String(hi));
  };
  // a focusable separator carries its value (ARIA): the current width until it is moved
  const initial = () => {
    const { lo, hi } = bounds();
    handle.setAttribute('aria-valuenow', String(Math.round(pane.getBoundingClientRect().width)));
    handle.setAttribute('aria-valuemin', String(lo));
    handle.setAttribute('aria-valuemax', String(hi));
  };
  initial();
  new ResizeObserver(initial).observe(pane);
  handle.addEventListener('pointerdown', (e) => {
    e.preventDefault();
    handle.setPointerCapture(e.pointerId);
    const left = pane.getBoundingClientRect().left;
    const move = (ev: PointerEvent) => set(ev.clientX - left);
    const up = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', up);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', up);
  });
  handle.addEventListener('keydown', (e) => {
    const w = pane.getBoundingClientRect().width;
    const { lo, hi } = bounds();
    const next = e.key === 'ArrowLeft' ? w - STEP : e.key === 'ArrowRight' ? w + STEP : e.key === 'Home' ? lo : e.key === 'End' ? hi : undefined;
    if (next === undefined) return;
    e.preventDefault();
    set(next);
  });
}
