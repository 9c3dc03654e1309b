/**
 * The oracle's own network format and its expansion into one flat, indexed branch list.
 * Implements the conventions of formulation.md section 1 (normative); independent of the project's parser and graph.
 */
import { SysgraphError } from '@sysgraph/core';

/** A one-port: across source E, through source J, capacitor C, inductor L, resistor R (arrow from → to). */
export interface OracleBranch {
  id: string;
  kind: 'E' | 'J' | 'C' | 'L' | 'R';
  from: string;
  to: string;
  /** C, L or R value; sources carry none (their input is named by the id). */
  value?: number;
}

/** Transformer (v1 = TF·v2, i1 = −i2/TF) or gyrator (v1 = GY·i2, i1 = −v2/GY); ports are `${id}.1`, `${id}.2`. */
export interface OracleTwoPort {
  id: string;
  kind: 'TF' | 'GY';
  port1: { from: string; to: string };
  port2: { from: string; to: string };
  ratio: number;
}

/** Mutual inductance M between two L branches: v_a = L_a i_a' + M i_b' and v_b = L_b i_b' + M i_a'. */
export interface OracleMutual {
  a: string;
  b: string;
  /** The mutual inductance M (what the tableau uses). */
  M: number;
  /**
   * Set when the coupling is given by its factor k = M/√(L_a L_b) (JSON `coupling`, SPICE K): the engine then
   * forms M from k and the two inductances itself.
   */
  k?: number;
}

export interface OracleNetwork {
  branches: OracleBranch[];
  twoPorts: OracleTwoPort[];
  mutuals: OracleMutual[];
}

/** One branch of the flat list: the one-ports in order, then the two ports of each two-port (kind 'P'). */
export interface FlatBranch {
  id: string;
  kind: 'E' | 'J' | 'C' | 'L' | 'R' | 'P';
  from: number;
  to: number;
  value: number;
}

/** The network on integer ids: nodes in order of first appearance, one ground per connected component. */
export interface IndexedNetwork {
  nodes: string[];
  /** Column of each node's potential among the unknowns, or −1 for a ground (φ = 0). */
  potentialIndex: number[];
  /** Number of non-ground nodes. */
  potentials: number;
  branches: FlatBranch[];
  branchIndex: Map<string, number>;
  twoPorts: { id: string; kind: 'TF' | 'GY'; port1: number; port2: number; ratio: number }[];
  /** Inductance couplings: for each L branch k, the list of (m, L_km) with L_kk first. */
  inductance: Map<number, { branch: number; value: number }[]>;
}

function positiveFinite(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x) && x > 0;
}

/** Validate and index a network. Ground: the first node of each component, in flat branch order. */
export function indexNetwork(net: OracleNetwork): IndexedNetwork {
  const nodes: string[] = [];
  const nodeIndex = new Map<string, number>();
  const node = (name: string, owner: string, field: string): number => {
    if (typeof name !== 'string' || name.length === 0) {
      throw new SysgraphError('missing-field', `${owner}: ${field} must be a node name`, {
        element: owner,
        field,
        expected: 'a non-empty node name',
      });
    }
    let k = nodeIndex.get(name);
    if (k === undefined) {
      k = nodes.length;
      nodes.push(name);
      nodeIndex.set(name, k);
    }
    return k;
  };
  const branches: FlatBranch[] = [];
  const branchIndex = new Map<string, number>();
  const add = (id: string, kind: FlatBranch['kind'], from: string, to: string, value: number): number => {
    if (branchIndex.has(id)) {
      throw new SysgraphError('duplicate-id', `duplicate branch id ${id}`, { element: id, field: 'id', expected: 'a unique id' });
    }
    const a = node(from, id, 'from');
    const b = node(to, id, 'to');
    if (a === b) {
      throw new SysgraphError('self-loop', `${id} joins node ${from} to itself`, {
        element: id,
        field: 'to',
        expected: 'two different nodes',
      });
    }
    branchIndex.set(id, branches.length);
    branches.push({ id, kind, from: a, to: b, value });
    return branches.length - 1;
  };
  for (const br of net.branches) {
    if (!['E', 'J', 'C', 'L', 'R'].includes(br.kind)) {
      throw new SysgraphError('unknown-kind', `${br.id}: unknown kind ${String(br.kind)}`, {
        element: br.id,
        field: 'kind',
        expected: 'E, J, C, L or R',
      });
    }
    const stores = br.kind === 'C' || br.kind === 'L' || br.kind === 'R';
    if (stores && !positiveFinite(br.value)) {
      throw new SysgraphError('non-positive-value', `${br.id}: value must be positive and finite`, {
        element: br.id,
        field: 'value',
        expected: 'a positive finite number',
      });
    }
    add(br.id, br.kind, br.from, br.to, stores ? (br.value as number) : 0);
  }
  const twoPorts: IndexedNetwork['twoPorts'] = [];
  for (const tp of net.twoPorts) {
    if (tp.kind !== 'TF' && tp.kind !== 'GY') {
      throw new SysgraphError('unknown-kind', `${tp.id}: unknown two-port kind ${String(tp.kind)}`, {
        element: tp.id,
        field: 'kind',
        expected: 'TF or GY',
      });
    }
    if (typeof tp.ratio !== 'number' || !Number.isFinite(tp.ratio) || tp.ratio === 0) {
      throw new SysgraphError('bad-value', `${tp.id}: ratio must be finite and nonzero`, {
        element: tp.id,
        field: 'ratio',
        expected: 'a finite nonzero number',
      });
    }
    const port1 = add(`${tp.id}.1`, 'P', tp.port1.from, tp.port1.to, 0);
    const port2 = add(`${tp.id}.2`, 'P', tp.port2.from, tp.port2.to, 0);
    twoPorts.push({ id: tp.id, kind: tp.kind, port1, port2, ratio: tp.ratio });
  }
  // Inductance matrix rows: L_kk on the diagonal, M between coupled inductors.
  const inductance = new Map<number, { branch: number; value: number }[]>();
  branches.forEach((b, k) => {
    if (b.kind === 'L') inductance.set(k, [{ branch: k, value: b.value }]);
  });
  net.mutuals.forEach((m, q) => {
    const owner = `mutual ${q} (${m.a}, ${m.b})`;
    const ka = branchIndex.get(m.a);
    const kb = branchIndex.get(m.b);
    for (const [k, field] of [
      [ka, 'a'],
      [kb, 'b'],
    ] as const) {
      if (k === undefined || branches[k].kind !== 'L') {
        throw new SysgraphError('bad-mutual-inductance', `${owner}: ${field} must name an inductor`, {
          element: owner,
          field,
          expected: 'the id of an L branch',
        });
      }
    }
    if (ka === kb || typeof m.M !== 'number' || !Number.isFinite(m.M)) {
      throw new SysgraphError('bad-mutual-inductance', `${owner}: needs two different inductors and a finite M`, {
        element: owner,
        field: 'M',
        expected: 'two different inductors and a finite M',
      });
    }
    inductance.get(ka as number)!.push({ branch: kb as number, value: m.M });
    inductance.get(kb as number)!.push({ branch: ka as number, value: m.M });
  });
  // Components by union-find over all branches; the first node of each component (in order of appearance) is ground.
  const parent = nodes.map((_, k) => k);
  const find = (k: number): number => {
    while (parent[k] !== k) k = parent[k] = parent[parent[k]];
    return k;
  };
  for (const b of branches) {
    const ra = find(b.from);
    const rb = find(b.to);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  const potentialIndex: number[] = [];
  let potentials = 0;
  nodes.forEach((_, k) => {
    potentialIndex.push(find(k) === k ? -1 : potentials++);
  });
  return { nodes, potentialIndex, potentials, branches, branchIndex, twoPorts, inductance };
}
