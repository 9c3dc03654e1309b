/**
 * nonlinearRandomNetwork: a seeded random network of the oracle (random-network.ts, without mutual inductances)
 * whose one-ports get odd, strictly monotone cubic laws in a random form, as both the user's JSON (law texts) and
 * the tableau oracle's network (the same laws as JavaScript functions), with an across and a through output for
 * every branch and port.
 */
import type { NlNetwork } from './nonlinear-tableau-oracle';
import type { Family } from './random-network';
import { randomNetwork } from './random-network';
import { mulberry32 } from './prng';

export interface NonlinearRandom {
  json: Record<string, unknown>;
  net: NlNetwork;
  /** Output names: [name, branch or port id, 'across' | 'through']. */
  outputs: [string, string, 'across' | 'through'][];
  twoPorts: number;
}

const KIND = { E: 'across-source', J: 'through-source', C: 'capacitor', L: 'inductor', R: 'resistor' } as const;

/** `linear`: laws without the cubic term (the linear laws of the element values). */
export function nonlinearRandomNetwork(seed: number, family: Family, linear = false): NonlinearRandom {
  const oracle = randomNetwork(seed, family);
  const rng = mulberry32(seed * 104729 + 17);
  const elements: Record<string, unknown>[] = [];
  const net: NlNetwork = { branches: [], twoPorts: [] };
  for (const b of oracle.branches) {
    if (b.kind === 'E' || b.kind === 'J') {
      elements.push({ id: b.id, kind: KIND[b.kind], from: b.from, to: b.to });
      net.branches.push({ id: b.id, kind: b.kind, from: b.from, to: b.to });
      continue;
    }
    const g = b.value!;
    const a = linear ? 0 : Number((0.05 + 0.25 * rng.next()).toFixed(3));
    const direct = rng.chance(0.5);
    // direct: charge q = C v, flux λ = L i, across v = R i (plus a x³); else the inverse forms (1/C q, 1/L λ, v/R).
    const [form, variable] = {
      C: direct ? ['charge', 'v'] : ['across', 'q'],
      L: direct ? ['flux', 'i'] : ['through', 'lambda'],
      R: direct ? ['across', 'i'] : ['through', 'v'],
    }[b.kind] as [string, string];
    const k = direct ? g : 1 / g;
    const text = a === 0 ? `${k} * ${variable}` : `${k} * ${variable} + ${a} * ${variable}^3`;
    elements.push({ id: b.id, kind: KIND[b.kind], from: b.from, to: b.to, law: { [form]: text } });
    net.branches.push({ id: b.id, kind: b.kind, from: b.from, to: b.to, law: { form: form as 'charge', fn: (x) => k * x + a * x ** 3 } });
  }
  const twoPorts = oracle.twoPorts.map((t) => {
    net.twoPorts.push({ ...t });
    return { id: t.id, kind: t.kind === 'TF' ? 'transformer' : 'gyrator', ports: [{ ...t.port1 }, { ...t.port2 }], ratio: t.ratio };
  });
  const outputs: NonlinearRandom['outputs'] = [];
  const jsonOutputs: Record<string, unknown>[] = [];
  for (const b of oracle.branches) {
    for (const variable of ['across', 'through'] as const) {
      outputs.push([`${variable}_${b.id}`, b.id, variable]);
      jsonOutputs.push({ name: `${variable}_${b.id}`, element: b.id, variable });
    }
  }
  for (const t of oracle.twoPorts) {
    for (const port of [1, 2]) {
      for (const variable of ['across', 'through'] as const) {
        outputs.push([`${variable}_${t.id}_${port}`, `${t.id}.${port}`, variable]);
        jsonOutputs.push({ name: `${variable}_${t.id}_${port}`, element: t.id, port, variable });
      }
    }
  }
  return { json: { name: `nonlinear-random-${seed}`, parameters: {}, elements, twoPorts, outputs: jsonOutputs }, net, outputs, twoPorts: twoPorts.length };
}
