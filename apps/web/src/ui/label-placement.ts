/**
 * placeLabels: the collision pass of the drawn linear graph. Every label (`g.label`: a branch's id and kind, a
 * node's name, a two-port's caption; `g.label.fixed`: a component's caption) is measured as the browser laid
 * it out (getBBox, so the real font decides), the node circles join as fixed obstacles, and separateLabels
 * pushes overlapping boxes apart. A label moved away from where the layout put it gets a thin leader line back
 * to its anchor. The viewBox then grows to hold whatever was pushed outwards.
 *
 * Runs after the SVG is in the document (getBBox needs layout); in a hidden container the boxes measure zero
 * and the labels stay where the layout put them (data-labels="unmeasured").
 */
import { svg } from './dom';
import { separateLabels } from './label-collisions';
import type { Box } from './label-collisions';

/** A label moved further than this (px) from its anchor gets a leader line. */
const LEADER_MIN = 6;
const PAD = 2;

export function placeLabels(root: SVGSVGElement, width: number, height: number): void {
  const labels = [...root.querySelectorAll<SVGGElement>('g.label')];
  const circles = [...root.querySelectorAll<SVGCircleElement>('.node circle')];
  const boxOf = (e: SVGGraphicsElement): Box => {
    const b = e.getBBox();
    return { x: b.x, y: b.y, width: b.width, height: b.height };
  };
  const boxes = [...labels.map(boxOf), ...circles.map(boxOf)];
  if (labels.length > 0 && boxes.slice(0, labels.length).every((b) => b.width === 0)) {
    root.dataset.labels = 'unmeasured';
    return;
  }
  const fixed = [...labels.map((l) => l.classList.contains('fixed')), ...circles.map(() => true)];
  const { offsets, remaining, sweeps } = separateLabels(boxes, fixed, PAD);
  let x0 = 0;
  let y0 = 0;
  let x1 = width;
  let y1 = height;
  labels.forEach((label, i) => {
    const { dx, dy } = offsets[i];
    const b = boxes[i];
    x0 = Math.min(x0, b.x + dx - PAD);
    y0 = Math.min(y0, b.y + dy - PAD);
    x1 = Math.max(x1, b.x + b.width + dx + PAD);
    y1 = Math.max(y1, b.y + b.height + dy + PAD);
    if (dx === 0 && dy === 0) return;
    label.setAttribute('transform', `translate(${dx.toFixed(1)} ${dy.toFixed(1)})`);
    if (Math.hypot(dx, dy) < LEADER_MIN) return;
    // the leader: from the anchor (the box's centre before the move) to the nearest point of the moved box
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    const tx = Math.min(Math.max(cx, b.x + dx), b.x + dx + b.width);
    const ty = Math.min(Math.max(cy, b.y + dy), b.y + dy + b.height);
    label.parentNode?.insertBefore(svg('line', { class: 'leader', x1: cx.toFixed(1), y1: cy.toFixed(1), x2: tx.toFixed(1), y2: ty.toFixed(1) }), label);
  });
  root.setAttribute('viewBox', `${x0.toFixed(1)} ${y0.toFixed(1)} ${(x1 - x0).toFixed(1)} ${(y1 - y0).toFixed(1)}`);
  root.setAttribute('width', (x1 - x0).toFixed(1));
  root.setAttribute('height', (y1 - y0).toFixed(1));
  root.dataset.labels = remaining === 0 ? 'separated' : `overlapping:${remaining}`;
  root.dataset.labelSweeps = String(sweeps);
}
