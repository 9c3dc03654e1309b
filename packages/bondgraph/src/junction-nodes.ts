/**
 * The nodes of the equivalent linear graph. Each bond b is a port: two terminals P_b, N_b with
 *   across = φ(P_b) − φ(N_b),  through = the current that leaves the sending side at P_b, enters the receiving
 *   side and returns at N_b,
 * where (across, through) = (e, f) in the E analogy and (f, e) in the F analogy (analogy.ts); power e·f = across·through.
 * A junction identifies its bonds' terminals (a 2-sum of the networks on either side):
 *   common-across junction (0 in E, 1 in F): all P_b one node, all N_b one node (a parallel connection:
 *     Σ_in through = Σ_out through is KCL at the P node);
 *   common-through junction (1 in E, 0 in F): a ring, the bonds in series. Walking with the common through,
 *     a bond into the junction is crossed N_b → P_b and a bond out P_b → N_b, so the exit of one bond is the
 *     entry of the next and KVL around the ring is Σ_out across − Σ_in across = 0.
 * Identifying terminals is exact when the two sides meet only at those two nodes. A bond between junctions
 * that closes a loop of junctions (its ends already joined through other junction–junction bonds) is instead
 * split into two ports coupled by a unit transformer (a "chord"), so that every identification joins two
 * separate networks.
 */
import { UnionFind } from '@sysgraph/graph';
import type { Regions } from './regions';
import { JUNCTION_KINDS } from './types';
import type { BondGraph } from './types';

/** The terminals of one bond as seen from one end. */
export interface Terminals {
  readonly P: number;
  readonly N: number;
}

export interface JunctionNodes {
  /** Terminals of bond k on its sending side (the `from` element's). */
  readonly sending: readonly Terminals[];
  /** Terminals of bond k on its receiving side (differs from sending only for a chord). */
  readonly receiving: readonly Terminals[];
  /** Bonds split by a unit transformer (indices into graph.bonds). */
  readonly chords: readonly number[];
  /** The node name of a terminal. */
  nodeName(terminal: number): string;
}

/** Whether a junction has a common across variable (parallel) in its region's analogy. */
export function isCommonAcross(kind: '0' | '1', analogy: 'E' | 'F'): boolean {
  return (kind === '0') === (analogy === 'E');
}

export function junctionNodes(graph: BondGraph, regions: Regions): JunctionNodes {
  const bonds = graph.bonds;
  const kindOf = new Map(graph.elements.map((e) => [e.id, e.kind]));
  const isJunction = (id: string) => JUNCTION_KINDS.has(kindOf.get(id)!);

  // chords: junction–junction bonds closing a loop of junctions
  const junctionIds = graph.elements.filter((e) => JUNCTION_KINDS.has(e.kind)).map((e) => e.id);
  const junctionIndex = new Map(junctionIds.map((id, k) => [id, k]));
  const joined = new UnionFind(junctionIds.length);
  const chords: number[] = [];
  bonds.forEach((b, k) => {
    if (isJunction(b.from) && isJunction(b.to) && !joined.union(junctionIndex.get(b.from)!, junctionIndex.get(b.to)!)) chords.push(k);
  });

  // terminals: 2 per bond, 2 more per chord
  const sending: Terminals[] = bonds.map((_, k) => ({ P: 2 * k, N: 2 * k + 1 }));
  const receiving: Terminals[] = [...sending];
  chords.forEach((k, c) => {
    receiving[k] = { P: 2 * bonds.length + 2 * c, N: 2 * bonds.length + 2 * c + 1 };
  });
  const terminals = new UnionFind(2 * bonds.length + 2 * chords.length);

  const incident = new Map<string, number[]>();
  bonds.forEach((b, k) => {
    for (const end of [b.from, b.to]) {
      const list = incident.get(end);
      if (list) list.push(k);
      else incident.set(end, [k]);
    }
  });
  const parallelName = new Map<number, string>();
  for (const id of junctionIds) {
    const list = incident.get(id) ?? [];
    const kind = kindOf.get(id) as '0' | '1';
    const analogy = regions.analogy[regions.ofBond[list[0]]];
    const side = (k: number) => (bonds[k].from === id ? sending[k] : receiving[k]);
    if (isCommonAcross(kind, analogy)) {
      for (const k of list.slice(1)) {
        terminals.union(side(list[0]).P, side(k).P);
        terminals.union(side(list[0]).N, side(k).N);
      }
      parallelName.set(side(list[0]).P, id);
    } else {
      // ring: into the junction (bonds[k].to === id) entry N, exit P; out of it entry P, exit N
      const entry = (k: number) => (bonds[k].to === id ? side(k).N : side(k).P);
      const exit = (k: number) => (bonds[k].to === id ? side(k).P : side(k).N);
      list.forEach((k, j) => terminals.union(exit(k), entry(list[(j + 1) % list.length])));
    }
  }

  // names: a common-across junction's node is named after the junction, the others n1, n2, … in bond order
  const names = new Map<number, string>();
  for (const [terminal, id] of parallelName) {
    const root = terminals.find(terminal);
    if (!names.has(root)) names.set(root, id);
  }
  const taken = new Set([...graph.elements.map((e) => e.id), ...bonds.map((b) => b.id)]);
  let next = 1;
  const total = 2 * bonds.length + 2 * chords.length;
  for (let t = 0; t < total; t++) {
    const root = terminals.find(t);
    if (names.has(root)) continue;
    while (taken.has(`n${next}`)) next++;
    names.set(root, `n${next++}`);
  }
  return { sending, receiving, chords, nodeName: (t) => names.get(terminals.find(t))! };
}
