/**
 * The branches of an oracle network as plain edges with a kind (one-ports, then the ports of each two-port, kind 'P'),
 * for the structural checks of the random generator and the classifier.
 */
import type { OracleNetwork } from './oracle-network';

export interface KindedEdge {
  id: string;
  kind: 'E' | 'J' | 'C' | 'L' | 'R' | 'P';
  from: string;
  to: string;
}

export function networkEdges(net: OracleNetwork): KindedEdge[] {
  return [
    ...net.branches.map((b) => ({ id: b.id, kind: b.kind, from: b.from, to: b.to })),
    ...net.twoPorts.flatMap((t) => [
      { id: `${t.id}.1`, kind: 'P' as const, from: t.port1.from, to: t.port1.to },
      { id: `${t.id}.2`, kind: 'P' as const, from: t.port2.from, to: t.port2.to },
    ]),
  ];
}

/** Every node, in order of first appearance. */
export function networkNodes(net: OracleNetwork): string[] {
  const seen = new Set<string>();
  for (const e of networkEdges(net)) {
    seen.add(e.from);
    seen.add(e.to);
  }
  return [...seen];
}
