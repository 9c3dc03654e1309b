/**
 * The path between two nodes in a forest given as a list of branches, by breadth-first search:
 * O(N + |forest|). Used only to name a loop in an error message.
 */
import type { LinearGraph } from './linear-graph';

export function treePath(lg: LinearGraph, forest: readonly number[], start: number, goal: number): number[] {
  const adj = new Map<number, number[]>();
  for (const k of forest) {
    for (const n of [lg.from[k], lg.to[k]]) {
      if (!adj.has(n)) adj.set(n, []);
      adj.get(n)!.push(k);
    }
  }
  const via = new Map<number, number>([[start, -1]]);
  const queue = [start];
  while (queue.length > 0) {
    const n = queue.shift()!;
    if (n === goal) break;
    for (const k of adj.get(n) ?? []) {
      const m = lg.from[k] === n ? lg.to[k] : lg.from[k];
      if (!via.has(m)) {
        via.set(m, k);
        queue.push(m);
      }
    }
  }
  const path: number[] = [];
  let n = goal;
  while (n !== start && via.has(n)) {
    const k = via.get(n)!;
    if (k < 0) break;
    path.push(k);
    n = lg.from[k] === n ? lg.to[k] : lg.from[k];
  }
  return path.reverse();
}
