/**
 * networkWithLaws: a seeded random network of about `size` elements for the network model — a voltage source, a
 * spanning tree of resistors, capacitors to ground, extra resistors (resistive loops), inductors, current sources
 * and transformers and gyrators between random nodes — whose elements get laws of every form: D-type in both
 * forms (cubic, sine, exponential), charge and across laws of capacitors (one time-varying), flux and through
 * laws of inductors, and plain values. All laws are strictly increasing, so every inversion has one solution.
 * Outputs: across and through of every element and port, and one node potential.
 */
import type { NlBranch, NlNetwork } from './nonlinear-tableau-oracle';
import type { Prng } from './prng';
import { mulberry32 } from './prng';

type Law = { json: Record<string, unknown>; law: NonNullable<NlBranch['law']> };
const IS = 0.01;
const VT = 0.5;
const K3 = 0.1;

export interface RandomLawNetwork {
  readonly json: Record<string, unknown>;
  readonly elements: number;
  readonly twoPorts: number;
  /** The same network for the tableau oracle, the laws as hand-written functions. */
  readonly net: NlNetwork;
  /** Output names: [name, branch or port id, 'across' | 'through']. */
  readonly outputs: [string, string, 'across' | 'through'][];
}

const num = (x: number) => Number(x.toPrecision(4));

function resistorLaw(rng: Prng, linear: boolean): Law {
  const r = num(rng.logUniform(0.3, 3));
  const a = num(rng.uniform(0.05, 0.3));
  switch (linear ? 0 : rng.int(0, 5)) {
    case 0: return { json: { value: r }, law: { form: 'across', fn: (i) => r * i } };
    case 1: return { json: { law: { across: `${r}*i + ${a}*i^3` } }, law: { form: 'across', fn: (i) => r * i + a * i ** 3 } };
    case 2: return { json: { law: { through: `v/${r} + ${a}*v^3` } }, law: { form: 'through', fn: (v) => v / r + a * v ** 3 } };
    case 3: return { json: { law: { through: `v/${r} + ${a}/${r}*sin(v)` } }, law: { form: 'through', fn: (v) => v / r + (a / r) * Math.sin(v) } };
    case 4: return { json: { law: { through: `Is*(exp(v/Vt) - 1) + v/${r}` } }, law: { form: 'through', fn: (v) => IS * (Math.exp(v / VT) - 1) + v / r } };
    default: return { json: { law: { across: `${r}*i + k3*i^3 + ${a}*(exp(i) - exp(-i))` } }, law: { form: 'across', fn: (i) => r * i + K3 * i ** 3 + a * (Math.exp(i) - Math.exp(-i)) } };
  }
}

function capacitorLaw(rng: Prng, linear: boolean): Law {
  const c = num(rng.logUniform(0.3, 3));
  const a = num(rng.uniform(0.05, 0.3));
  switch (linear ? 0 : rng.int(0, 3)) {
    case 0: return { json: { value: c }, law: { form: 'charge', fn: (v) => c * v } };
    case 1: return { json: { law: { charge: `${c}*v + ${a}*v^3` } }, law: { form: 'charge', fn: (v) => c * v + a * v ** 3 } };
    case 2: return { json: { law: { across: `q/${c} + ${a}*q^3` } }, law: { form: 'across', fn: (q) => q / c + a * q ** 3 } };
    default: return { json: { law: { charge: `${c}*(1 + 0.2*sin(t))*v + k3*v^3` } }, law: { form: 'charge', fn: (v, t) => c * (1 + 0.2 * Math.sin(t)) * v + K3 * v ** 3 } };
  }
}

function inductorLaw(rng: Prng, linear: boolean): Law {
  const l = num(rng.logUniform(0.3, 3));
  const a = num(rng.uniform(0.05, 0.3));
  switch (linear ? 0 : rng.int(0, 2)) {
    case 0: return { json: { value: l }, law: { form: 'flux', fn: (i) => l * i } };
    case 1: return { json: { law: { flux: `${l}*i + ${a}*i^3` } }, law: { form: 'flux', fn: (i) => l * i + a * i ** 3 } };
    default: return { json: { law: { through: `lambda/${l} + ${a}*lambda^3` } }, law: { form: 'through', fn: (lam) => lam / l + a * lam ** 3 } };
  }
}

/** `linear`: every element a plain value (the linear formulation's network). */
export function networkWithLaws(seed: number, size: number, linear = false): RandomLawNetwork {
  const rng = mulberry32(seed * 2654435761 + 11);
  const N = Math.max(3, Math.round(size / 3));
  const node = (i: number) => (i < 0 ? 'g' : `n${i}`);
  const elements: Record<string, unknown>[] = [];
  const net: NlNetwork = { branches: [], twoPorts: [] };
  let count = 0;
  const add = (kind: string, from: string, to: string, law?: Law) => {
    const prefix = ({ resistor: 'R', capacitor: 'C', inductor: 'L', 'voltage-source': 'E', 'current-source': 'J' } as const)[kind as 'resistor']!;
    const id = `${prefix}${++count}`;
    elements.push({ id, kind, from, to, ...(law ? law.json : {}) });
    net.branches.push({ id, kind: prefix, from, to, ...(law ? { law: law.law } : {}) });
  };
  add('voltage-source', 'n0', 'g');
  // A spanning tree of resistors: connected without inductors (no inductor cutsets).
  for (let i = 1; i < N; i++) add('resistor', node(i), node(i === 1 ? 0 : rng.int(-1, i - 1)), resistorLaw(rng, linear));
  // Capacitors to ground, at most one per node and none across the source (no capacitor loops).
  for (let i = 1; i < N; i++) if (rng.chance(0.6)) add('capacitor', node(i), 'g', capacitorLaw(rng, linear));
  const twoPorts: Record<string, unknown>[] = [];
  const ports = rng.int(0, 3);
  for (let k = 0; k < ports; k++) {
    const kind = rng.chance(0.6) ? 'transformer' : 'gyrator';
    const a = rng.int(1, N - 1);
    const b = rng.int(-1, N - 1);
    const c = rng.int(1, N - 1);
    const d = rng.int(-1, N - 1);
    if (a === b || c === d) continue;
    const ratio = num((rng.chance(0.5) ? -1 : 1) * rng.logUniform(0.5, 2));
    twoPorts.push({ id: `T${k + 1}`, kind, ports: [{ from: node(a), to: node(b) }, { from: node(c), to: node(d) }], ratio });
    net.twoPorts.push({ id: `T${k + 1}`, kind: kind === 'transformer' ? 'TF' : 'GY', port1: { from: node(a), to: node(b) }, port2: { from: node(c), to: node(d) }, ratio });
  }
  while (count + 2 * twoPorts.length < size) {
    const a = rng.int(0, N - 1);
    let b = rng.int(-1, N - 1);
    if (b === a) b = -1;
    const pick = rng.next();
    if (pick < 0.45) add('resistor', node(a), node(b), resistorLaw(rng, linear));
    else if (pick < 0.9) add('inductor', node(a), node(b), inductorLaw(rng, linear));
    else add('current-source', 'g', node(a));
  }
  const outputs: Record<string, unknown>[] = [];
  const names: RandomLawNetwork['outputs'] = [];
  for (const e of elements) {
    for (const variable of ['across', 'through'] as const) {
      outputs.push({ name: `${variable}_${e.id as string}`, element: e.id, variable });
      names.push([`${variable}_${e.id as string}`, e.id as string, variable]);
    }
  }
  for (const t of twoPorts) {
    for (const port of [1, 2]) {
      for (const variable of ['across', 'through'] as const) {
        outputs.push({ name: `${variable}_${t.id as string}_${port}`, element: t.id, port, variable });
        names.push([`${variable}_${t.id as string}_${port}`, `${t.id as string}.${port}`, variable]);
      }
    }
  }
  outputs.push({ name: 'phi_last', node: node(N - 1) });
  return {
    json: { name: `network-laws-${seed}`, parameters: { Is: IS, Vt: VT, k3: K3 }, elements, twoPorts, outputs, ground: 'g' },
    elements: count + 2 * twoPorts.length,
    twoPorts: twoPorts.length,
    net,
    outputs: names,
  };
}
