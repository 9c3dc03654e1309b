/**
 * BranchInfo: the per-branch record of the linear graph (id, element, class, kind, domain, terminals), read
 * from the description in buildLinearGraph's numbering: the one-ports 0 … P−1, the sources P … P+S−1, then
 * the two ports of each two-port. The stages themselves read the typed arrays of LinearGraph (from, to, cls)
 * and its ids; these records serve reports and lookups, so they are made on first use.
 * Cost: branchInfos O(B); branchDomain O(1).
 */
import type { BranchClass, Domain } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';

export interface BranchInfo {
  readonly index: number;
  /** Branch id: the element id, or `<two-port id>.1` / `.2` for a port. */
  readonly id: string;
  /** The element (one-port, source or two-port) the branch belongs to. */
  readonly element: string;
  readonly port?: 1 | 2;
  readonly cls: BranchClass;
  readonly kind: string;
  readonly domain: Domain;
  readonly from: number;
  readonly to: number;
}

/** The records of all branches; from/to are the node numbers of LinearGraph. */
export function branchInfos(desc: SystemDescription, ids: readonly string[], from: Int32Array, to: Int32Array): BranchInfo[] {
  const branches: BranchInfo[] = new Array(ids.length);
  let k = 0;
  // one-ports, then sources
  for (const list of [desc.oneports, desc.sources]) {
    for (const e of list) {
      branches[k] = { index: k, id: ids[k], element: e.id, port: undefined, cls: e.type, kind: e.kind, domain: e.domain, from: from[k], to: to[k] };
      k++;
    }
  }
  for (const tp of desc.twoPorts) {
    const cls: BranchClass = tp.kind === 'transformer' ? 'TF' : 'GY';
    for (let j = 0; j < 2; j++) {
      const domain = j === 0 ? tp.domain1 : tp.domain2;
      branches[k] = { index: k, id: ids[k], element: tp.id, port: (j + 1) as 1 | 2, cls, kind: tp.kind, domain, from: from[k], to: to[k] };
      k++;
    }
  }
  return branches;
}

/** The domain of branch k, without making the records. */
export function branchDomain(desc: SystemDescription, k: number): Domain {
  const P = desc.oneports.length;
  if (k < P) return desc.oneports[k].domain;
  const S = desc.sources.length;
  if (k < P + S) return desc.sources[k - P].domain;
  const j = k - P - S;
  const tp = desc.twoPorts[j >> 1];
  return (j & 1) === 0 ? tp.domain1 : tp.domain2;
}
