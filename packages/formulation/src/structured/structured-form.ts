/**
 * The structured form: the model with its static network kept whole instead of eliminated (formulation.md
 * section 5.1 without the solve Z = M⁻¹·rhs). With z = [v_σ; i_ρ] (tree-resistor and two-port tree-port
 * across variables, link-resistor and two-port link-port through variables) every branch variable is a row
 * over [x; u; z] whose entries are single element values and ±1, so
 *
 *   E x' = A_xx x + A_xz z + B_x u          (i_C = C2 v_C', v_L = L11 i_L': E = diag blocks of C and L)
 *   M z  = R_x x + R_u u                    (the static network, M as in branch-relations.ts)
 *   y    = C_x x + C_z z + D_u u
 *
 * and the state-space model is the product of these small factors:
 *   A = E⁻¹·(A_xx + A_xz·M⁻¹·R_x),   B = E⁻¹·(B_x + A_xz·M⁻¹·R_u),
 *   C = C_x + C_z·M⁻¹·R_x,           D = D_u + C_z·M⁻¹·R_u.
 * For a network of resistors and capacitors this is A = −C⁻¹·(G_cc − G_cn·G_nn⁻¹·G_nc) in loop/cut-set form.
 * Applies when no storage element is dependent (no capacitor loop, no inductor cut set: S and Γ empty), where
 * E has no i_S, v_Γ terms and the model has no input derivative.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import type { Backend } from '../backend';
import { basisOf, span } from '../basis';
import { elementMatrices } from '../element-matrices';
import { branchRelations } from '../branch-relations';
import { outputRows } from '../outputs';

export interface StructuredForm<M> {
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** The static unknowns z: v_<id> of tree-side, i_<id> of link-side static branches. */
  readonly algebraic: readonly string[];
  /** Mass matrix (nx × nx): C's and L's (with mutual inductances). */
  readonly E: M;
  readonly Axx: M;
  readonly Axz: M;
  readonly Bx: M;
  /** Static network matrix (nz × nz) and its right-hand side over x and u. */
  readonly M: M;
  readonly Rx: M;
  readonly Ru: M;
  readonly Cx: M;
  readonly Cz: M;
  readonly Du: M;
}

export function structuredForm<M, T>(s: Structure, be: Backend<M, T>): StructuredForm<M> {
  const alg = be.algebra;
  const p = s.partition;
  const lg = p.loop.tree.graph;
  const basis = basisOf(p);
  if (basis.nS > 0 || basis.nGamma > 0) {
    const ids = [...Array.from(p.groups.S), ...Array.from(p.groups.Gamma)].map((k) => lg.ids[k]);
    throw new SysgraphError('unsupported', `the structured form needs independent storage elements; ${ids.join(', ')} ${ids.length === 1 ? 'is' : 'are'} dependent (a capacitor loop or an inductor cut set)`, { element: ids[0], field: 'value', elements: ids, expected: 'no capacitor loop or inductor cut set (use --symbolic-form expanded)' });
  }
  const el = elementMatrices(p, s.description, be);
  const rel = branchRelations(p, basis, el, be, { formalStatic: true });
  const { nC, nL } = basis;
  const width = rel.width!;
  const network = rel.staticNetwork!;
  const nz = width - basis.size;
  const tr = p.loop.treeOrder.ranges;
  const lr = p.loop.linkOrder.ranges;
  const cols = (X: M) => ({ x: alg.selectCols(X, basis.x), u: alg.selectCols(X, basis.u), z: alg.selectCols(X, span(basis.size, width)) });

  // i_C = C2 v_C' (tree capacitors) and v_L = L11 i_L' (link inductors): E = [[C2, 0], [0, L11]].
  const E = alg.vcat([alg.hcat([el.C2, alg.zeros(nC, nL)]), alg.hcat([alg.zeros(nL, nC), el.L11])]);
  const dyn = cols(alg.vcat([rel.treeThrough(span(tr.C[0], tr.C[1])), rel.linkAcross(span(lr.L[0], lr.L[1]))]));
  const rhs = cols(alg.hcat([network.rhs, alg.zeros(nz, nz)]));
  const W = cols(outputRows(p, rel, s.description.outputs, be, width));
  const algebraic = [...Array.from(el.sigma, (k) => `v_${lg.ids[k]}`), ...Array.from(el.rho, (k) => `i_${lg.ids[k]}`)];
  return {
    states: p.states.map((x) => x.name),
    inputs: p.inputs.map((u) => u.name),
    outputs: s.description.outputs.map((o) => o.name),
    algebraic,
    E,
    Axx: dyn.x,
    Axz: dyn.z,
    Bx: dyn.u,
    M: network.M,
    Rx: rhs.x,
    Ru: rhs.u,
    Cx: W.x,
    Cz: W.z,
    Du: W.u,
  };
}

/** The state-space matrices of a structured form, by the products above (an oracle for tests and a check). */
export function expandStructured<M, T>(f: StructuredForm<M>, be: Backend<M, T>): { A: M; B: M; C: M; D: M } {
  const alg = be.algebra;
  const nz = alg.rows(f.M);
  const [Zx, Zu] = nz === 0 ? [alg.zeros(0, alg.cols(f.Rx)), alg.zeros(0, alg.cols(f.Ru))] : [alg.solve(f.M, f.Rx), alg.solve(f.M, f.Ru)];
  const nx = alg.rows(f.E);
  const A = nx === 0 ? alg.zeros(0, 0) : alg.solve(f.E, alg.add(f.Axx, alg.mul(f.Axz, Zx)));
  const B = nx === 0 ? alg.zeros(0, alg.cols(f.Bx)) : alg.solve(f.E, alg.add(f.Bx, alg.mul(f.Axz, Zu)));
  return { A, B, C: alg.add(f.Cx, alg.mul(f.Cz, Zx)), D: alg.add(f.Du, alg.mul(f.Cz, Zu)) };
}
