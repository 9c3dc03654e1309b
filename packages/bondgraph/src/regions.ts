/**
 * Regions: the sets of bonds joined through junctions (a one-port has one bond; TF and GY separate their two
 * bonds). One region is one domain, hence one analogy (analogy.ts): its domain is the one its elements and
 * junctions give, else the graph's default, else generic. Two different domains in one region are refused,
 * naming both elements.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Domain } from '@sysgraph/core';
import { UnionFind } from '@sysgraph/graph';
import { analogyOf } from './analogy';
import type { Analogy } from './analogy';
import { JUNCTION_KINDS } from './types';
import type { BondGraph } from './types';

export interface Regions {
  /** Region index of each bond (graph.bonds order). */
  readonly ofBond: Int32Array;
  /** Domain of each region (undefined: generic). */
  readonly domain: readonly (Domain | undefined)[];
  readonly analogy: readonly Analogy[];
}

export function findRegions(graph: BondGraph): Regions {
  const bonds = graph.bonds;
  const uf = new UnionFind(bonds.length);
  const firstBond = new Map<string, number>();
  const kindOf = new Map(graph.elements.map((e) => [e.id, e.kind]));
  bonds.forEach((b, k) => {
    for (const end of [b.from, b.to]) {
      const kind = kindOf.get(end);
      if (kind === 'TF' || kind === 'GY') continue;
      const first = firstBond.get(end);
      if (first === undefined) firstBond.set(end, k);
      else uf.union(first, k);
    }
  });
  const index = new Map<number, number>();
  const ofBond = new Int32Array(bonds.length);
  bonds.forEach((_, k) => {
    const root = uf.find(k);
    if (!index.has(root)) index.set(root, index.size);
    ofBond[k] = index.get(root)!;
  });
  const domain: (Domain | undefined)[] = new Array(index.size).fill(undefined);
  const givenBy: (string | undefined)[] = new Array(index.size).fill(undefined);
  for (const e of graph.elements) {
    if (!e.domain) continue;
    const k = firstBond.get(e.id);
    if (k === undefined) continue;
    const r = ofBond[k];
    if (domain[r] === undefined) {
      domain[r] = e.domain;
      givenBy[r] = e.id;
    } else if (domain[r] !== e.domain) {
      throw new SysgraphError('bad-value', `${e.id}.domain: ${e.domain}, but ${givenBy[r]}, joined to it through ${JUNCTION_KINDS.has(e.kind) ? 'its bonds' : 'junctions'}, is ${domain[r]}`, {
        element: e.id,
        field: 'domain',
        elements: [givenBy[r]!, e.id],
        expected: `one domain on each side of a TF or GY (here ${domain[r]}); join two domains through a TF or GY`,
      });
    }
  }
  for (let r = 0; r < domain.length; r++) domain[r] ??= graph.domain;
  return { ofBond, domain, analogy: domain.map(analogyOf) };
}
