/**
 * The general hybrid formulation, formulation.md sections 5.1–5.2 (LTI parameters):
 *
 *   v_S = P_S x + Q_S u,   i_Γ = P_Γ x + Q_Γ u          (properness: no i_S, v_Γ terms; else D2)
 *   i_C = a_x x + a_u u + a_S i_S + a_Γ v_Γ,   v_L = b_x x + b_u u + b_S i_S + b_Γ v_Γ
 *   S_x = C1 P_S,  S_u = C1 Q_S                      (i_S = (S_x x + S_u u)')
 *   G_x = L21 Π_L + L22 P_Γ,  G_u = L22 Q_Γ          (v_Γ = (G_x x + G_u u)')
 *   Λ_x = L11 Π_L + L12 P_Γ,  Λ_u = L12 Q_Γ          (v_L = (Λ_x x + Λ_u u)')
 *
 *   E x' = A0 x + B0 u + B1 u'
 *   E  = [ C2 Π_C − a_S S_x − a_Γ G_x ;  Λ_x − b_S S_x − b_Γ G_x ]
 *   A0 = [ a_x ; b_x ],   B0 = [ a_u ; b_u ]
 *   B1 = [ a_S S_u + a_Γ G_u ;  b_S S_u + b_Γ G_u − Λ_u ]
 */
import { SysgraphError } from '@sysgraph/core';
import type { Partition } from '@sysgraph/graph';
import type { Backend } from './backend';
import type { Basis } from './basis';
import { span } from './basis';
import type { BranchRelations } from './branch-relations';
import type { ElementMatrices } from './element-matrices';
import { splitColumns } from './algebra/split-columns';

export interface Descriptor<M> {
  readonly E: M;
  readonly A0: M;
  readonly B0: M;
  readonly B1: M;
  /** Pieces kept for the outputs (section 7). */
  readonly Sx: M;
  readonly Su: M;
  readonly Gx: M;
  readonly Gu: M;
}

export function descriptorForm<M, T>(p: Partition, basis: Basis, el: ElementMatrices<M>, rel: BranchRelations<M>, be: Backend<M, T>): Descriptor<M> {
  const alg = be.algebra;
  const tr = p.loop.treeOrder.ranges;
  const lr = p.loop.linkOrder.ranges;
  const vS = rel.linkAcross(span(lr.S[0], lr.S[1]));
  const vL = rel.linkAcross(span(lr.L[0], lr.L[1]));
  const iC = rel.treeThrough(span(tr.C[0], tr.C[1]));
  const iG = rel.treeThrough(span(tr.Gamma[0], tr.Gamma[1]));

  // Column blocks over β = [x; u; i_S; v_Γ].
  const parts = (M: M) => splitColumns(alg, M, [basis.nx, basis.m, basis.nS, basis.nGamma]);
  const [PS, QS, vS_S, vS_G] = parts(vS);
  const [PG, QG, iG_S, iG_G] = parts(iG);

  // Properness (D2): v_S and i_Γ must not depend on i_S or v_Γ.
  // Units: in v_S rows an i_S coefficient is an impedance, a v_Γ one a number; in i_Γ rows an i_S coefficient is
  // a number, a v_Γ one an admittance. Each is judged against 1e-12 of its own unit scale (z0: impedanceScale).
  let z0: number | undefined;
  const z = () => (z0 ??= impedanceScale(el, alg));
  checkProper(p, alg.hcat([vS_S, vS_G]), p.groups.S, alg, (j) => (j < basis.nS ? z() : 1));
  checkProper(p, alg.hcat([iG_S, iG_G]), p.groups.Gamma, alg, (j) => (j < basis.nS ? 1 : 1 / z()));

  const { nC, nL } = basis;
  // Π_C = [I 0] and Π_L = [0 I] pick v_C and i_L out of x: X Π_C = [X 0], X Π_L = [0 X].
  const timesPiC = (X: M) => alg.hcat([X, alg.zeros(alg.rows(X), nL)]);
  const timesPiL = (X: M) => alg.hcat([alg.zeros(alg.rows(X), nC), X]);

  const Sx = alg.mul(el.C1, PS);
  const Su = alg.mul(el.C1, QS);
  const Gx = alg.add(timesPiL(el.L21), alg.mul(el.L22, PG));
  const Gu = alg.mul(el.L22, QG);
  const Lx = alg.add(timesPiL(el.L11), alg.mul(el.L12, PG));
  const Lu = alg.mul(el.L12, QG);

  const [ax, au, aS, aG] = parts(iC);
  const [bx, bu, bS, bG] = parts(vL);

  const E = alg.vcat([
    alg.sub(alg.sub(timesPiC(el.C2), alg.mul(aS, Sx)), alg.mul(aG, Gx)),
    alg.sub(alg.sub(Lx, alg.mul(bS, Sx)), alg.mul(bG, Gx)),
  ]);
  const A0 = alg.vcat([ax, bx]);
  const B0 = alg.vcat([au, bu]);
  const B1 = alg.vcat([
    alg.add(alg.mul(aS, Su), alg.mul(aG, Gu)),
    alg.sub(alg.add(alg.mul(bS, Su), alg.mul(bG, Gu)), Lu),
  ]);
  return { E, A0, B0, B1, Sx, Su, Gx, Gu };
}

function checkProper<M, T>(p: Partition, block: M, branches: Int32Array, alg: Backend<M, T>['algebra'], unit: (column: number) => number): void {
  if (alg.isZero(block)) return;
  const lg = p.loop.tree.graph;
  const dense = alg.toDense(block);
  const culprits = Array.from(branches).filter((_, i) => dense[i].some((x, j) => !alg.field.isZero(x) && Math.abs(alg.field.toNumber?.(x) ?? 1) > 1e-12 * (alg.field.toNumber ? unit(j) : 1)));
  if (culprits.length === 0) return;
  const ids = culprits.map((k) => lg.ids[k]);
  throw new SysgraphError('improper-tree', `unsupported: storage element ${ids.join(', ')} is coupled to itself through a two-port (higher index)`, { element: ids[0], field: 'value', elements: ids, expected: 'storage elements whose dependent variables are fixed by states and inputs' });
}

/**
 * A representative impedance of the network (numbers only; 1 for exact fields or when there is none): the
 * geometric mean of the link resistances R, the tree resistors' 1/G, the gyrator ratios and √(L/C) from the
 * storage values. Scaling every impedance by k scales it by k, so thresholds in its units do not move.
 */
function impedanceScale<M, T>(el: ElementMatrices<M>, alg: Backend<M, T>['algebra']): number {
  const toNumber = alg.field.toNumber;
  if (!toNumber || alg.field.exact) return 1;
  const logs: number[] = [];
  const collect = (m: M, invert: boolean) => {
    const d = alg.toDense(m);
    for (const row of d) for (const x of row) {
      const v = Math.abs(toNumber(x));
      if (v > 0 && Number.isFinite(v)) logs.push(invert ? -Math.log(v) : Math.log(v));
    }
  };
  collect(el.Hrr, false);
  collect(el.Hss, true);
  const storage: number[] = [];
  const logMean = (m: M) => {
    const d = alg.toDense(m);
    let sum = 0;
    let count = 0;
    for (let i = 0; i < d.length; i++) {
      const v = Math.abs(toNumber(d[i][i]));
      if (v > 0 && Number.isFinite(v)) {
        sum += Math.log(v);
        count++;
      }
    }
    return count > 0 ? sum / count : undefined;
  };
  const lnL = logMean(alg.vcat([alg.hcat([el.L11, el.L12]), alg.hcat([el.L21, el.L22])]));
  const lnC = logMean(alg.rows(el.C2) > 0 ? el.C2 : el.C1);
  if (lnL !== undefined && lnC !== undefined) storage.push((lnL - lnC) / 2);
  const all = [...logs, ...storage];
  if (all.length === 0) return 1;
  return Math.exp(all.reduce((a, b) => a + b, 0) / all.length);
}
