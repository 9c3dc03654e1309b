/**
 * Output equations, formulation.md section 7. A branch variable w is a row over β = [x; u; i_S; v_Γ]:
 *   w = w_x x + w_u u + w_S i_S + w_Γ v_Γ,  i_S = S_x x' + S_u u',  v_Γ = G_x x' + G_u u',
 *   x' = A x + Bx u + Bd u'.  With K = w_S S_x + w_Γ G_x:
 *   w = (w_x + K A) x + (w_u + K Bx) u + (K Bd + w_S S_u + w_Γ G_u) u'
 * and in x̃ = x − Bd u:  C = w_x + K A,  D = w_u + K Bx + C Bd,  E = K Bd + w_S S_u + w_Γ G_u.
 * A node's across value is the sum of the tree across variables on its tree path to the reference.
 */
import { SysgraphError } from '@sysgraph/core';
import type { OutputSpec } from '@sysgraph/description';
import type { Partition } from '@sysgraph/graph';
import type { Backend } from './backend';
import type { Basis } from './basis';
import type { BranchRelations } from './branch-relations';
import type { Descriptor } from './descriptor';
import type { StandardForm } from './standard-form';

export interface OutputMatrices<M> {
  readonly names: readonly string[];
  readonly C: M;
  readonly D: M;
  readonly E: M;
  /** The raw rows over β, for inspection. */
  readonly W: M;
}

/** The coefficient row (over β) of every requested output. */
export function outputRows<M, T>(p: Partition, rel: BranchRelations<M>, outputs: readonly OutputSpec[], be: Backend<M, T>, nBeta: number): M {
  const alg = be.algebra;
  const lg = p.loop.tree.graph;
  const inTree = p.loop.tree.inTree;
  const pos = p.loop.position;
  const rowOf = (k: number, variable: 'across' | 'through'): M => {
    if (inTree[k]) return variable === 'across' ? alg.selectRows(rel.VT, [pos[k]]) : rel.treeThrough([pos[k]]);
    return variable === 'across' ? rel.linkAcross([pos[k]]) : alg.selectRows(rel.IL, [pos[k]]);
  };
  // The tree rooted at each component's ground, as the loop matrix read its loops from it.
  const forest = p.loop.forest;
  const potential = (node: number): M => {
    let row = alg.zeros(1, nBeta);
    for (let n = node; forest.parent[n] >= 0; n = forest.parent[n]) {
      const t = forest.parentBranch[n];
      // φ(n) − φ(parent) = ±v_t
      const r = rowOf(t, 'across');
      row = lg.from[t] === n ? alg.add(row, r) : alg.sub(row, r);
    }
    return row;
  };
  const rows: M[] = outputs.map((o) => {
    if (o.kind === 'branch') {
      const id = o.port ? `${o.element}.${o.port}` : o.element;
      const k = lg.branchIndex.get(id);
      if (k === undefined) throw new SysgraphError('bad-output', `output ${o.name}: no branch ${id}`, { element: o.element, field: 'port', expected: 'an element id (with port 1 or 2 for a two-port)' });
      return rowOf(k, o.variable);
    }
    const n = lg.nodeIndex.get(o.node);
    const r = lg.nodeIndex.get(o.reference);
    if (n === undefined || r === undefined) throw new SysgraphError('bad-output', `output ${o.name}: unknown node`, { element: o.name, field: 'node', expected: 'a node of the system' });
    if (lg.component[n] !== lg.component[r]) throw new SysgraphError('bad-output', `output ${o.name}: nodes ${o.node} and ${o.reference} are in different components`, { element: o.name, field: 'reference', expected: 'a reference node in the same component' });
    return alg.sub(potential(n), potential(r));
  });
  return rows.length > 0 ? alg.vcat(rows) : alg.zeros(0, nBeta);
}

export function outputEquations<M, T>(
  W: M,
  names: readonly string[],
  basis: Basis,
  d: Descriptor<M>,
  sf: StandardForm<M>,
  be: Backend<M, T>,
): OutputMatrices<M> {
  const alg = be.algebra;
  const wx = alg.selectCols(W, basis.x);
  const wu = alg.selectCols(W, basis.u);
  const wS = alg.selectCols(W, basis.iS);
  const wG = alg.selectCols(W, basis.vGamma);
  const K = alg.add(alg.mul(wS, d.Sx), alg.mul(wG, d.Gx));
  const C = alg.add(wx, alg.mul(K, sf.A));
  const D = alg.add(alg.add(wu, alg.mul(K, sf.Bx)), alg.mul(C, sf.Bd));
  const E = alg.add(alg.mul(K, sf.Bd), alg.add(alg.mul(wS, d.Su), alg.mul(wG, d.Gu)));
  return { names, C, D, E, W };
}
