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
 * Identifying terminals is exact when the two sides meet only at those two nodes (a 2-sum). When the junction
 * structure is that of a circuit (groundedApplies below), the common-across junctions share one ground and the
 * rings are ordered so that each runs from the node of its bond in to the node of its bond out: the circuit
 * itself, exact whatever the loops of junctions. Otherwise, a bond between junctions that closes a loop of
 * junctions (its ends already joined through other junction–junction bonds) is split into two ports coupled by
 * a unit transformer (a "chord"), so that every identification joins two separate networks.
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
  /** Whether the grounded construction was used (groundedApplies). */
  readonly grounded: boolean;
  /** The node name of a terminal. */
  nodeName(terminal: number): string;
}

/** Whether a junction has a common across variable (parallel) in its region's analogy. */
export function isCommonAcross(kind: '0' | '1', analogy: 'E' | 'F'): boolean {
  return (kind === '0') === (analogy === 'E');
}

/**
 * Whether the grounded construction applies: every common-through junction has at most one bond in from a
 * common-across junction and at most one bond out to one, and no bond joins two common-through junctions. Then
 * every common-across junction is a node against one ground per region (its effort or flow is the node's
 * potential), and a common-through junction is the series chain of its other bonds from the node of its bond in
 * to the node of its bond out — the circuit a bond graph drawn from a circuit came from; loops of junctions
 * need no transformer.
 */
function groundedApplies(graph: BondGraph, regions: Regions, kindOf: ReadonlyMap<string, string>): boolean {
  const across = (id: string, k: number) => JUNCTION_KINDS.has(kindOf.get(id) as '0') && isCommonAcross(kindOf.get(id) as '0' | '1', regions.analogy[regions.ofBond[k]]);
  const through = (id: string, k: number) => JUNCTION_KINDS.has(kindOf.get(id) as '0') && !across(id, k);
  const ins = new Map<string, number>();
  const outs = new Map<string, number>();
  for (const [k, b] of graph.bonds.entries()) {
    if (through(b.from, k) && through(b.to, k)) return false;
    if (across(b.from, k) && through(b.to, k)) ins.set(b.to, (ins.get(b.to) ?? 0) + 1);
    if (through(b.from, k) && across(b.to, k)) outs.set(b.from, (outs.get(b.from) ?? 0) + 1);
  }
  return [...ins.values(), ...outs.values()].every((n) => n <= 1);
}

export function junctionNodes(graph: BondGraph, regions: Regions): JunctionNodes {
  const bonds = graph.bonds;
  const kindOf = new Map(graph.elements.map((e) => [e.id, e.kind]));
  const isJunction = (id: string) => JUNCTION_KINDS.has(kindOf.get(id)!);
  const grounded = groundedApplies(graph, regions, kindOf);
  const regionCount = regions.domain.length;

  // chords (2-sum construction only): junction–junction bonds closing a loop of junctions
  const junctionIds = graph.elements.filter((e) => JUNCTION_KINDS.has(e.kind)).map((e) => e.id);
  const junctionIndex = new Map(junctionIds.map((id, k) => [id, k]));
  const joined = new UnionFind(junctionIds.length);
  const chords: number[] = [];
  if (!grounded) {
    bonds.forEach((b, k) => {
      if (isJunction(b.from) && isJunction(b.to) && !joined.union(junctionIndex.get(b.from)!, junctionIndex.get(b.to)!)) chords.push(k);
    });
  }

  // terminals: 2 per bond, 2 more per chord, then one ground per region
  const sending: Terminals[] = bonds.map((_, k) => ({ P: 2 * k, N: 2 * k + 1 }));
  const receiving: Terminals[] = [...sending];
  chords.forEach((k, c) => {
    receiving[k] = { P: 2 * bonds.length + 2 * c, N: 2 * bonds.length + 2 * c + 1 };
  });
  const groundBase = 2 * bonds.length + 2 * chords.length;
  const total = groundBase + regionCount;
  const terminals = new UnionFind(total);

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
    const region = regions.ofBond[list[0]];
    const analogy = regions.analogy[region];
    const side = (k: number) => (bonds[k].from === id ? sending[k] : receiving[k]);
    if (isCommonAcross(kind, analogy)) {
      for (const k of list.slice(1)) {
        terminals.union(side(list[0]).P, side(k).P);
        terminals.union(side(list[0]).N, side(k).N);
      }
      if (grounded) terminals.union(side(list[0]).N, groundBase + region);
      parallelName.set(side(list[0]).P, id);
    } else {
      // grounded: the bond in from a node first, the bond out to a node last (the chain runs between them)
      const fromNode = (k: number) => bonds[k].to === id && isJunction(bonds[k].from);
      const toNode = (k: number) => bonds[k].from === id && isJunction(bonds[k].to);
      const order = grounded ? [...list.filter(fromNode), ...list.filter((k) => !fromNode(k) && !toNode(k)), ...list.filter(toNode)] : list;
      // ring: into the junction (bonds[k].to === id) entry N, exit P; out of it entry P, exit N
      const entry = (k: number) => (bonds[k].to === id ? side(k).N : side(k).P);
      const exit = (k: number) => (bonds[k].to === id ? side(k).P : side(k).N);
      order.forEach((k, j) => terminals.union(exit(k), entry(order[(j + 1) % order.length])));
    }
  }

  // names: a common-across junction's node is named after the junction, a region's ground g (g2, …), the others
  // n1, n2, … in bond order
  const names = new Map<number, string>();
  const taken = new Set([...graph.elements.map((e) => e.id), ...bonds.map((b) => b.id)]);
  const next = new Map<string, number>();
  /** g, g2, g3, … or n1, n2, … skipping ids in use; each base keeps its counter (linear in the nodes). */
  const fresh = (base: 'g' | 'n') => {
    let k = next.get(base) ?? 1;
    const nameOf = (x: number) => (base === 'g' && x === 1 ? 'g' : `${base}${x}`);
    while (taken.has(nameOf(k))) k++;
    next.set(base, k + 1);
    taken.add(nameOf(k));
    return nameOf(k);
  };
  if (grounded) for (let r = 0; r < regionCount; r++) names.set(terminals.find(groundBase + r), fresh('g'));
  for (const [terminal, id] of parallelName) {
    const root = terminals.find(terminal);
    if (!names.has(root)) names.set(root, id);
  }
  for (let t = 0; t < total; t++) {
    const root = terminals.find(t);
    if (!names.has(root)) names.set(root, fresh('n'));
  }
  return { sending, receiving, chords, grounded, nodeName: (t) => names.get(terminals.find(t))! };
}
