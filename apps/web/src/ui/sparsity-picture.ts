/**
 * createSparsityPicture: a matrix's nonzero pattern on a canvas — each entry a cell coloured by its sign and
 * magnitude (blue negative, red positive, darker for larger |a_ij| on a log scale), zoomed with the wheel or
 * the buttons around the cell under the pointer, panned by dragging; hovering names the entry (row, column,
 * value). Drawing is O(nnz) per frame; the lookup under the pointer is a binary search in the row-major
 * entries, O(log nnz).
 */
import type { SparseMatrixView } from '../engine/protocol';
import { el } from './dom';

export interface SparsityPicture {
  readonly node: HTMLElement;
}

/** The canvas's side in pixels. */
export const SIZE = 360;
/** Shades of each sign's colour: alpha 0.35 … 1 on the log scale of |a_ij|. */
export const SHADES = 16;

/**
 * The shade of |a| among the nonzero magnitudes [min, max]: round((SHADES − 1) · ln(|a|/min) / ln(max/min)),
 * 0 … SHADES − 1 (alpha 0.35 … 1); the darkest when all magnitudes are equal; clamped outside [min, max].
 */
export function shadeOf(a: number, min: number, max: number): number {
  if (!(max > min)) return SHADES - 1;
  const t = Math.log(a / min) / Math.log(max / min);
  return Number.isFinite(t) ? Math.min(SHADES - 1, Math.max(0, Math.round((SHADES - 1) * t))) : 0;
}

/** The index of entry (i, j) in row-major order, or −1. */
export function findEntry(m: SparseMatrixView, i: number, j: number): number {
  let lo = 0;
  let hi = m.values.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = m.rowIdx[mid];
    const c = m.colIdx[mid];
    if (r === i && c === j) return mid;
    if (r < i || (r === i && c < j)) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * The darkest shade (1 + shadeOf, 0 for none) of the entries falling in each canvas pixel, positive entries in
 * the first SIZE² cells, negative ones in the next SIZE² (row-major pixels), at cell size h (< 1 pixel) and
 * offset (r0, c0). O(nnz + SIZE²).
 */
export function pixelShades(m: SparseMatrixView, h: number, r0: number, c0: number, shade: (a: number) => number): Uint8Array {
  const darkest = new Uint8Array(2 * SIZE * SIZE);
  for (let p = 0; p < m.values.length; p++) {
    const x = Math.floor((m.colIdx[p] - c0) * h);
    const y = Math.floor((m.rowIdx[p] - r0) * h);
    if (x < 0 || y < 0 || x >= SIZE || y >= SIZE) continue;
    const v = m.values[p];
    const q = (v < 0 ? SIZE * SIZE : 0) + y * SIZE + x;
    const d = 1 + shade(Math.abs(v));
    if (d > darkest[q]) darkest[q] = d;
  }
  return darkest;
}

export function createSparsityPicture(name: string, m: SparseMatrixView, rowNames: readonly string[], colNames: readonly string[]): SparsityPicture {
  const canvas = el('canvas', { class: 'sparsity', width: SIZE, height: SIZE, role: 'img', 'aria-label': `sparsity of ${name}: ${m.rows} × ${m.cols}, ${m.values.length} nonzero entries` });
  const readout = el('div', { class: 'sparsity-readout', 'aria-live': 'polite' }, `${name}: ${m.rows} × ${m.cols}, ${m.values.length} nonzero`);
  const zoomIn = el('button', { type: 'button', 'aria-label': `zoom into ${name}` }, '+');
  const zoomOut = el('button', { type: 'button', 'aria-label': `zoom out of ${name}` }, '−');
  const node = el('figure', { class: 'sparsity-figure', 'data-sparsity': name, 'data-nnz': m.values.length }, el('figcaption', {}, name, ' ', zoomIn, zoomOut), canvas, readout);
  const ctx = canvas.getContext('2d');
  let maxAbs = 0;
  let minAbs = Infinity;
  for (const v of m.values) {
    const a = Math.abs(v);
    if (a > maxAbs) maxAbs = a;
    if (a > 0 && a < minAbs) minAbs = a;
  }
  const shade = (a: number) => shadeOf(a, minAbs, maxAbs);
  // the view: entries [r0, r0 + extent) × [c0, c0 + extent·cols/rows) on the canvas
  const size = Math.max(m.rows, m.cols, 1);
  let zoom = 1;
  let r0 = 0;
  let c0 = 0;
  const cell = () => (SIZE / size) * zoom;
  const draw = () => {
    if (!ctx) return;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, SIZE, SIZE);
    ctx.strokeStyle = '#d0d5dd';
    const h = cell();
    ctx.strokeRect(0.5 - c0 * h, 0.5 - r0 * h, m.cols * h, m.rows * h);
    // at least two canvas pixels a cell: a lone entry of a 1024 × 1 column stays visible
    const w = Math.max(2, h);
    // the cells gathered into one path per sign and shade (SHADES steps of the log scale), each filled once: a
    // fillStyle per entry (a colour string parsed each time) made the 5000-state ladder's pictures one task of
    // 118 ms of fillRect in a profile
    const paths: (Path2D | undefined)[] = new Array(2 * SHADES);
    if (h >= 1) {
      for (let p = 0; p < m.values.length; p++) {
        const x = (m.colIdx[p] - c0) * h;
        const y = (m.rowIdx[p] - r0) * h;
        if (x < -w || y < -w || x > SIZE || y > SIZE) continue;
        const v = m.values[p];
        const k = (v < 0 ? SHADES : 0) + shade(Math.abs(v));
        (paths[k] ??= new Path2D()).rect(x, y, w, w);
      }
    } else {
      // cells smaller than a pixel (a matrix of more than SIZE rows at this zoom): the entries binned per canvas
      // pixel first, each pixel drawn once per sign in the darkest shade of its entries — at most SIZE² cells
      // instead of one rectangle per entry (the 15 000 overlapping rectangles of a 5000-state ladder's matrix
      // were one task of 141 ms at load 9)
      const darkest = pixelShades(m, h, r0, c0, shade);
      for (let q = 0; q < darkest.length; q++) {
        const d = darkest[q];
        if (d === 0) continue;
        const sign = q < SIZE * SIZE ? 0 : SHADES;
        const px = q % (SIZE * SIZE);
        (paths[sign + d - 1] ??= new Path2D()).rect(px % SIZE, Math.floor(px / SIZE), w, w);
      }
    }
    for (let k = 0; k < paths.length; k++) {
      const path = paths[k];
      if (!path) continue;
      const t = 0.35 + (0.65 * (k % SHADES)) / (SHADES - 1);
      ctx.fillStyle = k >= SHADES ? `rgba(31, 86, 196, ${t})` : `rgba(196, 40, 40, ${t})`;
      ctx.fill(path);
    }
  };
  const at = (e: MouseEvent) => {
    const rect = canvas.getBoundingClientRect();
    const h = cell();
    return { i: Math.floor(((e.clientY - rect.top) * (SIZE / rect.height)) / h + r0), j: Math.floor(((e.clientX - rect.left) * (SIZE / rect.width)) / h + c0) };
  };
  const setZoom = (z: number, i: number, j: number) => {
    const nz = Math.min(Math.max(1, z), Math.max(1, size / 4));
    const extent = size / nz;
    r0 = Math.min(Math.max(0, i - extent / 2), Math.max(0, size - extent));
    c0 = Math.min(Math.max(0, j - extent / 2), Math.max(0, size - extent));
    if (nz === 1) r0 = c0 = 0;
    zoom = nz;
    canvas.dataset.zoom = String(zoom);
    draw();
  };
  canvas.addEventListener('mousemove', (e) => {
    const { i, j } = at(e);
    if (i < 0 || j < 0 || i >= m.rows || j >= m.cols) return;
    const k = findEntry(m, i, j);
    const value = k < 0 ? 0 : m.values[k];
    readout.textContent = `${name}[${rowNames[i] ?? i + 1}, ${colNames[j] ?? j + 1}] = ${k < 0 ? '0' : String(Number(value.toPrecision(6)))}  (row ${i + 1}, column ${j + 1})`;
    readout.dataset.row = String(i);
    readout.dataset.col = String(j);
    readout.dataset.value = String(value);
  });
  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      const { i, j } = at(e);
      setZoom(zoom * (e.deltaY < 0 ? 2 : 0.5), i, j);
    },
    { passive: false },
  );
  zoomIn.addEventListener('click', () => setZoom(zoom * 2, r0 + size / zoom / 2, c0 + size / zoom / 2));
  zoomOut.addEventListener('click', () => setZoom(zoom / 2, r0 + size / zoom / 2, c0 + size / zoom / 2));
  draw();
  return { node };
}
