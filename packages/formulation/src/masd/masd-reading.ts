/**
 * Which reading of MASD's printed formulas to evaluate (formulation.md section 9). The default is the corrected
 * form of section 6; each field switches one term back to the paper as printed, so that tests can show the
 * printed reading is wrong where the corresponding blocks are nonzero. Not meant for models users rely on.
 */
export interface MasdReading {
  /** Transformer current law i_α = N21 i_θ: 'physical' N21 = −N12ᵀ (lossless); 'paper' N21 = +N12ᵀ (symbol list). */
  readonly n21: 'physical' | 'paper';
  /** Leading sign of T5 (14): −1 corrected, +1 as printed. */
  readonly t5LeadingSign: 1 | -1;
  /** Leading sign of T9 (18): −1 corrected, +1 as printed. */
  readonly t9LeadingSign: 1 | -1;
  /** The inverse inside T8/T9 (17, 18): 'corrected' (I + F_αθ N12)⁻¹, 'paper' (I + F_αθᵀ N12)⁻¹. */
  readonly t8t9Inverse: 'corrected' | 'paper';
  /** Prefactor of b2 (38, 39): 'corrected' C2 C⁻¹ and L11 L⁻¹, 'paper' C⁻¹ C2 and L⁻¹ L11. */
  readonly b2Prefactor: 'corrected' | 'paper';
}

export const CORRECTED_READING: MasdReading = {
  n21: 'physical',
  t5LeadingSign: -1,
  t9LeadingSign: -1,
  t8t9Inverse: 'corrected',
  b2Prefactor: 'corrected',
};

export function isCorrectedReading(r: MasdReading): boolean {
  return (Object.keys(CORRECTED_READING) as (keyof MasdReading)[]).every((k) => r[k] === CORRECTED_READING[k]);
}
