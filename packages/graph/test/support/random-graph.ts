/**
 * Seeded random system descriptions (user JSON) for the structure tests: connected multi-element graphs
 * with across and through sources, capacitors, resistors, inductors, transformers and gyrators.
 * Deterministic: seededRandom (@sysgraph/core), never Math.random.
 */
import { seededRandom } from '@sysgraph/core';

const KINDS = ['across-source', 'through-source', 'capacitor', 'capacitor', 'resistor', 'resistor', 'inductor', 'inductor'] as const;

export interface RandomGraphOptions {
  readonly nodes?: [number, number];
  readonly extraBranches?: [number, number];
  readonly twoPorts?: [number, number];
}

export function randomSystem(seed: number, opts: RandomGraphOptions = {}): Record<string, unknown> {
  const rnd = seededRandom(seed);
  const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
  const [n0, n1] = opts.nodes ?? [3, 6];
  const N = int(n0, n1);
  const nodes = Array.from({ length: N }, (_, i) => (i === 0 ? 'g' : `n${i}`));
  const elements: Record<string, unknown>[] = [];
  const twoPorts: Record<string, unknown>[] = [];
  const pair = (): [string, string] => {
    const a = int(0, N - 1);
    let b = int(0, N - 2);
    if (b >= a) b++;
    return [nodes[a], nodes[b]];
  };
  let count = 0;
  const addElement = (kind: string, from: string, to: string) => {
    const id = `${kind === 'across-source' ? 'E' : kind === 'through-source' ? 'J' : kind[0].toUpperCase()}${count++}`;
    const el: Record<string, unknown> = { id, kind, from, to };
    if (!kind.endsWith('source')) el.value = Math.round((0.2 + rnd() * 4.8) * 100) / 100;
    elements.push(el);
  };
  // A spanning chain of passive elements keeps the graph connected and every node touched twice.
  for (let i = 1; i < N; i++) addElement(KINDS[int(2, 7)], nodes[int(0, i - 1)], nodes[i]);
  const [x0, x1] = opts.extraBranches ?? [2, 6];
  for (let e = int(x0, x1); e > 0; e--) {
    const [a, b] = pair();
    addElement(KINDS[int(0, 7)], a, b);
  }
  const [t0, t1] = opts.twoPorts ?? [0, 3];
  for (let t = int(t0, t1); t > 0; t--) {
    const [a, b] = pair();
    const [c, d] = pair();
    twoPorts.push({ id: `T${t}`, kind: rnd() < 0.7 ? 'transformer' : 'gyrator', ports: [{ from: a, to: b }, { from: c, to: d }], ratio: [0.5, 2, -1.5, 1, 3][int(0, 4)] });
  }
  // Touch every node at least twice.
  const touched = new Map<string, number>();
  const touch = (n: string) => touched.set(n, (touched.get(n) ?? 0) + 1);
  for (const e of elements) {
    touch(e.from as string);
    touch(e.to as string);
  }
  for (const t of twoPorts) for (const p of t.ports as { from: string; to: string }[]) {
    touch(p.from);
    touch(p.to);
  }
  for (const n of nodes) if ((touched.get(n) ?? 0) < 2) addElement('resistor', n, n === 'g' ? nodes[1] : 'g');
  return { name: `random-${seed}`, elements, twoPorts, ground: 'g' };
}

/** The same system with elements and two-ports listed in another (seeded) order. */
export function shuffled(system: Record<string, unknown>, seed: number): Record<string, unknown> {
  const rnd = seededRandom(seed);
  const shuffle = <T>(xs: T[]): T[] => {
    const a = xs.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  return { ...system, elements: shuffle(system.elements as unknown[]), twoPorts: shuffle(system.twoPorts as unknown[]) };
}
