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
 * Dependent storage (a capacitor loop S, an inductor cut set Γ; formulation.md section 5.2) is not eliminated:
 * its storage relations are written as constraint rows beside the others, with s = [i_S; v_Γ] (the dependent
 * storage's flow variables) and d = [v_S; i_Γ] (the variables its storage law differentiates), so E stays
 * block-diagonal and every block keeps single element values and ±1:
 *
 *   E x' = A_xx x + A_xz z + A_xs s + B_x u + L_xd d'     (v_L = L11 i_L' + L12 i_Γ': L_xd = [0; [0 −L12]])
 *   M z  = R_x x + R_u u + R_s s
 *   s    = N_d d' + N_x x'                                 (i_S = C1 v_S',  v_Γ = L22 i_Γ' + L21 i_L')
 *   d    = P_d x + Q_d u + Y_d z                           (KVL for v_S, KCL for i_Γ)
 *   y    = C_x x + C_z z + C_s s + D_u u
 *
 * Eliminating, with Z_· = M⁻¹·R_· (Y_d·Z_s = 0: the numeric model's properness check, descriptor.ts):
 *   d' = D_x x' + D_u u',  D_x = P_d + Y_d·Z_x,  D_u = Q_d + Y_d·Z_u;   s = S_x x' + S_u u',  S_x = N_d·D_x + N_x,  S_u = N_d·D_u
 *   H = A_xs + A_xz·Z_s,  Ê = E − H·S_x − L_xd·D_x,
 *   A = Ê⁻¹·(A_xx + A_xz·Z_x),  Bv = Ê⁻¹·(B_x + A_xz·Z_u),  Bd = Ê⁻¹·(H·S_u + L_xd·D_u),  B = Bv + A·Bd,
 *   G = C_s + C_z·Z_s,  K = G·S_x,  C = C_x + C_z·Z_x + K·A,  D = D_u + C_z·Z_u + K·Bv + C·Bd,  E_y = K·Bd + G·S_u
 * in the numeric model's state x̃ = x − Bd·u (E_y: the outputs' u' term). Without dependent storage s and d are
 * empty and these are the products above.
 */
import type { Structure } from '@sysgraph/graph';
import type { Backend } from '../backend';
import { basisOf, span } from '../basis';
import { elementMatrices } from '../element-matrices';
import { branchRelations } from '../branch-relations';
import { outputRows } from '../outputs';
import { splitColumns } from '../algebra/split-columns';

export interface StructuredForm<M> {
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** The static unknowns z: v_<id> of tree-side, i_<id> of link-side static branches. */
  readonly algebraic: readonly string[];
  /** The dependent storage's flow variables s = [i_S; v_Γ] and the variables its law differentiates, d = [v_S; i_Γ]. */
  readonly dependentFlows: readonly string[];
  readonly dependentLevels: readonly string[];
  /** The dependent storage elements (S then Γ), empty when every storage element is a state. */
  readonly dependent: readonly string[];
  /** Mass matrix (nx × nx): C's and L's (with mutual inductances). */
  readonly E: M;
  readonly Axx: M;
  readonly Axz: M;
  readonly Axs: M;
  readonly Bx: M;
  readonly Lxd: M;
  /** Static network matrix (nz × nz) and its right-hand side over x, u and s. */
  readonly M: M;
  readonly Rx: M;
  readonly Ru: M;
  readonly Rs: M;
  /** The dependent storage relations s = N_d d' + N_x x' and the dependent variables d = P_d x + Q_d u + Y_d z. */
  readonly Nd: M;
  readonly Nx: M;
  readonly Pd: M;
  readonly Qd: M;
  readonly Yd: M;
  readonly Cx: M;
  readonly Cz: M;
  readonly Cs: M;
  readonly Du: M;
}

export function structuredForm<M, T>(s: Structure, be: Backend<M, T>): StructuredForm<M> {
  const alg = be.algebra;
  const p = s.partition;
  const lg = p.loop.tree.graph;
  const basis = basisOf(p);
  const el = elementMatrices(p, s.description, be);
  const rel = branchRelations(p, basis, el, be, { formalStatic: true });
  const { nC, nL, nS, nGamma } = basis;
  const width = rel.width!;
  const network = rel.staticNetwork!;
  const nz = width - basis.size;
  const tr = p.loop.treeOrder.ranges;
  const lr = p.loop.linkOrder.ranges;
  // Column blocks over [x; u; s = (i_S; v_Γ); z].
  const parts = (X: M) => {
    const [x, u, sv, z] = splitColumns(alg, X, [basis.nx, basis.m, nS + nGamma, nz]);
    return { x, u, s: sv, z };
  };
  const rhs = parts(alg.hcat([network.rhs, alg.zeros(nz, nz)]));
  const d = parts(alg.vcat([rel.linkAcross(span(lr.S[0], lr.S[1])), rel.treeThrough(span(tr.Gamma[0], tr.Gamma[1]))]));
  // i_C = C2 v_C' (tree capacitors) and L11 i_L' = v_L − L12 i_Γ' (link inductors, mutual couplings to Γ).
  const E = alg.vcat([alg.hcat([el.C2, alg.zeros(nC, nL)]), alg.hcat([alg.zeros(nL, nC), el.L11])]);
  const Lxd = alg.vcat([alg.zeros(nC, nS + nGamma), alg.hcat([alg.zeros(nL, nS), alg.neg(el.L12)])]);
  const dyn = parts(alg.vcat([rel.treeThrough(span(tr.C[0], tr.C[1])), rel.linkAcross(span(lr.L[0], lr.L[1]))]));
  // i_S = C1 v_S',  v_Γ = L22 i_Γ' + L21 i_L'.
  const Nd = alg.vcat([alg.hcat([el.C1, alg.zeros(nS, nGamma)]), alg.hcat([alg.zeros(nGamma, nS), el.L22])]);
  const Nx = alg.vcat([alg.zeros(nS, basis.nx), alg.hcat([alg.zeros(nGamma, nC), el.L21])]);
  const W = parts(outputRows(p, rel, s.description.outputs, be, width));
  const S = Array.from(p.groups.S);
  const Gamma = Array.from(p.groups.Gamma);
  const algebraic = [...Array.from(el.sigma, (k) => `v_${lg.ids[k]}`), ...Array.from(el.rho, (k) => `i_${lg.ids[k]}`)];
  return {
    states: p.states.map((x) => x.name),
    inputs: p.inputs.map((u) => u.name),
    outputs: s.description.outputs.map((o) => o.name),
    algebraic,
    dependentFlows: [...S.map((k) => `i_${lg.ids[k]}`), ...Gamma.map((k) => `v_${lg.ids[k]}`)],
    dependentLevels: [...S.map((k) => `v_${lg.ids[k]}`), ...Gamma.map((k) => `i_${lg.ids[k]}`)],
    dependent: [...S, ...Gamma].map((k) => lg.ids[k]),
    E,
    Axx: dyn.x,
    Axz: dyn.z,
    Axs: dyn.s,
    Bx: dyn.u,
    Lxd,
    M: network.M,
    Rx: rhs.x,
    Ru: rhs.u,
    Rs: rhs.s,
    Nd,
    Nx,
    Pd: d.x,
    Qd: d.u,
    Yd: d.z,
    Cx: W.x,
    Cz: W.z,
    Cs: W.s,
    Du: W.u,
  };
}

/**
 * The state-space matrices of a structured form in the numeric model's state x̃ = x − Bd·u, by the products above
 * (a check for tests); Bd and Ey (the outputs' u' term) are zero without dependent storage.
 */
export function expandStructured<M, T>(f: StructuredForm<M>, be: Backend<M, T>): { A: M; B: M; C: M; D: M; Bd: M; Ey: M } {
  const alg = be.algebra;
  const nz = alg.rows(f.M);
  const nx = alg.rows(f.E);
  const m = alg.cols(f.Bx);
  const Z = (R: M) => (nz === 0 ? alg.zeros(0, alg.cols(R)) : alg.solve(f.M, R));
  const [Zx, Zu, Zs] = [Z(f.Rx), Z(f.Ru), Z(f.Rs)];
  const Dx = alg.add(f.Pd, alg.mul(f.Yd, Zx));
  const Du = alg.add(f.Qd, alg.mul(f.Yd, Zu));
  const Sx = alg.add(alg.mul(f.Nd, Dx), f.Nx);
  const Su = alg.mul(f.Nd, Du);
  const H = alg.add(f.Axs, alg.mul(f.Axz, Zs));
  const Eh = alg.sub(alg.sub(f.E, alg.mul(H, Sx)), alg.mul(f.Lxd, Dx));
  const A = nx === 0 ? alg.zeros(0, 0) : alg.solve(Eh, alg.add(f.Axx, alg.mul(f.Axz, Zx)));
  const Bv = nx === 0 ? alg.zeros(0, m) : alg.solve(Eh, alg.add(f.Bx, alg.mul(f.Axz, Zu)));
  const Bd = nx === 0 ? alg.zeros(0, m) : alg.solve(Eh, alg.add(alg.mul(H, Su), alg.mul(f.Lxd, Du)));
  const G = alg.add(f.Cs, alg.mul(f.Cz, Zs));
  const K = alg.mul(G, Sx);
  const C = alg.add(alg.add(f.Cx, alg.mul(f.Cz, Zx)), alg.mul(K, A));
  const D = alg.add(alg.add(alg.add(f.Du, alg.mul(f.Cz, Zu)), alg.mul(K, Bv)), alg.mul(C, Bd));
  return { A, B: alg.add(Bv, alg.mul(A, Bd)), C, D, Bd, Ey: alg.add(alg.mul(K, Bd), alg.mul(G, Su)) };
}
