/**
 * masdIntermediates: every named quantity of MASD's closed form, corrected (formulation.md section 6.2–6.3,
 * eqs. 6–36 and the extension columns for e_α and j_θ), evaluated in one backend.
 *
 *   C = C2 + F_SCᵀ C1 F_SC                                  (6)
 *   L = L11 + F_LΓ L21 + L12 F_LΓᵀ + F_LΓ L22 F_LΓᵀ          (7)
 *   R = R1 + F_RG R2 F_RGᵀ,   G = G2 + F_RGᵀ G1 F_RG         (8, 9)     R2 = G2⁻¹, G1 = R1⁻¹
 *   y = (F_RCᵀ + T1)(R + T5)⁻¹(T12 − F_RC)                                   (22)
 *   h = (F_LCᵀ + T2) + (F_RCᵀ + T1)(R + T5)⁻¹(T6 − F_RG R2 F_LGᵀ)            (23)
 *   k = (T3 − F_LC) + (T4 − F_LG)(G + T8)⁻¹(T9 − F_RGᵀ G1 F_RC)              (24)
 *   z = (T4 − F_LG)(G + T8)⁻¹(T10 + F_LGᵀ)                                   (25)
 *
 * Both inverses are taken once, as B3 = (F_RCᵀ + T1)(R + T5)⁻¹ (32) and B4 = (T4 − F_LG)(G + T8)⁻¹ (33); the
 * other quantities are products with them. Throws 'unsupported' with the reasons when section 6.1 fails.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import type { Backend } from '../backend';
import { elementMatrices } from '../element-matrices';
import { SingularMatrix } from '../algebra/matrix-algebra';
import { masdApplicability } from './masd-applicability';
import { masdElementMatrices } from './masd-element-matrices';
import type { MasdElementMatrices } from './masd-element-matrices';
import { masdBlocks, masdPartition } from './masd-partition';
import type { MasdBlock, MasdPartition } from './masd-partition';
import { CORRECTED_READING } from './masd-reading';
import type { MasdReading } from './masd-reading';
import { transformerCoupling } from './transformer-coupling';
import { couplingTerms } from './coupling-terms';
import type { CouplingTerms } from './coupling-terms';
import { inputMap } from './input-map';
import type { InputMap } from './input-map';

export interface MasdIntermediates<M> extends CouplingTerms<M> {
  readonly partition: MasdPartition;
  /** F_XY over MASD's groups. */
  readonly F: MasdBlock<M>;
  readonly element: MasdElementMatrices<M>;
  readonly reading: MasdReading;
  readonly R2: M;
  readonly G1: M;
  readonly N12: M;
  readonly N21: M;
  readonly M_V: M;
  readonly M_I: M;
  readonly C: M;
  readonly L: M;
  readonly R: M;
  readonly G: M;
  readonly y: M;
  readonly h: M;
  readonly k: M;
  readonly z: M;
  readonly B1: M;
  readonly B2: M;
  readonly B3: M;
  readonly B4: M;
  readonly B5: M;
  readonly B6: M;
  readonly B11: M;
  readonly B12: M;
  readonly Balpha_C: M;
  readonly Btheta_C: M;
  readonly Balpha_L: M;
  readonly Btheta_L: M;
  /** C⁻¹ F_SCᵀ C1 and −L⁻¹(L12 + F_LΓ L22): the state redefinition (26) on the e_S and j_Γ columns. */
  readonly Bd_S: M;
  readonly Bd_Gamma: M;
  readonly inputs: InputMap<M>;
}

export interface MasdIntermediatesOptions {
  /** Evaluate the paper's printed reading of some terms instead of the corrected one (tests only). */
  readonly reading?: Partial<MasdReading>;
}

/** Throws 'unsupported' naming the elements when a precondition of section 6.1 fails. */
export function requireMasdApplicable<M, T>(s: Structure, be: Backend<M, T>): void {
  const check = masdApplicability(s, be);
  if (!check.applicable) {
    throw new SysgraphError('unsupported', `MASD closed form does not apply (formulation.md section 6.1): ${check.reasons.join('; ')}. Use the general formulation.`, {
      element: check.violations[0].elements[0],
      elements: [...new Set(check.violations.flatMap((v) => v.elements))],
      expected: 'F_Sθ = F_SG = F_SΓ = F_RΓ = F_αΓ = 0, nonzero finite resistances, I + F_αθ N12 invertible',
    });
  }
}

export function masdIntermediates<M, T>(s: Structure, be: Backend<M, T>, opts: MasdIntermediatesOptions = {}): MasdIntermediates<M> {
  requireMasdApplicable(s, be);
  const reading: MasdReading = { ...CORRECTED_READING, ...opts.reading };
  const alg = be.algebra;
  const { mul, add, sub, neg, transpose: tr } = alg;
  const prod = (...ms: M[]) => ms.reduce((a, b) => mul(a, b));
  const p = s.partition;
  const mp = masdPartition(p);
  const F = masdBlocks(p, mp, alg);
  const el = masdElementMatrices(elementMatrices(p, s.description, be), mp, alg);
  const transformers = p.loop.tree.graph.twoPorts.filter((t) => t.kind === 'transformer').map((t) => t.id);

  const inverse = (a: M, onSingular: () => SysgraphError): M => solveOr(a, alg.identity(alg.rows(a)), onSingular);
  const solveOr = (a: M, b: M, onSingular: () => SysgraphError): M => {
    try {
      return alg.solve(a, b);
    } catch (e) {
      if (e instanceof SingularMatrix) throw onSingular();
      throw e;
    }
  };
  // X a⁻¹ = (a⁻ᵀ Xᵀ)ᵀ
  const rightDivide = (X: M, a: M, onSingular: () => SysgraphError): M => tr(solveOr(tr(a), tr(X), onSingular));
  const staticError = (what: string, ids: readonly string[]) => () =>
    new SysgraphError('singular-static-network', `MASD closed form: ${what} is singular; the static network of ${ids.join(', ')} has no unique solution (D1)`, {
      ...namedField(ids[0]),
      elements: [...ids],
      expected: 'a uniquely solvable resistive/two-port network',
    });
  const storageError = (what: string, ids: readonly string[]) => () =>
    new SysgraphError('singular-storage', `MASD closed form: the effective ${what} matrix is singular (D3) for ${ids.join(', ')}`, {
      element: ids[0],
      field: 'value',
      elements: [...ids],
      expected: `a nonsingular effective ${what} matrix`,
    });

  const staticIds = [...mp.ids.G, ...mp.ids.theta, ...mp.ids.R, ...mp.ids.alpha];
  // R2 = G2⁻¹, G1 = R1⁻¹ (gyrators absorbed: skew blocks)
  const R2 = inverse(el.G2, staticError('G2', mp.ids.G));
  const G1 = inverse(el.R1, staticError('R1', mp.ids.R));
  const tc = transformerCoupling(F('alpha', 'theta'), el.N12, reading, alg, transformers);
  const T = couplingTerms(F, R2, G1, tc, reading, alg);

  const F_SC = F('S', 'C'), F_RC = F('R', 'C'), F_RG = F('R', 'G'), F_LC = F('L', 'C'), F_LG = F('L', 'G');
  const F_LGam = F('L', 'Gamma'), F_Rt = F('R', 'theta'), F_Lt = F('L', 'theta'), F_aC = F('alpha', 'C'), F_aG = F('alpha', 'G');

  // (6) C = C2 + F_SCᵀ C1 F_SC          (7) L = L11 + F_LΓ L21 + L12 F_LΓᵀ + F_LΓ L22 F_LΓᵀ
  const C = add(el.C2, prod(tr(F_SC), el.C1, F_SC));
  const L = add(add(el.L11, mul(F_LGam, el.L21)), add(mul(el.L12, tr(F_LGam)), prod(F_LGam, el.L22, tr(F_LGam))));
  // (8) R = R1 + F_RG R2 F_RGᵀ          (9) G = G2 + F_RGᵀ G1 F_RG
  const R = add(el.R1, prod(F_RG, R2, tr(F_RG)));
  const G = add(el.G2, prod(tr(F_RG), G1, F_RG));

  // (32) B3 = (F_RCᵀ + T1)(R + T5)⁻¹        (33) B4 = (T4 − F_LG)(G + T8)⁻¹
  const B3 = rightDivide(add(tr(F_RC), T.T1), add(R, T.T5), staticError('R + T5', staticIds));
  const T4mFLG = sub(T.T4, F_LG);
  const B4 = rightDivide(T4mFLG, add(G, T.T8), staticError('G + T8', staticIds));
  const FRG_R2 = mul(F_RG, R2);
  // (22) y = B3 (T12 − F_RC)             (23) h = (F_LCᵀ + T2) + B3 (T6 − F_RG R2 F_LGᵀ)
  const y = mul(B3, sub(T.T12, F_RC));
  const h = add(add(tr(F_LC), T.T2), mul(B3, sub(T.T6, mul(FRG_R2, tr(F_LG)))));
  // (24) k = (T3 − F_LC) + B4 (T9 − F_RGᵀ G1 F_RC)    (25) z = B4 (T10 + F_LGᵀ)
  const k = add(sub(T.T3, F_LC), mul(B4, sub(T.T9, prod(tr(F_RG), G1, F_RC))));
  const z = mul(B4, add(T.T10, tr(F_LG)));

  // (29) B1 = B3 (T7 − F_RG R2)          (36) B6 = B4 (F_RGᵀ + T11) G1
  const B1 = mul(B3, sub(T.T7, FRG_R2));
  const B6 = prod(B4, add(tr(F_RG), T.T11), G1);
  // Bα_C = −B3 F_Rθ M_V                   Bθ_C = B1 F_αGᵀ M_I + F_αCᵀ M_I
  const Balpha_C = neg(prod(B3, F_Rt, tc.M_V));
  const Btheta_C = add(prod(B1, tr(F_aG), tc.M_I), mul(tr(F_aC), tc.M_I));
  // Bα_L = −F_Lθ M_V − B6 F_Rθ M_V        Bθ_L = B4 F_αGᵀ M_I
  const Balpha_L = neg(add(mul(F_Lt, tc.M_V), prod(B6, F_Rt, tc.M_V)));
  const Btheta_L = prod(B4, tr(F_aG), tc.M_I);

  // State redefinition (26): Bd_S = C⁻¹ F_SCᵀ C1,  Bd_Γ = −L⁻¹(L12 + F_LΓ L22)
  const Bd_S = solveOr(C, mul(tr(F_SC), el.C1), storageError('capacitance', mp.ids.C));
  const Bd_Gamma = neg(solveOr(L, add(el.L12, mul(F_LGam, el.L22)), storageError('inductance', mp.ids.L)));
  // (31) B2 = y C⁻¹F_SCᵀC1   (35) B12 = k C⁻¹F_SCᵀC1   (30) B11 = −h L⁻¹(L12 + F_LΓL22)   (34) B5 = −z L⁻¹(…)
  const B2 = mul(y, Bd_S);
  const B12 = mul(k, Bd_S);
  const B11 = mul(h, Bd_Gamma);
  const B5 = mul(z, Bd_Gamma);

  return {
    partition: mp, F, element: el, reading,
    R2, G1, N12: tc.N12, N21: tc.N21, M_V: tc.M_V, M_I: tc.M_I,
    C, L, R, G, ...T, y, h, k, z,
    B1, B2, B3, B4, B5, B6, B11, B12, Balpha_C, Btheta_C, Balpha_L, Btheta_L, Bd_S, Bd_Gamma,
    inputs: inputMap(p, F, alg),
  };
}

/** The element and field an id names: a two-port port `<id>.1` its two-port's `ratio`, a one-port its `value`. */
function namedField(id: string | undefined): { element?: string; field?: string } {
  if (id === undefined) return {};
  const port = /^(.*)\.[12]$/.exec(id);
  return port ? { element: port[1], field: 'ratio' } : { element: id, field: 'value' };
}
