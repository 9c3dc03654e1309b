/**
 * The full tableau as a descriptor system E_t z' = A_t z + B_t u on z = [φ, i] (formulation.md section 13):
 * KCL and the static laws (0 = A_t z + B_t u), and the storage laws C v' = i, Σ L i' = v (E_t z' = A_t z).
 */
import { Matrix } from 'ml-matrix';
import type { OracleNetwork } from './oracle-network';
import { indexNetwork } from './oracle-network';
import { kclRows, lawRows, levelSize, storageRows } from './tableau-rows';

export interface DescriptorPencil {
  e: Matrix;
  a: Matrix;
  b: Matrix;
  /** Input order of B_t's columns: the sources in branch order. */
  inputs: string[];
  /** Unknown names: φ(node) then i(branch). */
  unknowns: string[];
}

export function buildDescriptorPencil(net: OracleNetwork): DescriptorPencil {
  const g = indexNetwork(net);
  const n = levelSize(g);
  const sources = g.branches.map((b, k) => (b.kind === 'E' || b.kind === 'J' ? k : -1)).filter((k) => k >= 0);
  const inputs = sources.map((k) => g.branches[k].id);
  const e = new Matrix(n, n);
  const a = new Matrix(n, n);
  const b = new Matrix(n, sources.length);
  let r = 0;
  // 0 = KCL rows.
  for (const row of kclRows(g, 0)) {
    row.forEach((c, j) => a.set(r, j, c));
    r++;
  }
  // 0 = (static law) z, or 0 = (source law) z − u_j.
  for (const law of lawRows(g, 0)) {
    law.row.forEach((c, j) => a.set(r, j, c));
    if (law.source >= 0) b.set(r, sources.indexOf(law.source), -1);
    r++;
  }
  // Storage: rate side (columns < n) goes to E_t, value side (columns ≥ n, sign flipped) to A_t.
  for (const row of storageRows(g, 0, n)) {
    row.forEach((c, j) => (j < n ? e.set(r, j, e.get(r, j) + c) : a.set(r, j - n, a.get(r, j - n) - c)));
    r++;
  }
  const unknowns = [
    ...g.nodes.filter((_, k) => g.potentialIndex[k] >= 0).map((s) => `φ(${s})`),
    ...g.branches.map((br) => `i(${br.id})`),
  ];
  if (r !== n) throw new Error(`descriptor pencil is ${r}×${n}, expected square`);
  return { e, a, b, inputs, unknowns };
}
