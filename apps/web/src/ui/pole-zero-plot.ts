/**
 * poleZeroPlot: the poles (×) and the zeros (○) of the model in the complex plane, as SVG: axes through the origin,
 * a symmetric square frame around every point, each mark carrying its coordinates (data-re, data-im) and a title.
 */
import type { ComplexValue } from '../engine/protocol';
import { svg } from './dom';

const SIZE = 300;
const PAD = 24;

const short = (v: number) => String(Number(v.toPrecision(5)));

export function poleZeroPlot(poles: readonly ComplexValue[], zeros: readonly { readonly pair: string; readonly z: ComplexValue }[]): SVGSVGElement {
  const all = [...poles, ...zeros.map((z) => z.z)];
  const extent = Math.max(1e-9, ...all.map((p) => Math.max(Math.abs(p.re), Math.abs(p.im)))) * 1.2;
  const x = (re: number) => PAD + ((re + extent) / (2 * extent)) * (SIZE - 2 * PAD);
  const y = (im: number) => SIZE - PAD - ((im + extent) / (2 * extent)) * (SIZE - 2 * PAD);
  const r = 5;
  const root = svg(
    'svg',
    { viewBox: `0 0 ${SIZE} ${SIZE}`, width: SIZE, height: SIZE, class: 'pole-zero', role: 'img', 'aria-label': `poles ${poles.map((p) => `${short(p.re)}${p.im < 0 ? '−' : '+'}${short(Math.abs(p.im))}j`).join(', ') || 'none'}; zeros ${zeros.length}`, 'data-extent': extent },
    svg('line', { x1: PAD, y1: y(0), x2: SIZE - PAD, y2: y(0), class: 'axis' }),
    svg('line', { x1: x(0), y1: PAD, x2: x(0), y2: SIZE - PAD, class: 'axis' }),
    svg('text', { x: SIZE - PAD, y: y(0) - 4, 'text-anchor': 'end', class: 'axis-label' }, 'Re'),
    svg('text', { x: x(0) + 4, y: PAD + 10, class: 'axis-label' }, 'Im'),
    svg('text', { x: SIZE - PAD, y: SIZE - 6, 'text-anchor': 'end', class: 'axis-label' }, `±${short(extent)}`),
  );
  for (const p of poles) {
    const cx = x(p.re);
    const cy = y(p.im);
    root.appendChild(
      svg('path', { d: `M${cx - r},${cy - r}L${cx + r},${cy + r}M${cx - r},${cy + r}L${cx + r},${cy - r}`, class: 'pole', 'data-re': p.re, 'data-im': p.im }, svg('title', {}, `pole ${short(p.re)} ${p.im < 0 ? '−' : '+'} ${short(Math.abs(p.im))}j`)),
    );
  }
  for (const { pair, z } of zeros) {
    root.appendChild(svg('circle', { cx: x(z.re), cy: y(z.im), r, class: 'zero', 'data-re': z.re, 'data-im': z.im, 'data-pair': pair }, svg('title', {}, `zero of ${pair}: ${short(z.re)} ${z.im < 0 ? '−' : '+'} ${short(Math.abs(z.im))}j`)));
  }
  return root;
}
