/**
 * layoutGraph: deterministic positions for the linear graph. Each connected component is laid out in layers
 * by breadth-first distance from its ground (ground at the bottom, as textbooks draw linear graphs), nodes in a
 * layer ordered by the barycentre heuristic of Sugiyama, Tagawa & Toda (1981) with first appearance as the
 * tie-break. Parallel branches between one pair of nodes fan out as arcs, spaced for their labels. Components
 * are then placed side by side, in order of first appearance, each as wide as its drawing.
 * Cost O(sweeps · (N + B) log N).
 */
import type { GraphDrawing } from '../engine/protocol';

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface BranchPath {
  readonly id: string;
  readonly from: Point;
  readonly to: Point;
  /** Control point of the quadratic Bézier from → to. */
  readonly control: Point;
  /** The curve's midpoint (where the arrow goes) and the unit normal pointing outwards. */
  readonly apex: Point;
  readonly normal: Point;
  /** Where the label's centre goes: beside the apex, in the gap towards the next branch of a fan. */
  readonly label: Point;
  /** Unit direction from → to at the apex. */
  readonly direction: Point;
}

export interface GraphLayout {
  readonly width: number;
  readonly height: number;
  readonly nodes: ReadonlyMap<string, Point>;
  readonly branches: ReadonlyMap<string, BranchPath>;
  /** Kinds are written under the labels of small graphs only (dense ones keep them in the tooltips). */
  readonly showKinds: boolean;
  /** Components in drawing order: their horizontal extent and ground node. */
  readonly components: readonly { readonly id: number; readonly x0: number; readonly x1: number; readonly ground: string }[];
}

const COLUMN = 150;
const LAYER = 120;
const MARGIN = 60;
const GAP = 70;
const FAN = 44;
/** Largest graph whose branch labels carry their kind on a second line. */
export const MAX_BRANCHES_WITH_KINDS = 10;

/** Approximate width of a branch label (id at 13.5 px semibold over its kind at 10.5 px) for spacing. */
export const labelWidth = (id: string, kind = ''): number => Math.max(8.2 * id.length + 18, 6.2 * kind.length + 12);

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Layers of one component by distance from its ground, ordered by barycentre sweeps. */
function layerComponent(members: readonly string[], ground: string, neighbours: ReadonlyMap<string, ReadonlySet<string>>, order: ReadonlyMap<string, number>): { layers: string[][]; slot: Map<string, number> } {
  const depth = new Map<string, number>([[ground, 0]]);
  const queue = [ground];
  for (let q = 0; q < queue.length; q++) {
    const u = queue[q];
    const next = [...(neighbours.get(u) ?? [])].sort((a, b) => order.get(a)! - order.get(b)!);
    for (const v of next) {
      if (!depth.has(v)) {
        depth.set(v, depth.get(u)! + 1);
        queue.push(v);
      }
    }
  }
  const layers: string[][] = [];
  for (const n of members) (layers[depth.get(n) ?? 1] ??= []).push(n);
  for (let d = 0; d < layers.length; d++) layers[d] ??= [];
  const slot = new Map<string, number>();
  const place = (d: number) => layers[d].forEach((n, i) => slot.set(n, i - (layers[d].length - 1) / 2));
  layers.forEach((_, d) => place(d));
  // barycentre sweeps, down then up: a node moves to the mean slot of its neighbours in the adjacent layer
  for (let sweep = 0; sweep < 4; sweep++) {
    const down = sweep % 2 === 0;
    const range = layers.map((_, d) => d).slice(1);
    for (const d of down ? range : range.reverse()) {
      const ref = new Set(layers[down ? d - 1 : d + 1] ?? []);
      const bary = (n: string) => {
        const adj = [...(neighbours.get(n) ?? [])].filter((m) => ref.has(m));
        return adj.length === 0 ? slot.get(n)! : adj.reduce((s, m) => s + slot.get(m)!, 0) / adj.length;
      };
      const keyed = layers[d].map((n) => ({ n, b: bary(n), p: slot.get(n)!, o: order.get(n)! }));
      keyed.sort((a, b) => a.b - b.b || a.p - b.p || a.o - b.o);
      layers[d] = keyed.map((k) => k.n);
      place(d);
    }
  }
  return { layers, slot };
}

export function layoutGraph(g: GraphDrawing): GraphLayout {
  const order = new Map(g.nodes.map((n, i) => [n.name, i]));
  const byId = new Map(g.branches.map((b) => [b.id, b]));
  const neighbours = new Map<string, Set<string>>(g.nodes.map((n) => [n.name, new Set<string>()]));
  for (const b of g.branches) {
    if (b.from === b.to) continue;
    neighbours.get(b.from)?.add(b.to);
    neighbours.get(b.to)?.add(b.from);
  }
  const componentOf = new Map(g.nodes.map((n) => [n.name, n.component]));
  const showKinds = g.branches.length <= MAX_BRANCHES_WITH_KINDS;
  const widthOf = (id: string) => labelWidth(id, showKinds ? byId.get(id)!.kind : '');
  const componentIds = [...new Set(g.nodes.map((n) => n.component))];

  // parallel branches by node pair; a component with wide fans gets wider columns so that fans do not overlap
  const groups = new Map<string, string[]>();
  for (const b of g.branches) {
    const key = [b.from, b.to].sort().join('\u0000');
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(b.id);
  }
  const column = new Map<number, number>(componentIds.map((c) => [c, COLUMN]));
  for (const ids of groups.values()) {
    if (ids.length < 2) continue;
    const c = componentOf.get(byId.get(ids[0])!.from)!;
    const spread = (ids.length - 1) * Math.max(FAN, ...ids.map((id) => widthOf(id) + 24));
    column.set(c, Math.max(column.get(c)!, spread * 0.75 + 60));
  }

  // pass 1: every component around x = 0, the grounds on one baseline
  const local = new Map<string, Mutable<Point>>();
  const grounds = new Map<number, string>();
  let maxDepth = 1;
  for (const c of componentIds) {
    const members = g.nodes.filter((n) => n.component === c).map((n) => n.name);
    const ground = g.nodes.find((n) => n.component === c && n.ground)?.name ?? members[0];
    grounds.set(c, ground);
    const { layers, slot } = layerComponent(members, ground, neighbours, order);
    maxDepth = Math.max(maxDepth, layers.length - 1);
    layers.forEach((layer, d) => layer.forEach((n) => local.set(n, { x: slot.get(n)! * column.get(c)!, y: -d * LAYER })));
  }
  const centroid = new Map<number, Point>();
  for (const c of componentIds) {
    const pts = g.nodes.filter((n) => n.component === c).map((n) => local.get(n.name)!);
    centroid.set(c, { x: pts.reduce((s, p) => s + p.x, 0) / pts.length, y: pts.reduce((s, p) => s + p.y, 0) / pts.length });
  }

  // branches: parallel ones fan out symmetrically around the straight line between their nodes
  const paths = new Map<string, BranchPath>();
  for (const [key, ids] of groups) {
    const [a, b] = key.split('\u0000');
    const pa = local.get(a)!;
    const pb = local.get(b)!;
    const dx = pb.x - pa.x;
    const dy = pb.y - pa.y;
    const len = Math.hypot(dx, dy) || 1;
    // the pair's normal, pointing up (or right), so that fans are drawn the same way every time
    let nx = -dy / len;
    let ny = dx / len;
    if (ny > 0 || (ny === 0 && nx < 0)) {
      nx = -nx;
      ny = -ny;
    }
    // same layer and not adjacent: bow upwards to pass over the nodes between
    const between = Math.abs(dy) < 1 && Math.abs(dx) > column.get(componentOf.get(a)!)! * 1.2 ? 40 + Math.abs(dx) * 0.12 : 0;
    // a fan whose labels sit side by side (normal across the page) needs room for its longest label
    const fan = ids.length > 1 && Math.abs(nx) > 0.5 ? Math.max(FAN, ...ids.map((id) => widthOf(id) + 24)) : FAN;
    ids.forEach((id, j) => {
      const br = byId.get(id)!;
      const offset = between + (j - (ids.length - 1) / 2) * fan;
      const from = local.get(br.from)!;
      const to = local.get(br.to)!;
      const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
      const apex = { x: mid.x + nx * offset, y: mid.y + ny * offset };
      const control = { x: mid.x + 2 * nx * offset, y: mid.y + 2 * ny * offset };
      const tl = Math.hypot(to.x - from.x, to.y - from.y) || 1;
      let side = offset < 0 ? -1 : 1;
      if (offset === 0) {
        const c = centroid.get(componentOf.get(br.from)!)!;
        if (nx * (apex.x - c.x) + ny * (apex.y - c.y) < -1e-6) side = -1;
      }
      const normal = { x: nx * side, y: ny * side };
      // in a fan every label goes half a step to the same side (into its own gap); a lone branch's label
      // goes beside it, away from the centre of its component
      const label =
        ids.length > 1
          ? { x: apex.x + (nx * fan) / 2, y: apex.y + (ny * fan) / 2 }
          : { x: apex.x + normal.x * (Math.abs(normal.x) > 0.5 ? 10 + widthOf(id) / 2 : 22), y: apex.y + normal.y * 22 };
      paths.set(id, { id, from, to, control, apex, normal, label, direction: { x: (to.x - from.x) / tl, y: (to.y - from.y) / tl } });
    });
  }

  // pass 2: components side by side, each as wide as its nodes, arcs and labels
  const extent = new Map<number, { min: number; max: number }>(componentIds.map((c) => [c, { min: Infinity, max: -Infinity }]));
  const widen = (c: number, x0: number, x1: number) => {
    const e = extent.get(c)!;
    e.min = Math.min(e.min, x0);
    e.max = Math.max(e.max, x1);
  };
  for (const n of g.nodes) widen(n.component, local.get(n.name)!.x - 30, local.get(n.name)!.x + 30);
  for (const p of paths.values()) {
    const c = componentOf.get(byId.get(p.id)!.from)!;
    const half = widthOf(p.id) / 2;
    widen(c, Math.min(p.apex.x, p.label.x - half), Math.max(p.apex.x, p.label.x + half));
  }
  const shift = new Map<number, number>();
  const components: { id: number; x0: number; x1: number; ground: string }[] = [];
  let cursor = MARGIN;
  for (const c of componentIds) {
    const e = extent.get(c)!;
    const width = Math.max(e.max - e.min, 200);
    const x0 = cursor;
    shift.set(c, x0 + (width - (e.max - e.min)) / 2 - e.min);
    components.push({ id: c, x0, x1: x0 + width, ground: grounds.get(c)! });
    cursor += width + GAP;
  }
  const top = MARGIN + 40;
  const baseline = top + maxDepth * LAYER;
  const moved = (p: Point, c: number): Point => ({ x: p.x + shift.get(c)!, y: p.y + baseline });
  const nodes = new Map<string, Point>(g.nodes.map((n) => [n.name, moved(local.get(n.name)!, n.component)]));
  const branches = new Map<string, BranchPath>();
  for (const p of paths.values()) {
    const c = componentOf.get(byId.get(p.id)!.from)!;
    branches.set(p.id, { ...p, from: moved(p.from, c), to: moved(p.to, c), control: moved(p.control, c), apex: moved(p.apex, c), label: moved(p.label, c) });
  }
  return { width: cursor - GAP + MARGIN, height: baseline + MARGIN + 10, nodes, branches, components, showKinds };
}
