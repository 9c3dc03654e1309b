/**
 * Rows of the node-potential tableau on the unknowns [φ (non-ground nodes), i (branches)] of one level.
 * KVL v_k = φ(a_k) − φ(b_k) (formulation.md section 1) is applied by substitution: every across variable is the
 * potential difference, so the unknowns [φ, v, i] of section 13 shrink to [φ, i] without changing the solution set.
 */
import type { IndexedNetwork } from './oracle-network';

/** A sparse row: column → coefficient. */
export type SparseRow = Map<number, number>;

export function addTo(row: SparseRow, column: number, coefficient: number): SparseRow {
  if (coefficient !== 0) row.set(column, (row.get(column) ?? 0) + coefficient);
  return row;
}

/** Number of unknowns of one level: potentials then branch throughs. */
export function levelSize(net: IndexedNetwork): number {
  return net.potentials + net.branches.length;
}

/** v_k = φ(a_k) − φ(b_k) as a row at column offset `offset` (the level's first column). */
export function acrossRow(net: IndexedNetwork, k: number, offset: number, scale = 1, row: SparseRow = new Map()): SparseRow {
  const pa = net.potentialIndex[net.branches[k].from];
  const pb = net.potentialIndex[net.branches[k].to];
  if (pa >= 0) addTo(row, offset + pa, scale);
  if (pb >= 0) addTo(row, offset + pb, -scale);
  return row;
}

/** i_k as a row. */
export function throughRow(net: IndexedNetwork, k: number, offset: number, scale = 1, row: SparseRow = new Map()): SparseRow {
  return addTo(row, offset + net.potentials + k, scale);
}

/** w = across or through of branch k. */
export function variableRow(
  net: IndexedNetwork,
  k: number,
  variable: 'across' | 'through',
  offset: number,
): SparseRow {
  return variable === 'across' ? acrossRow(net, k, offset) : throughRow(net, k, offset);
}

/** φ(n) as a row (empty for a ground node). */
export function potentialRow(net: IndexedNetwork, node: number, offset: number): SparseRow {
  const p = net.potentialIndex[node];
  return p >= 0 ? new Map([[offset + p, 1]]) : new Map();
}

/** KCL at every non-ground node n: Σ_{k: a_k = n} i_k − Σ_{k: b_k = n} i_k = 0 (current leaves a_k into branch k). */
export function kclRows(net: IndexedNetwork, offset: number): SparseRow[] {
  const rows: SparseRow[] = [];
  const rowOf = new Map<number, SparseRow>();
  net.nodes.forEach((_, n) => {
    if (net.potentialIndex[n] >= 0) {
      const row: SparseRow = new Map();
      rows.push(row);
      rowOf.set(n, row);
    }
  });
  net.branches.forEach((b, k) => {
    const ra = rowOf.get(b.from);
    const rb = rowOf.get(b.to);
    if (ra) throughRow(net, k, offset, 1, ra);
    if (rb) throughRow(net, k, offset, -1, rb);
  });
  return rows;
}

/** A homogeneous law (row · z = 0) or a source law (row · z = input j). */
export interface LawRow {
  row: SparseRow;
  /** The source branch whose input is the right-hand side, or −1. */
  source: number;
}

/**
 * Static and source laws, one per non-storage branch, two per two-port:
 *   R: v − R i = 0;  E: v = u_E;  J: i = u_J;
 *   TF: v1 − TF v2 = 0, i1 + i2/TF = 0;   GY: v1 − GY i2 = 0, i1 + v2/GY = 0.
 */
export function lawRows(net: IndexedNetwork, offset: number): LawRow[] {
  const laws: LawRow[] = [];
  net.branches.forEach((b, k) => {
    if (b.kind === 'R') laws.push({ row: throughRow(net, k, offset, -b.value, acrossRow(net, k, offset)), source: -1 });
    else if (b.kind === 'E') laws.push({ row: acrossRow(net, k, offset), source: k });
    else if (b.kind === 'J') laws.push({ row: throughRow(net, k, offset), source: k });
  });
  for (const t of net.twoPorts) {
    if (t.kind === 'TF') {
      laws.push({ row: acrossRow(net, t.port2, offset, -t.ratio, acrossRow(net, t.port1, offset)), source: -1 });
      laws.push({ row: throughRow(net, t.port2, offset, 1 / t.ratio, throughRow(net, t.port1, offset)), source: -1 });
    } else {
      laws.push({ row: throughRow(net, t.port2, offset, -t.ratio, acrossRow(net, t.port1, offset)), source: -1 });
      laws.push({ row: acrossRow(net, t.port2, offset, 1 / t.ratio, throughRow(net, t.port1, offset)), source: -1 });
    }
  }
  return laws;
}

/**
 * Storage laws for the LTI case, as pairs (rate side at `rateOffset`, value side at `valueOffset`):
 *   C: C v' − i = 0;   L: Σ_m L_km i_m' − v = 0.
 */
export function storageRows(net: IndexedNetwork, rateOffset: number, valueOffset: number): SparseRow[] {
  const rows: SparseRow[] = [];
  net.branches.forEach((b, k) => {
    if (b.kind === 'C') rows.push(throughRow(net, k, valueOffset, -1, acrossRow(net, k, rateOffset, b.value)));
    else if (b.kind === 'L') {
      const row = acrossRow(net, k, valueOffset, -1);
      for (const { branch, value } of net.inductance.get(k) ?? []) throughRow(net, branch, rateOffset, value, row);
      rows.push(row);
    }
  });
  return rows;
}
