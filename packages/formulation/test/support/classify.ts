/**
 * Structural class flags of an oracle network, for coverage counts of the random families (formulation.md section 13).
 * Loops/cutsets "made only of X" use the cycle rank r(X) and cut rank c(X) of graph-ranks.ts; a loop that needs both
 * X and Y exists when r(X ∪ Y) > r(X) + r(Y) − r(X ∩ Y) (likewise for cutsets with c).
 */
import type { OracleNetwork } from './oracle-network';
import type { KindedEdge } from './network-edges';
import { networkEdges, networkNodes } from './network-edges';
import { componentCount, cutRank, cycleRank } from './graph-ranks';

export interface NetworkClass {
  transformer: boolean;
  gyrator: boolean;
  mutual: boolean;
  /** A loop of capacitors and across sources (some capacitor is not a state). */
  capacitorLoop: boolean;
  /** A cutset of inductors and through sources (some inductor is not a state). */
  inductorCutset: boolean;
  /** A loop that needs both capacitors and two-port ports (capacitors coupled through a two-port). */
  capacitorTwoPortLoop: boolean;
  /** A cutset that needs both inductors and two-port ports. */
  inductorTwoPortCutset: boolean;
  /** A loop with at least two resistors, the rest across sources and capacitors. */
  resistorLoop: boolean;
  /** A source with both terminals on the terminals of a two-port port. */
  sourceOnPort: boolean;
  /** More than one connected component. */
  multipleComponents: boolean;
  /** A two-port ratio of magnitude 1, 2 or ½. */
  degenerateRatio: boolean;
}

export const CLASS_NAMES: readonly (keyof NetworkClass)[] = [
  'transformer',
  'gyrator',
  'mutual',
  'capacitorLoop',
  'inductorCutset',
  'capacitorTwoPortLoop',
  'inductorTwoPortCutset',
  'resistorLoop',
  'sourceOnPort',
  'multipleComponents',
  'degenerateRatio',
];

export function classify(net: OracleNetwork): NetworkClass {
  const edges = networkEdges(net);
  const nodes = networkNodes(net);
  const of = (...kinds: KindedEdge['kind'][]) => edges.filter((e) => kinds.includes(e.kind));
  const r = (...kinds: KindedEdge['kind'][]) => cycleRank(nodes, of(...kinds));
  const c = (...kinds: KindedEdge['kind'][]) => cutRank(nodes, edges, new Set(of(...kinds)));

  // Resistor loops: contract across sources and capacitors, then look for a cycle of ≥ 2 resistors.
  const contracted = new Map<string, string>(nodes.map((n) => [n, n]));
  const find = (k: string): string => {
    while (contracted.get(k) !== k) k = contracted.get(k)!;
    return k;
  };
  for (const e of of('E', 'C')) contracted.set(find(e.from), find(e.to));
  const resistorEdges = of('R')
    .map((e) => ({ from: find(e.from), to: find(e.to) }))
    .filter((e) => e.from !== e.to);
  const resistorNodes = [...new Set(resistorEdges.flatMap((e) => [e.from, e.to]))];
  const resistorLoop = cycleRank(resistorNodes, resistorEdges) > 0;

  const ports = of('P');
  const samePair = (a: KindedEdge, b: KindedEdge) =>
    (a.from === b.from && a.to === b.to) || (a.from === b.to && a.to === b.from);
  return {
    transformer: net.twoPorts.some((t) => t.kind === 'TF'),
    gyrator: net.twoPorts.some((t) => t.kind === 'GY'),
    mutual: net.mutuals.length > 0,
    capacitorLoop: r('E', 'C') > 0,
    inductorCutset: c('J', 'L') > 0,
    capacitorTwoPortLoop: r('E', 'C', 'P') > r('E', 'C') + r('E', 'P') - r('E'),
    inductorTwoPortCutset: c('J', 'L', 'P') > c('J', 'L') + c('J', 'P') - c('J'),
    resistorLoop,
    sourceOnPort: of('E', 'J').some((s) => ports.some((p) => samePair(s, p))),
    multipleComponents: componentCount(nodes, edges) > 1,
    degenerateRatio: net.twoPorts.some((t) => [1, 2, 0.5].includes(Math.abs(t.ratio))),
  };
}
