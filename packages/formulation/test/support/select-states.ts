/**
 * A tree-free choice of states for the oracle: a maximal set of capacitor voltages, then inductor currents, that the
 * level-0 constraints (KCL, KVL, static and source laws, formulation.md section 13) leave independent of the inputs
 * and of one another. Greedy in branch order, capacitors first (as a normal tree puts capacitors in the tree):
 * w_k joins the states when its row is not in the row space of the constraints and the states chosen so far,
 * i.e. when some null vector of that matrix moves w_k.
 */
import { Matrix } from 'ml-matrix';
import type { OracleNetwork } from './oracle-network';
import { indexNetwork } from './oracle-network';
import type { SparseRow } from './tableau-rows';
import { kclRows, lawRows, levelSize, variableRow } from './tableau-rows';
import { fullSvd, nullBasis } from './dense-svd';
import type { StateChoice } from './tableau-state-equations';
import { NULL_COMPONENT_TOLERANCE } from './tableau-state-equations';

function freeIn(rows: SparseRow[], n: number, candidate: SparseRow): boolean {
  if (rows.length === 0) return candidate.size > 0;
  const m = new Matrix(rows.length, n);
  rows.forEach((row, r) => row.forEach((c, j) => m.set(r, j, c)));
  const basis = nullBasis(fullSvd(m));
  for (let q = 0; q < basis.columns; q++) {
    let dot = 0;
    candidate.forEach((c, j) => (dot += c * basis.get(j, q)));
    if (Math.abs(dot) > NULL_COMPONENT_TOLERANCE) return true;
  }
  return false;
}

export function selectStates(net: OracleNetwork): StateChoice[] {
  const g = indexNetwork(net);
  const n = levelSize(g);
  const rows: SparseRow[] = [...kclRows(g, 0), ...lawRows(g, 0).map((l) => l.row)];
  const candidates: { k: number; variable: 'across' | 'through' }[] = [
    ...g.branches.map((b, k) => ({ k, kind: b.kind })).filter((b) => b.kind === 'C').map(({ k }) => ({ k, variable: 'across' as const })),
    ...g.branches.map((b, k) => ({ k, kind: b.kind })).filter((b) => b.kind === 'L').map(({ k }) => ({ k, variable: 'through' as const })),
  ];
  const states: StateChoice[] = [];
  for (const { k, variable } of candidates) {
    const row = variableRow(g, k, variable, 0);
    if (freeIn(rows, n, row)) {
      rows.push(row);
      states.push({ branch: g.branches[k].id, variable });
    }
  }
  return states;
}
