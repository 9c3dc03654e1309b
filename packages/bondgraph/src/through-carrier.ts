/**
 * throughCarrier: an element branch of the linear graph whose through variable is, with its sign, the through
 * variable t of bond k (the flow in the E analogy, the effort in the F analogy). Across variables are node
 * differences and need no carrier. Candidates, nearest first:
 *   - a chord's unit transformer, port 1;
 *   - the one-port at either end, unless it is an across source sending the bond (its through is −t);
 *   - TF or GY receiving the bond (port 1);
 *   - through a common-through junction (all its bonds carry the same t), the same on its other bonds.
 */
import { isCommonAcross } from './junction-nodes';
import type { JunctionNodes } from './junction-nodes';
import { onePortKind } from './analogy';
import type { Regions } from './regions';
import { JUNCTION_KINDS, ONE_PORT_KINDS } from './types';
import type { BondGraph } from './types';

export interface ThroughCarrier {
  readonly element: string;
  readonly port?: 1 | 2;
}

export function throughCarrier(graph: BondGraph, regions: Regions, nodes: JunctionNodes, start: number): ThroughCarrier | undefined {
  const byId = new Map(graph.elements.map((e) => [e.id, e]));
  const seen = new Set<number>([start]);
  const queue = [start];
  while (queue.length > 0) {
    const k = queue.shift()!;
    const bond = graph.bonds[k];
    if (nodes.chords.includes(k)) return { element: bond.id, port: 1 };
    for (const end of [bond.to, bond.from]) {
      const e = byId.get(end)!;
      const sends = end === bond.from;
      if (ONE_PORT_KINDS.has(e.kind)) {
        if (!sends || onePortKind(e, regions.domain[regions.ofBond[k]]).cls !== 'E') return { element: e.id };
      } else if (e.kind === 'TF' || e.kind === 'GY') {
        if (!sends) return { element: e.id, port: 1 };
      } else if (JUNCTION_KINDS.has(e.kind) && !isCommonAcross(e.kind as '0' | '1', regions.analogy[regions.ofBond[k]])) {
        graph.bonds.forEach((b, j) => {
          if (!seen.has(j) && (b.from === e.id || b.to === e.id)) {
            seen.add(j);
            queue.push(j);
          }
        });
      }
    }
  }
  return undefined;
}
