/**
 * layoutGraph: deterministic positions for the linear graph. Each connected component is laid out in layers
 * by breadth-first distance from its ground (ground at the bottom, as textbooks draw linear graphs), nodes in a
 * layer ordered by the barycentre heuristic of Sugiyama, Tagawa & Toda (1981) with first appearance as the
 * tie-break; components side by side in order of first appearance. Parallel branches between one pair of
 * nodes fan out as arcs. Cost O(sweeps · (N + B) log N).
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
  /** The curve's midpoint (where the arrow and the label go) and the unit normal pointing outwards. */
  readonly apex: Point;
  readonly normal: Point;
  /** Unit direction from → to at the apex. */
  readonly direction: Point;
}

export interface GraphLayout {
  readonly width: number;
  readonly height: number;
  readonly nodes: ReadonlyMap<string, Point>;
  readonly branches: ReadonlyMap<string, BranchPath>;
  /** Components: their horizontal extent, ground node and domain (for captions). */
  readonly components: readonly { readonly x0: number; readonly x1: number; readonly ground: string }[];
}

const COLUMN = 150;
const LAYER = 120;
const MARGIN = 70;
const FAN = 44;

export function layoutGraph(g: GraphDrawing): GraphLayout {
  const order = new Map(g.nodes.map((n, i) => [n.name, i]));
  const neighbours = new Map<string, Set<string>>(g.nodes.map((n) => [n.name, new Set<string>()]));
  for (const b of g.branches) {
    if (b.from === b.to) continue;
    neighbours.get(b.from)?.add(b.to);
    neighbours.get(b.to)?.add(b.from);
  }
  const componentIds = [...new Set(g.nodes.map((n) => n.component))];
  const nodes = new Map<string, Point>();
  const components: { x0: number; x1: number; ground: string }[] = [];
  let maxDepth = 1;
  const placed: { name: string; depth: number; slot: number; comp: number; width: number }[] = [];
  let x0 = MARGIN;

  for (const c of componentIds) {
    const members = g.nodes.filter((n) => n.component === c);
    const ground = (members.find((n) => n.ground) ?? members[0]).name;
    // breadth-first layers from the ground, neighbours in order of first appearance
    const depth = new Map<string, number>([[ground, 0]]);
    const queue = [ground];
    for (let q = 0; q < queue.length; q++) {
      const u = queue[q];
      const next = [...(neighbours.get(u) ?? [])].sort((a, b) => order.get(a)! - order.get(b)!);
      for (const v of next) if (!depth.has(v)) (depth.set(v, depth.get(u)! + 1), queue.push(v));
    }
    for (const n of members) if (!depth.has(n.name)) depth.set(n.name, 1);
    const layers: string[][] = [];
    for (const n of members) {
      const d = depth.get(n.name)!;
      (layers[d] ??= []).push(n.name);
    }
    for (let d = 0; d < layers.length; d++) layers[d] ??= [];
    // barycentre sweeps: a node's position is the mean position of its neighbours in the adjacent layer
    const pos = new Map<string, number>();
    const setPositions = () => layers.forEach((layer) => layer.forEach((n, i) => pos.set(n, i - (layer.length - 1) / 2)));
    setPositions();
    for (let sweep = 0; sweep < 4; sweep++) {
      const range = sweep % 2 === 0 ? layers.map((_, d) => d).slice(1) : layers.map((_, d) => d).slice(1).reverse();
      for (const d of range) {
        const ref = sweep % 2 === 0 ? d - 1 : d + 1;
        const refSet = new Set(layers[ref] ?? []);
        const bary = (n: string) => {
          const adj = [...(neighbours.get(n) ?? [])].filter((m) => refSet.has(m));
          return adj.length === 0 ? pos.get(n)! : adj.reduce((s, m) => s + pos.get(m)!, 0) / adj.length;
        };
        const keyed = layers[d].map((n) => ({ n, b: bary(n), p: pos.get(n)!, o: order.get(n)! }));
        keyed.sort((a, b) => a.b - b.b || a.p - b.p || a.o - b.o);
        layers[d] = keyed.map((k) => k.n);
        layers[d].forEach((n, i) => pos.set(n, i - (layers[d].length - 1) / 2));
      }
    }
    const widest = Math.max(1, ...layers.map((l) => l.length));
    const width = Math.max(widest, 1.4) * COLUMN;
    maxDepth = Math.max(maxDepth, layers.length - 1);
    layers.forEach((layer, d) => layer.forEach((n) => placed.push({ name: n, depth: d, slot: pos.get(n)!, comp: components.length, width })));
    components.push({ x0, x1: x0 + width, ground });
    x0 += width + COLUMN * 0.6;
  }
  const height = MARGIN * 2 + maxDepth * LAYER + 30;
  const bottom = height - MARGIN - 10;
  for (const p of placed) {
    const comp = components[p.comp];
    const cx = (comp.x0 + comp.x1) / 2;
    nodes.set(p.name, { x: cx + p.slot * COLUMN, y: bottom - p.depth * LAYER });
  }

  // parallel branches between one pair fan out symmetrically around the straight line
  const groups = new Map<string, string[]>();
  for (const b of g.branches) {
    const key = [b.from, b.to].sort().join('\u0000');
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(b.id);
  }
  const branches = new Map<string, BranchPath>();
  const byId = new Map(g.branches.map((b) => [b.id, b]));
  // centroid of each component: labels of straight branches go on the side away from it
  const componentOf = new Map(g.nodes.map((n) => [n.name, n.component]));
  const centroid = new Map<number, Point>();
  for (const c of componentIds) {
    const pts = g.nodes.filter((n) => n.component === c).map((n) => nodes.get(n.name)!);
    centroid.set(c, { x: pts.reduce((s, p) => s + p.x, 0) / pts.length, y: pts.reduce((s, p) => s + p.y, 0) / pts.length });
  }
  for (const [key, ids] of groups) {
    const [a, b] = key.split('\u0000');
    const pa = nodes.get(a)!;
    const pb = nodes.get(b)!;
    const dx = pb.x - pa.x;
    const dy = pb.y - pa.y;
    const len = Math.hypot(dx, dy) || 1;
    // canonical normal of the pair, pointing up (or right) so fans are drawn the same way every time
    let nx = -dy / len;
    let ny = dx / len;
    if (ny > 0 || (ny === 0 && nx < 0)) (nx = -nx), (ny = -ny);
    // same layer and not adjacent: bow upwards to pass over the nodes between
    const between = Math.abs(dy) < 1 && Math.abs(dx) > COLUMN * 1.2 ? 40 + Math.abs(dx) * 0.12 : 0;
    ids.forEach((id, j) => {
      const br = byId.get(id)!;
      const offset = between + (j - (ids.length - 1) / 2) * FAN;
      const from = nodes.get(br.from)!;
      const to = nodes.get(br.to)!;
      const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
      const apex = { x: mid.x + nx * offset, y: mid.y + ny * offset };
      const control = { x: mid.x + 2 * nx * offset, y: mid.y + 2 * ny * offset };
      const tx = to.x - from.x;
      const ty = to.y - from.y;
      const tl = Math.hypot(tx, ty) || 1;
      let side = offset < 0 ? -1 : 1;
      if (offset === 0) {
        const c = centroid.get(componentOf.get(br.from)!)!;
        const away = nx * (apex.x - c.x) + ny * (apex.y - c.y);
        if (away < -1e-6) side = -1;
      }
      branches.set(id, { id, from, to, control, apex, normal: { x: nx * side, y: ny * side }, direction: { x: tx / tl, y: ty / tl } });
    });
  }
  const width = Math.max(x0 - COLUMN * 0.6 + MARGIN, 320);
  return { width, height, nodes, branches, components };
}
