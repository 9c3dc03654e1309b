/**
 * MASD's transformer coupling terms T1…T12, corrected (formulation.md section 6.2, eqs. 10–21; the printed
 * errors are listed in section 9). G and R are the absorbed groups [G; γT] and [R; γL].
 */
import type { MatrixAlgebra } from '../algebra/matrix-algebra';
import type { MasdBlock } from './masd-partition';
import type { MasdReading } from './masd-reading';
import type { TransformerCoupling } from './transformer-coupling';

export interface CouplingTerms<M> {
  readonly T1: M;
  readonly T2: M;
  readonly T3: M;
  readonly T4: M;
  readonly T5: M;
  readonly T6: M;
  readonly T7: M;
  readonly T8: M;
  readonly T9: M;
  readonly T10: M;
  readonly T11: M;
  readonly T12: M;
}

export function couplingTerms<M, T>(
  F: MasdBlock<M>,
  R2: M,
  G1: M,
  tc: TransformerCoupling<M>,
  reading: MasdReading,
  alg: MatrixAlgebra<M, T>,
): CouplingTerms<M> {
  const { mul, add, sub, neg, transpose: tr } = alg;
  const prod = (...ms: M[]) => ms.reduce((a, b) => mul(a, b));
  const { M_V, M_I, M_V89 } = tc;
  const F_aC = F('alpha', 'C'), F_aG = F('alpha', 'G');
  const F_Rt = F('R', 'theta'), F_Lt = F('L', 'theta');
  const F_RG = F('R', 'G'), F_RC = F('R', 'C'), F_LG = F('L', 'G');
  const signed = (s: 1 | -1, m: M) => (s > 0 ? m : neg(m));

  // T1 = F_αCᵀ M_I F_Rθᵀ   (10)        T2 = F_αCᵀ M_I F_Lθᵀ   (11)
  const T1 = prod(tr(F_aC), M_I, tr(F_Rt));
  const T2 = prod(tr(F_aC), M_I, tr(F_Lt));
  // T3 = F_Lθ M_V F_αC   (12)          T4 = F_Lθ M_V F_αG   (13)
  const T3 = prod(F_Lt, M_V, F_aC);
  const T4 = prod(F_Lt, M_V, F_aG);
  // T7 = F_Rθ M_V F_αG R2   (16)  [printed F_αC: wrong dimension]
  const T7 = prod(F_Rt, M_V, F_aG, R2);
  // X = F_Rθ M_V F_αG R2 F_αGᵀ − F_RG R2 F_αGᵀ
  const X = sub(mul(T7, tr(F_aG)), prod(F_RG, R2, tr(F_aG)));
  // T5 = −F_Rθ M_V F_αG R2 F_RGᵀ − X M_I F_Rθᵀ   (14)  [printed leading +]
  const T5 = sub(signed(reading.t5LeadingSign, mul(T7, tr(F_RG))), prod(X, M_I, tr(F_Rt)));
  // T6 = F_Rθ M_V F_αG R2 F_LGᵀ + X M_I F_Lθᵀ   (15)
  const T6 = add(mul(T7, tr(F_LG)), prod(X, M_I, tr(F_Lt)));
  // T10 = F_αGᵀ M_I F_Lθᵀ   (19)       T11 = F_αGᵀ M_I F_Rθᵀ   (20)       T12 = F_Rθ M_V F_αC   (21)
  const T10 = prod(tr(F_aG), M_I, tr(F_Lt));
  const T11 = prod(tr(F_aG), M_I, tr(F_Rt));
  const T12 = prod(F_Rt, M_V, F_aC);
  // T8 = T11 G1 F_RG − (T11 + F_RGᵀ) G1 F_Rθ M_V F_αG   (17)  [M_V with F_αθ, printed F_αθᵀ]
  const T11G = add(T11, tr(F_RG));
  const T8 = sub(prod(T11, G1, F_RG), prod(T11G, G1, F_Rt, M_V89, F_aG));
  // T9 = −T11 G1 F_RC + (T11 + F_RGᵀ) G1 F_Rθ M_V F_αC   (18)  [printed leading +]
  const T9 = add(signed(reading.t9LeadingSign, prod(T11, G1, F_RC)), prod(T11G, G1, F_Rt, M_V89, F_aC));
  return { T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12 };
}
