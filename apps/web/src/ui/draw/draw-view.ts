/**
 * renderDrawing: the editable picture of a description document — a node per circle (grounds marked), a
 * branch per element end pair (a two-port's two ports joined by a dotted coupling), parallel branches fanned
 * out, the selection highlighted. Drawn from the document itself (not the engine's answer), so that a
 * half-built graph the engine refuses still shows. Every node and element is a focusable group with
 * role="button" and a name; positions come from the layout given (metadata, else automatic).
 */
import { elementKind } from '@sysgraph/description';
import { svg } from '../dom';
import { CLASS_STYLE } from '../graph-view';
import { elementsOf, endsOf, groundsOf } from './doc-model';
import type { JsonObject, Position } from './doc-model';
import type { DrawnBranch } from './hit-test';

export type Selection = { readonly kind: 'node'; readonly name: string } | { readonly kind: 'element'; readonly id: string } | undefined;

const FAN = 40;
const fmt = (v: number) => Number(v.toFixed(1));

export function classOf(kind: unknown, port?: number): string {
  const info = typeof kind === 'string' ? elementKind(kind) : undefined;
  if (!info) return 'D';
  if (info.family === 'two-port') return info.kind === 'gyrator' || info.aliasOf === 'gyrator' ? 'GY' : 'TF';
  return 'type' in info ? info.type : port !== undefined ? 'TF' : 'T';
}

/** Each branch's curve: parallel branches between one pair of nodes fan out around the straight line. */
export function branchCurves(doc: JsonObject, positions: ReadonlyMap<string, Position>): (DrawnBranch & { element: string; port?: number; apex: Position })[] {
  const all = elementsOf(doc).flatMap((e) => endsOf(e).map((b) => ({ element: String(e.id), port: b.port, from: b.from, to: b.to })));
  const groups = new Map<string, number[]>();
  all.forEach((b, k) => {
    const key = [b.from, b.to].sort().join('\u0000');
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(k);
  });
  const out: (DrawnBranch & { element: string; port?: number; apex: Position })[] = [];
  for (const ks of groups.values()) {
    ks.forEach((k, j) => {
      const b = all[k];
      const p = positions.get(b.from);
      const q = positions.get(b.to);
      if (!p || !q) return;
      const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      // the pair's normal, one way for both directions of a pair
      const sign = b.from < b.to ? 1 : -1;
      const n = { x: (-(q.y - p.y) / len) * sign, y: ((q.x - p.x) / len) * sign };
      const offset = (j - (ks.length - 1) / 2) * FAN;
      const mid = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
      const id = b.port === undefined ? b.element : `${b.element}#${b.port + 1}`;
      out.push({ id, element: b.element, port: b.port, from: p, to: q, control: { x: mid.x + 2 * n.x * offset, y: mid.y + 2 * n.y * offset }, apex: { x: mid.x + n.x * offset, y: mid.y + n.y * offset } });
    });
  }
  return out;
}

export interface DrawingOptions {
  readonly width: number;
  readonly height: number;
  readonly selection: Selection;
}

export function renderDrawing(doc: JsonObject, positions: ReadonlyMap<string, Position>, o: DrawingOptions): { root: SVGSVGElement; branches: DrawnBranch[] } {
  const root = svg('svg', {
    class: 'draw-canvas',
    viewBox: `0 0 ${fmt(o.width)} ${fmt(o.height)}`,
    role: 'group',
    'aria-label': 'drawing of the linear graph: click empty space to add a node, a node or an element to select it',
  });
  root.appendChild(svg('rect', { class: 'draw-background', x: 0, y: 0, width: fmt(o.width), height: fmt(o.height) }));
  const curves = branchCurves(doc, positions);
  const kinds = new Map(elementsOf(doc).map((e) => [String(e.id), String(e.kind)]));
  // two-port couplings first, under the branches
  const ports = new Map<string, Position[]>();
  for (const c of curves) if (c.port !== undefined) (ports.get(c.element) ?? ports.set(c.element, []).get(c.element)!).push(c.apex);
  for (const [id, [a, b]] of ports) if (a && b) root.appendChild(svg('path', { class: 'draw-coupling', 'data-coupling': id, d: `M ${fmt(a.x)} ${fmt(a.y)} L ${fmt(b.x)} ${fmt(b.y)}` }));
  for (const c of curves) {
    const cls = classOf(kinds.get(c.element), c.port);
    const colour = (CLASS_STYLE[cls] ?? CLASS_STYLE.D).colour;
    const selected = o.selection?.kind === 'element' && o.selection.id === c.element;
    const d = `M ${fmt(c.from.x)} ${fmt(c.from.y)} Q ${fmt(c.control.x)} ${fmt(c.control.y)} ${fmt(c.to.x)} ${fmt(c.to.y)}`;
    const label = c.port === undefined ? c.element : `${c.element} ${c.port + 1}`;
    // the arrow (from → to) at the apex; the label beside it, on the outer side of a fan
    const len = Math.hypot(c.to.x - c.from.x, c.to.y - c.from.y) || 1;
    const dir = { x: (c.to.x - c.from.x) / len, y: (c.to.y - c.from.y) / len };
    const tip = { x: c.apex.x + dir.x * 7, y: c.apex.y + dir.y * 7 };
    const back = { x: c.apex.x - dir.x * 5, y: c.apex.y - dir.y * 5 };
    const arrow = `M ${fmt(tip.x)} ${fmt(tip.y)} L ${fmt(back.x - dir.y * 5)} ${fmt(back.y + dir.x * 5)} L ${fmt(back.x + dir.y * 5)} ${fmt(back.y - dir.x * 5)} Z`;
    const mid = { x: (c.from.x + c.to.x) / 2, y: (c.from.y + c.to.y) / 2 };
    const out = { x: c.apex.x - mid.x, y: c.apex.y - mid.y };
    const outLen = Math.hypot(out.x, out.y);
    const side = outLen > 1 ? { x: out.x / outLen, y: out.y / outLen } : { x: Math.abs(dir.y), y: -Math.abs(dir.x) };
    const labelAt = { x: c.apex.x + side.x * 12, y: c.apex.y + side.y * 12 + 4 };
    const anchor = side.x > 0.3 ? 'start' : side.x < -0.3 ? 'end' : 'middle';
    root.appendChild(
      svg(
        'g',
        { class: `draw-branch${selected ? ' selected' : ''}`, 'data-element': c.element, 'data-port': c.port, tabindex: 0, role: 'button', 'aria-pressed': selected ? 'true' : 'false', 'aria-label': `element ${label}: ${kinds.get(c.element)}` },
        svg('path', { class: 'hit', d }),
        svg('path', { class: 'wire', d, stroke: colour }),
        svg('path', { class: 'arrow', d: arrow, fill: colour }),
        svg('text', { class: 'draw-label', x: fmt(labelAt.x), y: fmt(labelAt.y), 'text-anchor': anchor }, label),
      ),
    );
  }
  const grounds = new Set(groundsOf(doc));
  for (const [name, p] of positions) {
    const selected = o.selection?.kind === 'node' && o.selection.name === name;
    root.appendChild(
      svg(
        'g',
        { class: `draw-node${grounds.has(name) ? ' ground' : ''}${selected ? ' selected' : ''}`, 'data-node': name, 'data-x': fmt(p.x), 'data-y': fmt(p.y), tabindex: 0, role: 'button', 'aria-pressed': selected ? 'true' : 'false', 'aria-label': `node ${name}${grounds.has(name) ? ' (ground)' : ''}` },
        grounds.has(name) ? svg('path', { class: 'ground-mark', d: `M ${fmt(p.x - 12)} ${fmt(p.y + 14)} L ${fmt(p.x + 12)} ${fmt(p.y + 14)} M ${fmt(p.x - 7)} ${fmt(p.y + 19)} L ${fmt(p.x + 7)} ${fmt(p.y + 19)}` }) : null,
        svg('circle', { cx: fmt(p.x), cy: fmt(p.y), r: 8 }),
        svg('text', { class: 'draw-node-label', x: fmt(p.x - 11), y: fmt(p.y - 11), 'text-anchor': 'end' }, name),
      ),
    );
  }
  return { root, branches: curves };
}
