/**
 * renderGraph: the linear graph as SVG — a node per circle (grounds with the ground symbol), an arc per branch
 * with its arrow (direction of positive through variable, from → to) and its element label, tree branches solid
 * and thick, links dashed, state-variable branches haloed, branch classes by colour, two-port ports joined by
 * a dotted coupling line. All text goes in as textContent.
 */
import type { GraphBranch, GraphDrawing } from '../engine/protocol';
import { el, svg } from './dom';
import { layoutGraph } from './graph-layout';
import { placeLabels } from './label-placement';
import type { BranchPath, Point } from './graph-layout';

export const CLASS_STYLE: Readonly<Record<string, { readonly colour: string; readonly name: string }>> = {
  E: { colour: '#c0392b', name: 'across source' },
  J: { colour: '#d35400', name: 'through source' },
  A: { colour: '#1f6fb2', name: 'A-type (capacitance, mass)' },
  T: { colour: '#1e8449', name: 'T-type (inductance, spring)' },
  D: { colour: '#5d6d7e', name: 'D-type (resistance, damper)' },
  TF: { colour: '#7d3c98', name: 'transformer port' },
  GY: { colour: '#a04000', name: 'gyrator port' },
};

const fmt = (v: number) => Number(v.toFixed(1));
const at = (p: Point, n: Point, k: number): Point => ({ x: p.x + n.x * k, y: p.y + n.y * k });

function branchPath(p: BranchPath): string {
  return `M ${fmt(p.from.x)} ${fmt(p.from.y)} Q ${fmt(p.control.x)} ${fmt(p.control.y)} ${fmt(p.to.x)} ${fmt(p.to.y)}`;
}

function arrowHead(p: BranchPath): string {
  const d = p.direction;
  const n = { x: -d.y, y: d.x };
  const tip = at(p.apex, d, 8);
  const back = at(p.apex, d, -6);
  const l = at(back, n, 6);
  const r = at(back, n, -6);
  return `M ${fmt(tip.x)} ${fmt(tip.y)} L ${fmt(l.x)} ${fmt(l.y)} L ${fmt(r.x)} ${fmt(r.y)} Z`;
}

function branchGroup(b: GraphBranch, p: BranchPath, showKind: boolean): SVGGElement {
  const style = CLASS_STYLE[b.cls] ?? CLASS_STYLE.D;
  const labelAt = p.label;
  const anchor = 'middle';
  const title = `${b.id}: ${b.kind} (${style.name}), ${b.from} → ${b.to}, ${b.inTree ? 'tree branch' : 'link'}${b.state ? ', state variable' : ''}${b.label ? ` — ${b.label}` : ''}`;
  return svg(
    'g',
    {
      class: `branch cls-${b.cls} ${b.inTree ? 'tree' : 'link'}${b.state ? ' state' : ''}`,
      'data-branch': b.id,
      'data-tree': b.inTree ? '1' : '0',
      'data-state': b.state ? '1' : '0',
    },
    svg('title', {}, title),
    b.state ? svg('path', { class: 'halo', d: branchPath(p) }) : null,
    svg('path', { class: 'wire', d: branchPath(p), stroke: style.colour }),
    svg('path', { class: 'arrow', d: arrowHead(p), fill: style.colour }),
    svg(
      'g',
      { class: 'label', 'data-label': `branch:${b.id}` },
      svg(
        'text',
        { class: 'branch-label', x: fmt(labelAt.x), y: fmt(showKind ? labelAt.y - 1 : labelAt.y + 4), 'text-anchor': anchor, fill: style.colour },
        b.id,
        b.state ? svg('tspan', { class: 'state-mark', dx: 2 }, '●') : null,
      ),
      showKind ? svg('text', { class: 'kind-label', x: fmt(labelAt.x), y: fmt(labelAt.y + 12), 'text-anchor': anchor }, b.kind.replace(/-/g, ' ')) : null,
    ),
  );
}

function groundSymbol(p: Point): SVGGElement {
  const y = p.y + 10;
  return svg(
    'g',
    { class: 'ground' },
    svg('line', { x1: p.x, y1: p.y + 5, x2: p.x, y2: y }),
    svg('line', { x1: p.x - 14, y1: y, x2: p.x + 14, y2: y }),
    svg('line', { x1: p.x - 9, y1: y + 5, x2: p.x + 9, y2: y + 5 }),
    svg('line', { x1: p.x - 4, y1: y + 10, x2: p.x + 4, y2: y + 10 }),
  );
}

export function renderGraph(container: HTMLElement, g: GraphDrawing): void {
  const layout = layoutGraph(g);
  const root = svg('svg', {
    class: 'linear-graph',
    viewBox: `0 0 ${fmt(layout.width)} ${fmt(layout.height)}`,
    // drawn at most at natural size: small graphs stay small, wide ones shrink to the card
    width: fmt(layout.width),
    height: fmt(layout.height),
    role: 'img',
    'aria-label': `linear graph with ${g.nodes.length} nodes and ${g.branches.length} branches`,
    'data-nodes': g.nodes.length,
    'data-branches': g.branches.length,
  });
  const domains = new Map<number, Set<string>>();
  g.nodes.forEach((n) => domains.set(n.component, domains.get(n.component) ?? new Set()));
  const compOfNode = new Map(g.nodes.map((n) => [n.name, n.component]));
  for (const b of g.branches) domains.get(compOfNode.get(b.from)!)?.add(b.domain);
  for (const c of layout.components) {
    const names = [...(domains.get(c.id) ?? [])].join(' / ');
    root.appendChild(svg('rect', { class: 'component', x: fmt(c.x0 - 20), y: 14, width: fmt(c.x1 - c.x0 + 40), height: fmt(layout.height - 24), rx: 10 }));
    root.appendChild(svg('g', { class: 'label fixed', 'data-label': `component:${c.id}` }, svg('text', { class: 'component-label', x: fmt(c.x0 - 8), y: 34 }, names)));
  }
  // two-port couplings under the branches
  for (const tp of g.twoPorts) {
    const a = layout.branches.get(tp.ports[0]);
    const b = layout.branches.get(tp.ports[1]);
    if (!a || !b) continue;
    // the arc's top stays below the components' captions
    const mid = { x: (a.apex.x + b.apex.x) / 2, y: Math.max(Math.min(a.apex.y, b.apex.y) - 36, 76) };
    root.appendChild(
      svg(
        'g',
        { class: 'coupling', 'data-two-port': tp.id },
        svg('title', {}, `${tp.id}: ${tp.kind}${tp.label ? ` — ${tp.label}` : ''}`),
        svg('path', { d: `M ${fmt(a.apex.x)} ${fmt(a.apex.y)} Q ${fmt(mid.x)} ${fmt(mid.y - 20)} ${fmt(b.apex.x)} ${fmt(b.apex.y)}` }),
        svg('g', { class: 'label', 'data-label': `two-port:${tp.id}` }, svg('text', { x: fmt(mid.x), y: fmt(mid.y - 16), 'text-anchor': 'middle' }, `${tp.id} (${tp.kind === 'transformer' ? 'TF' : 'GY'})`)),
      ),
    );
  }
  const branches = new Map(g.branches.map((b) => [b.id, b]));
  // links first, tree branches on top
  const ordered = [...g.branches].sort((x, y) => Number(x.inTree) - Number(y.inTree));
  for (const b of ordered) root.appendChild(branchGroup(branches.get(b.id)!, layout.branches.get(b.id)!, layout.showKinds));
  for (const n of g.nodes) {
    const p = layout.nodes.get(n.name)!;
    root.appendChild(
      svg(
        'g',
        { class: `node${n.ground ? ' ground-node' : ''}`, 'data-node': n.name },
        n.ground ? groundSymbol(p) : null,
        svg('circle', { cx: fmt(p.x), cy: fmt(p.y), r: 6 }),
        svg('g', { class: 'label', 'data-label': `node:${n.name}` }, svg('text', { class: 'node-label', x: fmt(p.x - 10), y: fmt(p.y - 10), 'text-anchor': 'end' }, n.name)),
      ),
    );
  }
  container.replaceChildren(root, graphLegend(new Set(g.branches.map((b) => b.cls))));
  placeLabels(root, layout.width, layout.height);
}

/** The legend: tree branch, link, state variable and the swatches of the classes present. */
export function graphLegend(present: ReadonlySet<string>): HTMLElement {
  const swatch = (cls: string) =>
    el('span', { class: 'legend-item' }, el('span', { class: 'swatch', style: `background:${CLASS_STYLE[cls].colour}` }), CLASS_STYLE[cls].name);
  return el(
    'div',
    { class: 'graph-legend' },
    el('span', { class: 'legend-item' }, el('span', { class: 'line-sample tree' }), 'tree branch'),
    el('span', { class: 'legend-item' }, el('span', { class: 'line-sample link' }), 'link'),
    el('span', { class: 'legend-item' }, el('span', { class: 'state-sample' }), 'state variable'),
    ...Object.keys(CLASS_STYLE).filter((c) => present.has(c)).map(swatch),
  );
}
