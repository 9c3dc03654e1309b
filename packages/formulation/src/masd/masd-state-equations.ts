/**
 * MASD's state equations from the named intermediates (formulation.md sections 6.3 and 6.4), LTI:
 *
 *   b1, x̃ = [v_C − C⁻¹F_SCᵀC1 e_S ; i_L + L⁻¹(L12 + F_LΓL22) j_Γ]                          (26)
 *   A = diag(C⁻¹, L⁻¹) [[ y, h ], [ k, z ]]                                                   (27)
 *   B = diag(C⁻¹, L⁻¹) [[ I, B1, B11, B2, B3, 0, Bα_C, Bθ_C ],
 *                       [ 0, B4, B5, B12, B6, I, Bα_L, Bθ_L ]] · Map                          (28)
 *   Bd = [[ 0, 0, 0, C⁻¹F_SCᵀC1, 0, 0, 0, 0 ], [ 0, 0, −L⁻¹(L12 + F_LΓL22), 0, 0, 0, 0, 0 ]] · Map
 *
 *   b2, x₂ = D x̃ with D = diag(C2, L11) (q_C = C2 v_C, φ_L = L11 i_L):
 *   A₂ = diag(C2 C⁻¹, L11 L⁻¹) [[ y C2⁻¹, h L11⁻¹ ], [ k C2⁻¹, z L11⁻¹ ]]                      (38) corrected
 *   B₂ = diag(C2 C⁻¹, L11 L⁻¹) [ blocks of (28) ] · Map,   Bd₂ = D Bd                          (39) corrected
 *
 * The descriptor form E x' = A0 x + B0 u + B1 u' (x = x̃ + Bd u) is E = diag(C, L), A0 = [[y, h], [k, z]],
 * B0 = diag(C, L)·B − A0 Bd, B1 = E Bd: the general formulation's descriptor in the case of section 5.4.
 */
import type { MatrixAlgebra } from '../algebra/matrix-algebra';
import type { StateChoice } from '../state-choice';
import type { MasdIntermediates } from './masd-intermediates';

export interface MasdStateEquations<M> {
  readonly A: M;
  readonly B: M;
  readonly Bd: M;
  readonly descriptor: { readonly E: M; readonly A0: M; readonly B0: M; readonly B1: M };
}

/** diag(P, Q) for square blocks. */
function blockDiag<M, T>(P: M, Q: M, alg: MatrixAlgebra<M, T>): M {
  const p = alg.rows(P);
  const q = alg.rows(Q);
  return alg.vcat([alg.hcat([P, alg.zeros(p, q)]), alg.hcat([alg.zeros(q, p), Q])]);
}

export function masdStateEquations<M, T>(im: MasdIntermediates<M>, stateChoice: StateChoice, alg: MatrixAlgebra<M, T>): MasdStateEquations<M> {
  const { mul, hcat, vcat, transpose: tr } = alg;
  const nC = alg.rows(im.C);
  const nL = alg.rows(im.L);
  const part = (name: string) => im.inputs.parts.find((q) => q.name === name)!;
  const width = (name: string) => part(name).end - part(name).start;
  const Z = (r: number, name: string) => alg.zeros(r, width(name));
  // X a⁻¹ = (a⁻ᵀ Xᵀ)ᵀ
  const rightDivide = (X: M, a: M) => tr(alg.solve(tr(a), tr(X)));

  // The undivided rows of (27) and (28): diag(C, L)·A and diag(C, L)·B_M.
  const A0 = vcat([hcat([im.y, im.h]), hcat([im.k, im.z])]);
  const BC = hcat([alg.identity(nC), im.B1, im.B11, im.B2, im.B3, Z(nC, 'e_L'), im.Balpha_C, im.Btheta_C]);
  const BL = hcat([Z(nL, 'j_C'), im.B4, im.B5, im.B12, im.B6, alg.identity(nL), im.Balpha_L, im.Btheta_L]);
  const BdC = hcat([Z(nC, 'j_C'), Z(nC, 'j_G'), Z(nC, 'j_Γ'), im.Bd_S, Z(nC, 'e_R'), Z(nC, 'e_L'), Z(nC, 'e_α'), Z(nC, 'j_θ')]);
  const BdL = hcat([Z(nL, 'j_C'), Z(nL, 'j_G'), im.Bd_Gamma, Z(nL, 'e_S'), Z(nL, 'e_R'), Z(nL, 'e_L'), Z(nL, 'e_α'), Z(nL, 'j_θ')]);
  const Map = im.inputs.Map;
  const Bd = mul(vcat([BdC, BdL]), Map);
  const E = blockDiag(im.C, im.L, alg);
  const descriptor = { E, A0, B0: alg.sub(mul(vcat([BC, BL]), Map), mul(A0, Bd)), B1: mul(E, Bd) };

  if (stateChoice === 'b1') {
    // (27), (28): diag(C⁻¹, L⁻¹) applied block-row by block-row.
    const A = vcat([alg.solve(im.C, hcat([im.y, im.h])), alg.solve(im.L, hcat([im.k, im.z]))]);
    const B = mul(vcat([alg.solve(im.C, BC), alg.solve(im.L, BL)]), Map);
    return { A, B, Bd, descriptor };
  }
  // (38), (39) corrected: prefactor C2 C⁻¹ and L11 L⁻¹ (the paper prints C⁻¹C2 and L⁻¹L11).
  const { C2, L11 } = im.element;
  const paper = im.reading.b2Prefactor === 'paper';
  const PC = paper ? alg.solve(im.C, C2) : rightDivide(C2, im.C);
  const PL = paper ? alg.solve(im.L, L11) : rightDivide(L11, im.L);
  const A = vcat([
    mul(PC, hcat([rightDivide(im.y, C2), rightDivide(im.h, L11)])),
    mul(PL, hcat([rightDivide(im.k, C2), rightDivide(im.z, L11)])),
  ]);
  const B = mul(vcat([mul(PC, BC), mul(PL, BL)]), Map);
  return { A, B, Bd: mul(blockDiag(C2, L11, alg), Bd), descriptor };
}
