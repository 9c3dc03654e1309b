/**
 * separateLabels: a collision pass over axis-aligned label boxes. Boxes that overlap (with a margin `pad`) are
 * pushed apart along the axis of least penetration, each by half of it (a fixed box — a node's circle, a
 * component's caption — does not move and its partner takes the whole push), until no two overlap or
 * `maxSweeps` sweeps have run. A rectangle version of the "noverlap" idea (graphology-layout-noverlap pushes
 * circles and moves the graph's nodes; here only labels move, so the layered drawing keeps its geometry).
 *
 * Penetration of boxes a, b along x: px = min(a.x1, b.x1) − max(a.x0, b.x0) + pad (likewise py); they collide
 * when px > 0 and py > 0. Deterministic: ties in direction go by index. Cost O(sweeps · n²), for the small
 * graphs (≤ 200 branches) drawn as SVG.
 */

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface SeparatedLabels {
  /** The shift of each box (zero for fixed ones). */
  readonly offsets: readonly { readonly dx: number; readonly dy: number }[];
  /** Pairs still overlapping when the sweeps ran out (empty when the pass converged). */
  readonly remaining: number;
  readonly sweeps: number;
}

/** Overlap of two boxes with a margin: [px, py], both positive when they collide. */
export function penetration(a: Box, b: Box, pad = 0): [number, number] {
  const px = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) + pad;
  const py = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) + pad;
  return [px, py];
}

export function separateLabels(boxes: readonly Box[], fixed: readonly boolean[] = [], pad = 2, maxSweeps = 400): SeparatedLabels {
  const n = boxes.length;
  const x = boxes.map((b) => b.x);
  const y = boxes.map((b) => b.y);
  const at = (i: number): Box => ({ x: x[i], y: y[i], width: boxes[i].width, height: boxes[i].height });
  let sweeps = 0;
  let remaining = 0;
  for (; sweeps < maxSweeps; sweeps++) {
    remaining = 0;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (fixed[i] && fixed[j]) continue;
        const [px, py] = penetration(at(i), at(j), pad);
        if (px <= 0 || py <= 0) continue;
        remaining++;
        const share = fixed[i] || fixed[j] ? 1 : 0.5;
        // the axis of least penetration; prefer vertical moves for wide, flat labels when it is close
        const alongX = px < py * 0.8;
        const ci = alongX ? x[i] + boxes[i].width / 2 : y[i] + boxes[i].height / 2;
        const cj = alongX ? x[j] + boxes[j].width / 2 : y[j] + boxes[j].height / 2;
        // j goes the positive way when the centres tie
        const sign = cj >= ci ? 1 : -1;
        const push = (alongX ? px : py) * share + 0.01;
        const move = (k: number, s: number) => {
          if (fixed[k]) return;
          if (alongX) x[k] += s * push;
          else y[k] += s * push;
        };
        move(i, -sign);
        move(j, sign);
      }
    }
    if (remaining === 0) break;
  }
  return { offsets: boxes.map((b, i) => ({ dx: x[i] - b.x, dy: y[i] - b.y })), remaining, sweeps };
}
