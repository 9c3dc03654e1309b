/**
 * hitTest: what lies under a point of the drawing — the nearest node within NODE_RADIUS, else the nearest
 * branch within BRANCH_RADIUS of its drawn curve, else empty space. A branch is drawn as the quadratic Bézier
 * B(s) = (1−s)² P0 + 2s(1−s) C + s² P1; its distance is the smallest over SAMPLES + 1 points of the curve
 * (the curve is short: 24 samples put every point within a pixel of a sample on a drawing of this size).
 */
import type { Position } from './doc-model';

export const NODE_RADIUS = 14;
export const BRANCH_RADIUS = 9;
const SAMPLES = 24;

export interface DrawnBranch {
  readonly id: string;
  readonly from: Position;
  readonly control: Position;
  readonly to: Position;
}

export type Hit = { readonly kind: 'node'; readonly name: string } | { readonly kind: 'element'; readonly id: string } | { readonly kind: 'empty' };

export function bezierAt(b: DrawnBranch, s: number): Position {
  const u = 1 - s;
  return { x: u * u * b.from.x + 2 * s * u * b.control.x + s * s * b.to.x, y: u * u * b.from.y + 2 * s * u * b.control.y + s * s * b.to.y };
}

export function distanceToBranch(b: DrawnBranch, p: Position): number {
  let best = Infinity;
  for (let k = 0; k <= SAMPLES; k++) {
    const q = bezierAt(b, k / SAMPLES);
    best = Math.min(best, Math.hypot(q.x - p.x, q.y - p.y));
  }
  return best;
}

export function hitTest(p: Position, nodes: ReadonlyMap<string, Position>, branches: readonly DrawnBranch[]): Hit {
  let node: string | undefined;
  let nodeDistance = NODE_RADIUS;
  for (const [name, q] of nodes) {
    const d = Math.hypot(q.x - p.x, q.y - p.y);
    if (d <= nodeDistance) (node = name, (nodeDistance = d));
  }
  if (node !== undefined) return { kind: 'node', name: node };
  let id: string | undefined;
  let branchDistance = BRANCH_RADIUS;
  for (const b of branches) {
    const d = distanceToBranch(b, p);
    if (d <= branchDistance) (id = b.id, (branchDistance = d));
  }
  return id !== undefined ? { kind: 'element', id } : { kind: 'empty' };
}
