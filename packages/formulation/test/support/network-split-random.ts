/**
 * Seeded random networks that the network model's linear-plus-law split covers (docs/nonlinear.md, "f as a linear
 * part plus a law part"): a voltage source at n0, a linear capacitor from every other node to ground (the normal
 * tree is the source and the capacitors, so every other element is a link reading only states and inputs), and
 * between random nodes: linear resistors, D-type elements with current laws i = g(v) (exponential, cubic, sine,
 * one scaled in time), inductors with a value (own state) or a current law i = I(λ) (a stored state), and current
 * sources. Outputs: across and through of every element and one node potential. The same network for the tableau
 * oracle, the laws as hand-written functions.
 */
import type { NlNetwork } from './nonlinear-tableau-oracle';
import type { RandomLawNetwork } from './network-random-laws';
import { mulberry32 } from './prng';

const IS = 0.01;
const VT = 0.5;

export function splitNetwork(seed: number, size: number): RandomLawNetwork {
  const rng = mulberry32(seed * 2246822519 + 7);
  const N = Math.max(3, Math.round(size / 3));
  const node = (i: number) => (i < 0 ? 'g' : `n${i}`);
  const num = (x: number) => Number(x.toPrecision(4));
  const elements: Record<string, unknown>[] = [];
  const net: NlNetwork = { branches: [], twoPorts: [] };
  let count = 0;
  const add = (kind: string, prefix: 'E' | 'J' | 'C' | 'L' | 'R', from: string, to: string, json: Record<string, unknown>, law?: NlNetwork['branches'][number]['law']) => {
    const id = `${prefix}${++count}`;
    elements.push({ id, kind, from, to, ...json });
    net.branches.push({ id, kind: prefix, from, to, ...(law ? { law } : {}) });
  };
  add('voltage-source', 'E', 'n0', 'g', {});
  for (let i = 1; i < N; i++) {
    const c = num(rng.logUniform(0.3, 3));
    add('capacitor', 'C', node(i), 'g', { value: c }, { form: 'charge', fn: (v) => c * v });
  }
  // a path n0 – n1 – … so that every capacitor is driven
  for (let i = 1; i < N; i++) {
    const r = num(rng.logUniform(0.3, 3));
    add('resistor', 'R', node(i - 1), node(i), { value: r }, { form: 'across', fn: (i2) => r * i2 });
  }
  while (count < size) {
    const a = rng.int(0, N - 1);
    let b = rng.int(-1, N - 1);
    if (b === a) b = -1;
    const r = num(rng.logUniform(0.3, 3));
    const k = num(rng.uniform(0.05, 0.3));
    const pick = rng.next();
    if (pick < 0.15) add('resistor', 'R', node(a), node(b), { value: r }, { form: 'across', fn: (i) => r * i });
    else if (pick < 0.3) add('resistor', 'R', node(a), node(b), { law: { through: `Is*(exp(v/Vt) - 1) + v/${r}` } }, { form: 'through', fn: (v) => IS * (Math.exp(v / VT) - 1) + v / r });
    else if (pick < 0.42) add('resistor', 'R', node(a), node(b), { law: { through: `v/${r} + ${k}*v^3` } }, { form: 'through', fn: (v) => v / r + k * v ** 3 });
    else if (pick < 0.52) add('resistor', 'R', node(a), node(b), { law: { through: `v/${r} + ${k}/${r}*sin(v)` } }, { form: 'through', fn: (v) => v / r + (k / r) * Math.sin(v) });
    else if (pick < 0.6) add('resistor', 'R', node(a), node(b), { law: { through: `(1 + 0.2*sin(t))*v/${r}` } }, { form: 'through', fn: (v, t) => ((1 + 0.2 * Math.sin(t)) * v) / r });
    else if (pick < 0.75) add('inductor', 'L', node(a), node(b), { value: r }, { form: 'flux', fn: (i) => r * i });
    else if (pick < 0.92) add('inductor', 'L', node(a), node(b), { law: { through: `lambda/${r} + ${k}*lambda^3` } }, { form: 'through', fn: (lam) => lam / r + k * lam ** 3 });
    else add('current-source', 'J', 'g', node(a), {});
  }
  const outputs: Record<string, unknown>[] = [];
  const names: RandomLawNetwork['outputs'] = [];
  for (const e of elements) {
    for (const variable of ['across', 'through'] as const) {
      outputs.push({ name: `${variable}_${e.id as string}`, element: e.id, variable });
      names.push([`${variable}_${e.id as string}`, e.id as string, variable]);
    }
  }
  outputs.push({ name: 'phi_last', node: node(N - 1) });
  return {
    json: { name: `network-split-${seed}`, parameters: { Is: IS, Vt: VT }, elements, twoPorts: [], outputs, ground: 'g' },
    elements: count,
    twoPorts: 0,
    net,
    outputs: names,
  };
}
