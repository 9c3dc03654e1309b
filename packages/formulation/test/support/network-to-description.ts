/**
 * Convert an oracle network to the project's user JSON format (what a user would write in a system file),
 * so that the same random network can be fed to the engine and to the oracle.
 */
import type { OracleNetwork } from './oracle-network';

const KIND_NAMES = {
  E: 'across-source',
  J: 'through-source',
  C: 'capacitor',
  L: 'inductor',
  R: 'resistor',
} as const;

export interface UserDescription {
  name: string;
  parameters: Record<string, number>;
  elements: { id: string; kind: string; from: string; to: string; value?: number }[];
  twoPorts: { id: string; kind: 'transformer' | 'gyrator'; ports: [{ from: string; to: string }, { from: string; to: string }]; ratio: number }[];
  mutuals: ({ id: string; kind: 'mutual-inductance'; between: [string, string] } & ({ value: number } | { coupling: number }))[];
}

/**
 * Sources carry no value: their input is named by the element id. Mutual inductances get ids M1, M2, … and
 * their `value` M, or their `coupling` k when the network gives the factor (`mutualForm: 'value'`: always M, for
 * the symbolic backend, which refuses k since k·√(L_a L_b) is not rational).
 */
export function networkToDescription(net: OracleNetwork, name = 'oracle-network', mutualForm: 'as-drawn' | 'value' = 'as-drawn'): UserDescription {
  const taken = new Set([...net.branches.map((b) => b.id), ...net.twoPorts.map((t) => t.id)]);
  let counter = 0;
  const mutualId = () => {
    let id: string;
    do id = `M${++counter}`;
    while (taken.has(id));
    taken.add(id);
    return id;
  };
  return {
    name,
    parameters: {},
    elements: net.branches.map((b) =>
      b.kind === 'E' || b.kind === 'J'
        ? { id: b.id, kind: KIND_NAMES[b.kind], from: b.from, to: b.to }
        : { id: b.id, kind: KIND_NAMES[b.kind], from: b.from, to: b.to, value: b.value as number },
    ),
    twoPorts: net.twoPorts.map((t) => ({
      id: t.id,
      kind: t.kind === 'TF' ? 'transformer' : 'gyrator',
      ports: [{ ...t.port1 }, { ...t.port2 }],
      ratio: t.ratio,
    })),
    mutuals: net.mutuals.map((m) => ({ id: mutualId(), kind: 'mutual-inductance', between: [m.a, m.b], ...(m.k !== undefined && mutualForm === 'as-drawn' ? { coupling: m.k } : { value: m.M }) })),
  };
}
