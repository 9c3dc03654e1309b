/**
 * State choice b2 (formulation.md section 6.4): x₂ = D x̃ with D = diag(C2, L11), i.e. the charges
 * q_C = C2 v_C and the scaled fluxes φ_L = L11 i_L. Then
 *   A₂ = D A D⁻¹,  B₂ = D B,  Bd₂ = D Bd,  C₂ = C D⁻¹  (D and E of the outputs unchanged).
 */
import type { Backend } from './backend';
import type { ElementMatrices } from './element-matrices';

export type StateChoice = 'b1' | 'b2';

export function toChargeFluxStates<M, T>(
  m: { A: M; B: M; Bd: M; C: M },
  el: ElementMatrices<M>,
  be: Backend<M, T>,
): { A: M; B: M; Bd: M; C: M } {
  const alg = be.algebra;
  const nC = alg.rows(el.C2);
  const nL = alg.rows(el.L11);
  const D = alg.vcat([alg.hcat([el.C2, alg.zeros(nC, nL)]), alg.hcat([alg.zeros(nL, nC), el.L11])]);
  const n = nC + nL;
  if (n === 0) return m;
  // X D⁻¹ = (D⁻ᵀ Xᵀ)ᵀ
  const rightDivide = (X: M) => alg.transpose(alg.solve(alg.transpose(D), alg.transpose(X)));
  return {
    A: rightDivide(alg.mul(D, m.A)),
    B: alg.mul(D, m.B),
    Bd: alg.mul(D, m.Bd),
    C: alg.rows(m.C) > 0 ? rightDivide(m.C) : m.C,
  };
}

export function chargeFluxName(stateName: string): string {
  return stateName.startsWith('v_') ? `q_${stateName.slice(2)}` : `phi_${stateName.slice(2)}`;
}
