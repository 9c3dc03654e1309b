/**
 * The transformer eliminations of MASD's closed form (formulation.md section 6.2, eqs. 10–21):
 *
 *   v_θ = N12 v_α,  i_α = N21 i_θ,  N21 = −N12ᵀ (lossless with associated references; the paper prints +N12ᵀ)
 *   M_V = N12 (I + F_αθ N12)⁻¹        (θ×α)   v_θ = −M_V (F_αC v_C + F_αG v_G − e_α)
 *   M_I = N21 (I − F_αθᵀ N21)⁻¹       (α×θ)   i_α =  M_I (F_Rθᵀ i_R + F_Lθᵀ i_L + j_θ)
 *
 * Both inverses are of size n_T (the number of transformers); with N21 = −N12ᵀ the second matrix is the
 * transpose of I + N12 F_αθ, so both are invertible together.
 */
import { SysgraphError } from '@sysgraph/core';
import type { MatrixAlgebra } from '../algebra/matrix-algebra';
import { SingularMatrix } from '../algebra/matrix-algebra';
import type { MasdReading } from './masd-reading';

export interface TransformerCoupling<M> {
  readonly N12: M;
  readonly N21: M;
  readonly M_V: M;
  readonly M_I: M;
  /** The M_V used inside T8 and T9: equal to M_V in the corrected reading. */
  readonly M_V89: M;
}

/** N12 (I + X N12)⁻¹, or undefined when I + X N12 is singular. */
function rightInverseProduct<M, T>(N: M, X: M, sign: 1 | -1, alg: MatrixAlgebra<M, T>): M | undefined {
  const n = alg.rows(X);
  const XN = alg.mul(X, N);
  const Q = sign > 0 ? alg.add(alg.identity(n), XN) : alg.sub(alg.identity(n), XN);
  try {
    return alg.mul(N, alg.solve(Q, alg.identity(n)));
  } catch (e) {
    if (e instanceof SingularMatrix) return undefined;
    throw e;
  }
}

/** True when I + F_αθ N12 is invertible (precondition of section 6.1). */
export function transformerLoopRegular<M, T>(F_at: M, N12: M, alg: MatrixAlgebra<M, T>): boolean {
  return rightInverseProduct(N12, F_at, 1, alg) !== undefined;
}

export function transformerCoupling<M, T>(F_at: M, N12: M, reading: MasdReading, alg: MatrixAlgebra<M, T>, transformers: readonly string[]): TransformerCoupling<M> {
  const singular = (what: string) =>
    new SysgraphError('unsupported', `MASD closed form: ${what} is singular for the transformers ${transformers.join(', ')} (a transformer loop of gain −1); use the general formulation`, {
      elements: [...transformers],
      expected: `an invertible ${what}`,
    });
  // N21 = −N12ᵀ (physical) or +N12ᵀ (the paper's symbol list).
  const N21 = reading.n21 === 'physical' ? alg.neg(alg.transpose(N12)) : alg.transpose(N12);
  // M_V = N12 (I + F_αθ N12)⁻¹
  const M_V = rightInverseProduct(N12, F_at, 1, alg);
  if (!M_V) throw singular('I + F_αθ N12');
  // M_I = N21 (I − F_αθᵀ N21)⁻¹
  const M_I = rightInverseProduct(N21, alg.transpose(F_at), -1, alg);
  if (!M_I) throw singular('I − F_αθᵀ N21');
  // As printed in (17, 18): N12 (I + F_αθᵀ N12)⁻¹.
  const M_V89 = reading.t8t9Inverse === 'corrected' ? M_V : rightInverseProduct(N12, alg.transpose(F_at), 1, alg);
  if (!M_V89) throw singular('I + F_αθᵀ N12');
  return { N12, N21, M_V, M_I, M_V89 };
}
