/**
 * holdingSources: what holds `.ic` nodes during the DC operating point: per held node k a current source
 * `__ic<k>` from the ground of the node's connected component into the node (its current an unknown of the solve)
 * and an output `__icv<k>` = φ(node) − φ(ground) (pinned to the value). Names that the description already uses
 * get more underscores. Components by union–find over the one-ports' and sources' terminals. O(elements).
 */
import type { NodeInitial, RawElement, RawOutput, RawSystem, SystemDescription } from '@sysgraph/description';

export interface HoldingSources {
  /** The added sources' input names, in the order of the held nodes. */
  readonly inputs: readonly string[];
  /** The added outputs' names, in the same order. */
  readonly outputs: readonly string[];
  /** The input description with the sources and outputs added. */
  extend(raw: RawSystem): RawSystem;
}

export function holdingSources(desc: SystemDescription, held: readonly NodeInitial[]): HoldingSources {
  const taken = new Set<string>([...desc.oneports, ...desc.sources, ...desc.twoPorts, ...desc.mutuals].map((e) => e.id.toLowerCase()));
  for (const o of desc.outputs) taken.add(o.name.toLowerCase());
  let prefix = '__ic';
  while (held.some((_, k) => taken.has(`${prefix}${k}`) || taken.has(`${prefix}v${k}`))) prefix = `_${prefix}`;
  const groundOf = componentGrounds(desc);
  const inputs = held.map((_, k) => `${prefix}${k}`);
  const outputs = held.map((_, k) => `${prefix}v${k}`);
  const elements: RawElement[] = held.map((h, k) => ({ id: inputs[k], kind: 'current-source', from: groundOf(h.node), to: h.node }));
  const probes: RawOutput[] = held.map((h, k) => ({ name: outputs[k], node: h.node, reference: groundOf(h.node) }));
  return {
    inputs,
    outputs,
    extend: (raw) => ({ ...raw, elements: [...(raw.elements ?? []), ...elements], outputs: [...(raw.outputs ?? []), ...probes] }),
  };
}

/** The ground of each node's connected component (the description's first ground when none is connected). */
function componentGrounds(desc: SystemDescription): (node: string) => string {
  const parent = new Map<string, string>();
  const find = (a: string): string => {
    let r = a;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(a, r);
    return r;
  };
  const union = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(ra, rb);
  };
  for (const e of [...desc.oneports, ...desc.sources]) union(e.from, e.to);
  const byRoot = new Map(desc.grounds.map((g) => [find(g), g]));
  return (node) => byRoot.get(find(node)) ?? desc.grounds[0];
}
