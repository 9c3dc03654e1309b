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
  const chords = new Set(nodes.chords);
  const incident = new Map<string, number[]>();
  graph.bonds.forEach((b, k) => {
    for (const end of [b.from, b.to]) {
      const list = incident.get(end);
      if (list) list.push(k);
      else incident.set(end, [k]);
    }
  });
  const seen = new Set<number>([start]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const k = queue[head];
    const bond = graph.bonds[k];
    if (chords.has(k)) return { element: bond.id, port: 1 };
    for (const end of [bond.to, bond.from]) {
      const e = byId.get(end)!;
      const sends = end === bond.from;
      if (ONE_PORT_KINDS.has(e.kind)) {
        if (!sends || onePortKind(e, regions.domain[regions.ofBond[k]]).cls !== 'E') return { element: e.id };
      } else if (e.kind === 'TF' || e.kind === 'GY') {
        if (!sends) return { element: e.id, port: 1 };
      } else if (JUNCTION_KINDS.has(e.kind) && !isCommonAcross(e.kind as '0' | '1', regions.analogy[regions.ofBond[k]])) {
        for (const j of incident.get(e.id) ?? []) {
          if (!seen.has(j)) {
            seen.add(j);
            queue.push(j);
          }
        }
      }
    }
  }
  return undefined;
}
