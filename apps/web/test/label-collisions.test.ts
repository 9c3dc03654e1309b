/**
 * The collision pass on hand-made boxes: the result is checked by an independent pairwise overlap test (not by
 * the pass's own count), fixed boxes stay put, and a lone pair moves by exactly its penetration split in two.
 */
import { describe, expect, it } from 'vitest';
import { separateLabels } from '../src/ui/label-collisions';
import type { Box } from '../src/ui/label-collisions';

const moved = (b: readonly Box[], o: readonly { dx: number; dy: number }[]) => b.map((x, i) => ({ ...x, x: x.x + o[i].dx, y: x.y + o[i].dy }));

/** Independent check: do two boxes share an area (with the margin)? */
function overlapping(boxes: readonly Box[], pad: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.x < b.x + b.width + pad && b.x < a.x + a.width + pad && a.y < b.y + b.height + pad && b.y < a.y + a.height + pad) out.push([i, j]);
    }
  return out;
}

describe('separateLabels', () => {
  it('splits the push of one overlapping pair between both, along the shallower axis', () => {
    // 40 × 10 boxes overlapping by 30 in x and 6 in y: the vertical push is the smaller one, 6 + pad 2 = 8
    const boxes = [{ x: 0, y: 0, width: 40, height: 10 }, { x: 10, y: 4, width: 40, height: 10 }];
    const r = separateLabels(boxes, [], 2);
    expect(r.offsets[0].dx).toBe(0);
    expect(r.offsets[1].dx).toBe(0);
    expect(r.offsets[0].dy).toBeCloseTo(-4, 1);
    expect(r.offsets[1].dy).toBeCloseTo(4, 1);
    expect(overlapping(moved(boxes, r.offsets), 0)).toEqual([]);
  });

  it('never moves a fixed box and clears a pile of identical labels stacked on one spot', () => {
    const boxes: Box[] = [{ x: 100, y: 100, width: 12, height: 12 }];
    for (let k = 0; k < 12; k++) boxes.push({ x: 98, y: 98, width: 30, height: 14 });
    const fixed = boxes.map((_, i) => i === 0);
    const r = separateLabels(boxes, fixed, 2);
    expect(r.offsets[0]).toEqual({ dx: 0, dy: 0 });
    expect(r.remaining).toBe(0);
    expect(overlapping(moved(boxes, r.offsets), 1.9)).toEqual([]);
  });

  it('leaves boxes that do not touch where they are', () => {
    const boxes = [{ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: 0, width: 10, height: 10 }];
    expect(separateLabels(boxes).offsets).toEqual([{ dx: 0, dy: 0 }, { dx: 0, dy: 0 }]);
  });

  it('separates seeded random label clouds (an LCG, fixed seed)', () => {
    let s = 12345;
    const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let trial = 0; trial < 20; trial++) {
      const boxes = Array.from({ length: 40 }, () => ({ x: rnd() * 300, y: rnd() * 150, width: 20 + rnd() * 60, height: 12 + rnd() * 10 }));
      const r = separateLabels(boxes, [], 2);
      expect(overlapping(moved(boxes, r.offsets), 1.9)).toEqual([]);
    }
  });
});
