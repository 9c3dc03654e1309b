/**
 * Seeded random networks for the oracle comparisons (formulation.md section 13, "Random graphs"):
 * 3–7 nodes, E, J, C, R, L elements, 0–3 transformers, 0–1 gyrator, occasional mutual inductances,
 * values log-uniform in [0.2, 5], ratios ±[0.3, 3] (degenerate family: ±1, ±2, ±½).
 * Admissible: no self loop, no loop made only of E, no cutset made only of J, every node touched by ≥ 2 terminals;
 * an inadmissible draw is redrawn from the same stream (deterministic).
 */
import { SysgraphError } from '@sysgraph/core';
import type { OracleBranch, OracleMutual, OracleNetwork, OracleTwoPort } from './oracle-network';
import type { Prng } from './prng';
import { mixSeed, mulberry32 } from './prng';
import { cutRank, cycleRank } from './graph-ranks';
import { networkEdges, networkNodes } from './network-edges';

export type Family = 'mixed' | 'capacitor-loops' | 'inductor-cutsets' | 'resistor-loops' | 'two-ports' | 'degenerate';

export const FAMILIES: readonly Family[] = [
  'mixed',
  'capacitor-loops',
  'inductor-cutsets',
  'resistor-loops',
  'two-ports',
  'degenerate',
];

type OnePortKind = OracleBranch['kind'];

interface Profile {
  /** Relative weights of E, J, C, L, R for ordinary branches. */
  weights: Record<OnePortKind, number>;
  /** Transformer counts to pick from (uniformly). */
  transformers: readonly number[];
  gyratorChance: number;
  mutualChance: number;
  ratio: (rng: Prng) => number;
  /** Chance that port 2 of a two-port is put on port 1's nodes (loop gains of one). */
  parallelPortChance: number;
}

const ordinaryRatio = (rng: Prng) => (rng.chance(0.5) ? -1 : 1) * rng.logUniform(0.3, 3);
const degenerateRatio = (rng: Prng) => rng.pick([1, -1, 2, -2, 0.5, -0.5]);
const BASE: Record<OnePortKind, number> = { E: 1, J: 1, C: 2, L: 2, R: 3 };

const PROFILES: Record<Family, Profile> = {
  mixed: { weights: BASE, transformers: [0, 0, 1, 1, 2, 3], gyratorChance: 0.3, mutualChance: 0.3, ratio: ordinaryRatio, parallelPortChance: 0 },
  'capacitor-loops': {
    weights: { E: 1.5, J: 0.5, C: 3, L: 1, R: 2 },
    transformers: [0, 0, 1, 2],
    gyratorChance: 0.15,
    mutualChance: 0.15,
    ratio: ordinaryRatio,
    parallelPortChance: 0,
  },
  'inductor-cutsets': {
    weights: { E: 0.5, J: 1.5, C: 1, L: 3, R: 2 },
    transformers: [0, 0, 1, 2],
    gyratorChance: 0.15,
    mutualChance: 0.4,
    ratio: ordinaryRatio,
    parallelPortChance: 0,
  },
  'resistor-loops': {
    weights: { E: 1, J: 0.5, C: 1, L: 1, R: 4 },
    transformers: [0, 0, 1, 2],
    gyratorChance: 0.15,
    mutualChance: 0.1,
    ratio: ordinaryRatio,
    parallelPortChance: 0,
  },
  'two-ports': { weights: BASE, transformers: [1, 2, 3], gyratorChance: 0.7, mutualChance: 0.2, ratio: ordinaryRatio, parallelPortChance: 0 },
  degenerate: { weights: BASE, transformers: [1, 2, 3], gyratorChance: 0.3, mutualChance: 0.2, ratio: degenerateRatio, parallelPortChance: 0.3 },
};

function pickKind(rng: Prng, weights: Record<OnePortKind, number>): OnePortKind {
  const kinds: OnePortKind[] = ['E', 'J', 'C', 'L', 'R'];
  const total = kinds.reduce((s, k) => s + weights[k], 0);
  let x = rng.next() * total;
  for (const k of kinds) {
    x -= weights[k];
    if (x < 0) return k;
  }
  return 'R';
}

/** Cholesky test: is the symmetric matrix positive definite? */
function positiveDefinite(m: number[][]): boolean {
  const n = m.length;
  const l = m.map(() => new Array<number>(n).fill(0));
  for (let j = 0; j < n; j++) {
    let d = m[j][j];
    for (let k = 0; k < j; k++) d -= l[j][k] * l[j][k];
    if (!(d > 1e-9 * m[j][j])) return false;
    l[j][j] = Math.sqrt(d);
    for (let i = j + 1; i < n; i++) {
      let s = m[i][j];
      for (let k = 0; k < j; k++) s -= l[i][k] * l[j][k];
      l[i][j] = s / l[j][j];
    }
  }
  return true;
}

class Draw {
  readonly branches: OracleBranch[] = [];
  readonly twoPorts: OracleTwoPort[] = [];
  readonly mutuals: OracleMutual[] = [];
  private readonly counters = new Map<string, number>();
  constructor(
    readonly rng: Prng,
    readonly profile: Profile,
  ) {}

  id(prefix: string): string {
    const k = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, k);
    return `${prefix}${k}`;
  }

  /** A one-port between a and b, arrow direction random. */
  add(kind: OnePortKind, a: string, b: string): OracleBranch {
    const [from, to] = this.rng.chance(0.5) ? [a, b] : [b, a];
    const branch: OracleBranch = { id: this.id(kind), kind, from, to };
    if (kind === 'C' || kind === 'L' || kind === 'R') branch.value = this.rng.logUniform(0.2, 5);
    this.branches.push(branch);
    return branch;
  }

  /** Two distinct nodes of one group. */
  pair(group: readonly string[]): [string, string] {
    const a = this.rng.int(0, group.length - 1);
    let b = this.rng.int(0, group.length - 2);
    if (b >= a) b++;
    return [group[a], group[b]];
  }
}

function drawOnce(rng: Prng, family: Family): OracleNetwork {
  const profile = PROFILES[family];
  const d = new Draw(rng, profile);
  const count = rng.int(3, 7);
  const nodes = Array.from({ length: count }, (_, k) => `n${k}`);
  // Connected, or two components (each of ≥ 2 nodes) that only two-ports may join.
  let groups: string[][] = [nodes];
  if (count >= 5 && rng.chance(0.2)) {
    const cut = rng.int(2, count - 2);
    groups = [nodes.slice(0, cut), nodes.slice(cut)];
  }
  const groupOf = (n: string) => groups.find((g) => g.includes(n))!;
  const randomGroup = () => groupOf(rng.pick(nodes));
  for (const g of groups) {
    for (let j = 1; j < g.length; j++) d.add(pickKind(rng, profile.weights), g[j], g[rng.int(0, j - 1)]);
  }
  const extras = rng.int(1, count);
  for (let q = 0; q < extras; q++) {
    const [a, b] = d.pair(randomGroup());
    d.add(pickKind(rng, profile.weights), a, b);
  }
  if (family === 'capacitor-loops') {
    // Extra capacitors in parallel with an E or C, or closing a triangle with it.
    const times = rng.int(1, 3);
    for (let q = 0; q < times; q++) {
      const bases = d.branches.filter((b) => b.kind === 'E' || b.kind === 'C');
      const base = bases.length ? rng.pick(bases) : rng.pick(d.branches);
      const g = groupOf(base.from);
      const third = g.filter((n) => n !== base.from && n !== base.to);
      if (third.length && rng.chance(0.5)) {
        const c = rng.pick(third);
        d.add('C', base.from, c);
        d.add('C', c, base.to);
      } else d.add('C', base.from, base.to);
    }
  }
  if (family === 'inductor-cutsets') {
    // Every one-port at a chosen node becomes L or J (at least one L): an L/J cutset, L in series with J.
    const times = rng.int(1, 2);
    for (let q = 0; q < times; q++) {
      const n = rng.pick(nodes);
      const at = d.branches.filter((b) => b.from === n || b.to === n);
      at.forEach((b, k) => {
        const kind: OnePortKind = k > 0 && rng.chance(0.35) ? 'J' : 'L';
        b.kind = kind;
        if (kind === 'L') b.value = rng.logUniform(0.2, 5);
        else delete b.value;
      });
    }
  }
  if (family === 'resistor-loops') {
    const times = rng.int(2, 4);
    for (let q = 0; q < times; q++) {
      const [a, b] = d.pair(randomGroup());
      d.add('R', a, b);
    }
  }
  // Two-ports: each port within one group; the two ports may sit in different groups.
  // At most (#nodes − 2) two-ports (at least one): more ports than that on so few nodes over-determines most draws.
  const gyrators = rng.chance(profile.gyratorChance) ? 1 : 0;
  const transformers = Math.min(rng.pick(profile.transformers), Math.max(1, count - 2) - gyrators);
  for (let q = 0; q < transformers + gyrators; q++) {
    const kind = q < transformers ? 'TF' : 'GY';
    const [a1, b1] = d.pair(randomGroup());
    const [a2, b2] = rng.chance(profile.parallelPortChance)
      ? rng.chance(0.5)
        ? [a1, b1]
        : [b1, a1]
      : d.pair(randomGroup());
    d.twoPorts.push({
      id: d.id(kind),
      kind,
      port1: { from: a1, to: b1 },
      port2: { from: a2, to: b2 },
      ratio: profile.ratio(rng),
    });
  }
  // Every node touched by at least two branch terminals.
  const terminals = (n: string) =>
    d.branches.filter((b) => b.from === n || b.to === n).length +
    d.twoPorts.reduce((s, t) => s + [t.port1, t.port2].filter((p) => p.from === n || p.to === n).length, 0);
  for (const n of nodes) {
    while (terminals(n) < 2) {
      const others = groupOf(n).filter((m) => m !== n);
      d.add(pickKind(rng, profile.weights), n, rng.pick(others));
    }
  }
  // Occasional mutual inductances, |k| < 0.9 (as values or as coupling factors), kept only while the inductance matrix stays positive definite.
  const inductors = d.branches.filter((b) => b.kind === 'L');
  if (inductors.length >= 2 && rng.chance(profile.mutualChance)) {
    const wanted = rng.int(1, Math.min(2, inductors.length - 1));
    for (let q = 0; q < wanted; q++) {
      const a = rng.int(0, inductors.length - 1);
      let b = rng.int(0, inductors.length - 2);
      if (b >= a) b++;
      const [la, lb] = [inductors[a], inductors[b]];
      if (d.mutuals.some((m) => (m.a === la.id && m.b === lb.id) || (m.a === lb.id && m.b === la.id))) continue;
      const k = (rng.chance(0.5) ? -1 : 1) * rng.uniform(0.1, 0.85);
      // Half the couplings given as k (JSON `coupling`: the engine forms k·√(L_a L_b)), half as M; the form is
      // read off the drawn indices, so the random sequence (and every other network) is unchanged.
      const asFactor = (a + b + q) % 2 === 0;
      const candidate = { a: la.id, b: lb.id, M: k * Math.sqrt((la.value as number) * (lb.value as number)), ...(asFactor ? { k } : {}) };
      const index = new Map(inductors.map((l, i) => [l.id, i]));
      const matrix = inductors.map((l, i) => inductors.map((_, j) => (i === j ? (l.value as number) : 0)));
      for (const m of [...d.mutuals, candidate]) {
        matrix[index.get(m.a)!][index.get(m.b)!] += m.M;
        matrix[index.get(m.b)!][index.get(m.a)!] += m.M;
      }
      if (positiveDefinite(matrix)) d.mutuals.push(candidate);
    }
  }
  return { branches: d.branches, twoPorts: d.twoPorts, mutuals: d.mutuals };
}

/** Why a network is not admissible for the random families, or undefined. */
export function inadmissibility(net: OracleNetwork): string | undefined {
  const edges = networkEdges(net);
  const nodes = networkNodes(net);
  if (edges.some((e) => e.from === e.to)) return 'self loop';
  if (cycleRank(nodes, edges.filter((e) => e.kind === 'E')) > 0) return 'loop of across sources';
  if (cutRank(nodes, edges, new Set(edges.filter((e) => e.kind === 'J'))) > 0) return 'cutset of through sources';
  for (const n of nodes) {
    if (edges.filter((e) => e.from === n).length + edges.filter((e) => e.to === n).length < 2) return `node ${n} has one terminal`;
  }
  return undefined;
}

/** A deterministic random network of the given family (same seed and family → same network). */
export function randomNetwork(seed: number, family: Family): OracleNetwork {
  if (!FAMILIES.includes(family)) {
    throw new SysgraphError('bad-option', `unknown random network family ${String(family)}`, {
      field: 'family',
      expected: FAMILIES.join(', '),
    });
  }
  if (!Number.isInteger(seed)) {
    throw new SysgraphError('bad-option', `seed must be an integer`, { field: 'seed', expected: 'an integer' });
  }
  const rng = mulberry32(mixSeed(seed, family));
  for (let attempt = 0; attempt < 1000; attempt++) {
    const net = drawOnce(rng, family);
    if (inadmissibility(net) === undefined) return net;
  }
  throw new SysgraphError('solver-failure', `no admissible ${family} network for seed ${seed} in 1000 draws`, {
    field: 'seed',
    expected: 'another seed',
  });
}

/** The family used for seed s in the seeded sweeps: the families in turn. */
export function familyOfSeed(seed: number): Family {
  return FAMILIES[((seed % FAMILIES.length) + FAMILIES.length) % FAMILIES.length];
}

