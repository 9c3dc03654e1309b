/**
 * randomMultiDomain: a seeded random network of exactly B branches over five domains (electrical,
 * translational, rotational, fluid, thermal) with A-, T- and D-type elements, across and through sources and
 * about 1 % two-ports (transformers and gyrators) coupling the first four domains. Built so that it always
 * formulates, and so that its state count is known from the construction alone:
 *
 *  - each domain is a random recursive tree of D-type elements (every new node hangs from a uniformly chosen
 *    earlier node or the ground: depth O(log n), so fundamental loops stay short) — the D-type elements span;
 *  - every new node gets a second element (no dangling node): an A-type element to the domain ground (a mass
 *    or capacitor to the reference), or else a chord from it to an earlier node; A-type elements thus form a
 *    star at the ground, so no loop of A-type elements and sources exists;
 *  - chords (that one, and further ones between random nodes) are T-type (D-type in the thermal domain,
 *    which has no T-type);
 *  - an across source sits at a fresh node joined to the network by a series D-type element; a through source
 *    joins a node to the ground; each two-port port likewise sits at a fresh node with a series D-type element.
 *
 * Hence no loop of across sources, A-type elements and two-port ports, and no cutset of through sources,
 * T-type elements and ports (the D-type tree spans): no D0 or D0′ error, no dependent storage. Every A-type
 * element is in the normal tree and every T-type element a link, so n_x = #A + #T.
 */
import { seededRandom } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import type { RawElement, RawOutput, RawParameter, RawSystem } from '@sysgraph/description';
import { numbered } from './ids';
import { randomInt } from './random-int';
import type { Random } from './random-int';

interface DomainKinds {
  readonly domain: Domain;
  /** One-letter tag used in node, element and parameter names. */
  readonly tag: string;
  readonly A: string;
  readonly T?: string;
  readonly D: string;
  readonly E: string;
  readonly J: string;
}

export const RANDOM_DOMAINS: readonly DomainKinds[] = [
  { domain: 'electrical', tag: 'e', A: 'capacitor', T: 'inductor', D: 'resistor', E: 'voltage-source', J: 'current-source' },
  { domain: 'translational', tag: 't', A: 'mass', T: 'spring', D: 'damper', E: 'velocity-source', J: 'force-source' },
  { domain: 'rotational', tag: 'r', A: 'inertia', T: 'torsional-spring', D: 'rotational-damper', E: 'angular-velocity-source', J: 'torque-source' },
  { domain: 'fluid', tag: 'f', A: 'fluid-capacitor', T: 'inertance', D: 'fluid-resistor', E: 'pressure-source', J: 'flow-source' },
  { domain: 'thermal', tag: 'h', A: 'thermal-capacitor', D: 'thermal-resistor', E: 'temperature-source', J: 'heat-source' },
];

/** Domains two-ports may join (a thermal transformer or gyrator has no physical meaning). */
const COUPLED_DOMAINS = 4;
/** Per new node: probability that its second element is an A-type one, of a further chord, of each source. */
const P_STORAGE = 0.5;
const P_CHORD = 0.2;
const P_ACROSS_SOURCE = 0.03;
const P_THROUGH_SOURCE = 0.03;
/** Distinct values per parameter family: element values are names of these parameters. */
const VALUES_PER_FAMILY = 4;
const TWO_PORT_SHARE = 0.01;

export interface RandomNetworkCounts {
  readonly A: number;
  readonly T: number;
  readonly D: number;
  readonly E: number;
  readonly J: number;
  readonly transformers: number;
  readonly gyrators: number;
}

/** The network and what it holds by construction (the tests' independent expectation: states = A + T). */
export interface RandomNetwork {
  readonly system: RawSystem;
  readonly counts: RandomNetworkCounts;
}

export function randomMultiDomain(B: number, seed: number): RawSystem {
  return randomMultiDomainWithCounts(B, seed).system;
}

export function randomMultiDomainWithCounts(B: number, seed: number): RandomNetwork {
  if (!Number.isInteger(B) || B < 20) throw new RangeError(`the branch count must be an integer ≥ 20, got ${B}`);
  const random = seededRandom(seed);
  const counts = { A: 0, T: 0, D: 0, E: 0, J: 0, transformers: 0, gyrators: 0 };
  const elements: RawElement[] = [];
  const twoPorts: RawElement[] = [];
  const parameters: Record<string, RawParameter> = {};
  const serial = new Map<string, number>();
  const nextId = (prefix: string) => {
    const k = (serial.get(prefix) ?? 0) + 1;
    serial.set(prefix, k);
    return numbered(prefix, k, B);
  };
  const param = (family: string): string => {
    const name = `${family}${1 + randomInt(random, VALUES_PER_FAMILY)}`;
    parameters[name] ??= { value: logUniform(random) };
    return name;
  };

  const twoPortCount = Math.max(1, Math.round(TWO_PORT_SHARE * B));
  const oneSided = B - 4 * twoPortCount;
  const share = Math.floor(oneSided / RANDOM_DOMAINS.length);
  // Nodes of each domain a chord or source may use (fresh source and port nodes are kept out).
  const nodesOf: string[][] = [];
  const grounds: string[] = [];
  const outputs: RawOutput[] = [];

  RANDOM_DOMAINS.forEach((d, di) => {
    const ground = `g${d.tag}`;
    grounds.push(ground);
    const nodes = [ground];
    nodesOf.push(nodes);
    const target = di === 0 ? oneSided - share * (RANDOM_DOMAINS.length - 1) : share;
    const add = (cls: 'A' | 'T' | 'D' | 'E' | 'J', from: string, to: string): string => {
      const kind = d[cls] as string;
      const id = nextId(`${cls === 'A' ? 'C' : cls === 'T' ? 'L' : cls === 'D' ? 'R' : cls}${d.tag}`);
      const value = cls === 'E' || cls === 'J' ? 1 : param(`${cls}${d.tag}`);
      elements.push({ id, kind, from, to, value });
      counts[cls]++;
      return id;
    };
    const pick = () => nodes[randomInt(random, nodes.length)];
    let count = 0;
    const chord = () => {
      const a = pick();
      let b = pick();
      while (b === a) b = pick();
      add(d.T !== undefined ? 'T' : 'D', a, b);
      count++;
    };
    while (count < target) {
      if (count + 1 === target && nodes.length > 1) {
        chord(); // one branch left: no room for a node and its two elements
        break;
      }
      // The random recursive tree of D-type elements.
      const x = nextId(d.tag);
      const first = add('D', pick(), x);
      if (count === 0) outputs.push({ name: `i_${first}`, element: first, variable: 'through' });
      count++;
      // Its second element (no dangling node): an A-type element to the ground, or a chord from it.
      if (random() < P_STORAGE) add('A', x, ground);
      else add(d.T !== undefined ? 'T' : 'D', x, pick());
      nodes.push(x);
      count++;
      if (count < target && random() < P_CHORD) chord();
      if (count + 1 < target && random() < P_ACROSS_SOURCE) {
        const s = nextId(`s${d.tag}`);
        add('E', s, ground);
        add('D', s, pick());
        count += 2;
      }
      if (count < target && random() < P_THROUGH_SOURCE) {
        add('J', ground, nodes[1 + randomInt(random, nodes.length - 1)]);
        count++;
      }
    }
  });

  // Two-ports: each port at a fresh node, in series with a D-type element into its domain.
  const port = (di: number): { from: string; to: string; domain: Domain } => {
    const d = RANDOM_DOMAINS[di];
    const p = nextId(`p${d.tag}`);
    const nodes = nodesOf[di];
    const id = nextId(`R${d.tag}`);
    elements.push({ id, kind: d.D, from: p, to: nodes[randomInt(random, nodes.length)], value: param(`D${d.tag}`) });
    counts.D++;
    return { from: p, to: grounds[di], domain: d.domain };
  };
  for (let j = 0; j < twoPortCount; j++) {
    const d1 = randomInt(random, COUPLED_DOMAINS);
    const d2 = (d1 + 1 + randomInt(random, COUPLED_DOMAINS - 1)) % COUPLED_DOMAINS;
    const transformer = random() < 0.5;
    const kind = transformer ? 'transformer' : 'gyrator';
    counts[transformer ? 'transformers' : 'gyrators']++;
    twoPorts.push({ id: nextId(transformer ? 'TF' : 'GY'), kind, ports: [port(d1), port(d2)], ratio: param(transformer ? 'n' : 'r') });
  }

  return {
    system: { name: `random-multi-domain-${B}-${seed}`, parameters, elements, twoPorts, outputs, ground: grounds },
    counts,
  };
}

/** A value in [0.5, 2), log-uniform, to three significant digits. */
function logUniform(random: Random): number {
  return Number((0.5 * 4 ** random()).toPrecision(3));
}
