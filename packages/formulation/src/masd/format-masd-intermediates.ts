/**
 * formatMasdIntermediates: MASD's named quantities (formulation.md section 6.2–6.3) as labelled text tables,
 * each headed by its name, equation number and definition, rows and columns named by branch ids, so that the
 * paper's C, L, R, G, T1…T12, y, h, k, z and B-blocks can be read off for a given system.
 */
import { formatTable } from '@sysgraph/graph';
import type { MatrixAlgebra } from '../algebra/matrix-algebra';
import type { MasdIntermediates } from './masd-intermediates';
import { MASD_GROUP_SYMBOL, MASD_LINK_GROUPS, MASD_TREE_GROUPS } from './masd-partition';
import type { MasdGroup } from './masd-partition';

type Axis = MasdGroup | 'uM' | 'u';

export interface MasdQuantity {
  readonly name: string;
  readonly equation: string;
  readonly definition: string;
  readonly rows: Axis;
  readonly cols: Axis;
  readonly pick: <M>(im: MasdIntermediates<M>) => M;
}

const q = (name: string, equation: string, definition: string, rows: Axis, cols: Axis, pick: MasdQuantity['pick']): MasdQuantity =>
  ({ name, equation, definition, rows, cols, pick });

/** The quantities in the order the paper introduces them. */
export const MASD_QUANTITIES: readonly MasdQuantity[] = [
  q('N12', '', 'K⁻¹ per transformer: v_θ = N12 v_α', 'theta', 'alpha', (im) => im.N12),
  q('N21', '', '−N12ᵀ: i_α = N21 i_θ', 'alpha', 'theta', (im) => im.N21),
  q('R2', '', 'G2⁻¹ (tree resistors and tree gyrators)', 'G', 'G', (im) => im.R2),
  q('G1', '', 'R1⁻¹ (link resistors and link gyrators)', 'R', 'R', (im) => im.G1),
  q('M_V', '', 'N12 (I + F_αθ N12)⁻¹', 'theta', 'alpha', (im) => im.M_V),
  q('M_I', '', 'N21 (I − F_αθᵀ N21)⁻¹', 'alpha', 'theta', (im) => im.M_I),
  q('C', '(6)', 'C2 + F_SCᵀ C1 F_SC', 'C', 'C', (im) => im.C),
  q('L', '(7)', 'L11 + F_LΓ L21 + L12 F_LΓᵀ + F_LΓ L22 F_LΓᵀ', 'L', 'L', (im) => im.L),
  q('R', '(8)', 'R1 + F_RG R2 F_RGᵀ', 'R', 'R', (im) => im.R),
  q('G', '(9)', 'G2 + F_RGᵀ G1 F_RG', 'G', 'G', (im) => im.G),
  q('T1', '(10)', 'F_αCᵀ M_I F_Rθᵀ', 'C', 'R', (im) => im.T1),
  q('T2', '(11)', 'F_αCᵀ M_I F_Lθᵀ', 'C', 'L', (im) => im.T2),
  q('T3', '(12)', 'F_Lθ M_V F_αC', 'L', 'C', (im) => im.T3),
  q('T4', '(13)', 'F_Lθ M_V F_αG', 'L', 'G', (im) => im.T4),
  q('T5', '(14)', '−F_Rθ M_V F_αG R2 F_RGᵀ − (F_Rθ M_V F_αG R2 F_αGᵀ − F_RG R2 F_αGᵀ) M_I F_Rθᵀ', 'R', 'R', (im) => im.T5),
  q('T6', '(15)', 'F_Rθ M_V F_αG R2 F_LGᵀ + (F_Rθ M_V F_αG R2 F_αGᵀ − F_RG R2 F_αGᵀ) M_I F_Lθᵀ', 'R', 'L', (im) => im.T6),
  q('T7', '(16)', 'F_Rθ M_V F_αG R2', 'R', 'G', (im) => im.T7),
  q('T8', '(17)', 'T11 G1 F_RG − (T11 + F_RGᵀ) G1 F_Rθ M_V F_αG', 'G', 'G', (im) => im.T8),
  q('T9', '(18)', '−T11 G1 F_RC + (T11 + F_RGᵀ) G1 F_Rθ M_V F_αC', 'G', 'C', (im) => im.T9),
  q('T10', '(19)', 'F_αGᵀ M_I F_Lθᵀ', 'G', 'L', (im) => im.T10),
  q('T11', '(20)', 'F_αGᵀ M_I F_Rθᵀ', 'G', 'R', (im) => im.T11),
  q('T12', '(21)', 'F_Rθ M_V F_αC', 'R', 'C', (im) => im.T12),
  q('y', '(22)', '(F_RCᵀ + T1)(R + T5)⁻¹(T12 − F_RC)', 'C', 'C', (im) => im.y),
  q('h', '(23)', '(F_LCᵀ + T2) + (F_RCᵀ + T1)(R + T5)⁻¹(T6 − F_RG R2 F_LGᵀ)', 'C', 'L', (im) => im.h),
  q('k', '(24)', '(T3 − F_LC) + (T4 − F_LG)(G + T8)⁻¹(T9 − F_RGᵀ G1 F_RC)', 'L', 'C', (im) => im.k),
  q('z', '(25)', '(T4 − F_LG)(G + T8)⁻¹(T10 + F_LGᵀ)', 'L', 'L', (im) => im.z),
  q('B1', '(29)', '(F_RCᵀ + T1)(R + T5)⁻¹(T7 − F_RG R2)  [column j_G]', 'C', 'G', (im) => im.B1),
  q('B11', '(30)', '−h L⁻¹(L12 + F_LΓ L22)  [column j_Γ]', 'C', 'Gamma', (im) => im.B11),
  q('B2', '(31)', 'y C⁻¹ F_SCᵀ C1  [column e_S]', 'C', 'S', (im) => im.B2),
  q('B3', '(32)', '(F_RCᵀ + T1)(R + T5)⁻¹  [column e_R]', 'C', 'R', (im) => im.B3),
  q('B4', '(33)', '(T4 − F_LG)(G + T8)⁻¹  [column j_G]', 'L', 'G', (im) => im.B4),
  q('B5', '(34)', '−z L⁻¹(L12 + F_LΓ L22)  [column j_Γ]', 'L', 'Gamma', (im) => im.B5),
  q('B12', '(35)', 'k C⁻¹ F_SCᵀ C1  [column e_S]', 'L', 'S', (im) => im.B12),
  q('B6', '(36)', '(T4 − F_LG)(G + T8)⁻¹(F_RGᵀ + T11) G1  [column e_R]', 'L', 'R', (im) => im.B6),
  q('Bα_C', 'ext.', '−(F_RCᵀ + T1)(R + T5)⁻¹ F_Rθ M_V  [column e_α]', 'C', 'alpha', (im) => im.Balpha_C),
  q('Bθ_C', 'ext.', '(F_RCᵀ + T1)(R + T5)⁻¹(T7 − F_RG R2) F_αGᵀ M_I + F_αCᵀ M_I  [column j_θ]', 'C', 'theta', (im) => im.Btheta_C),
  q('Bα_L', 'ext.', '−F_Lθ M_V − (T4 − F_LG)(G + T8)⁻¹(F_RGᵀ + T11) G1 F_Rθ M_V  [column e_α]', 'L', 'alpha', (im) => im.Balpha_L),
  q('Bθ_L', 'ext.', '(T4 − F_LG)(G + T8)⁻¹ F_αGᵀ M_I  [column j_θ]', 'L', 'theta', (im) => im.Btheta_L),
  q('Bd_S', '(26)', 'C⁻¹ F_SCᵀ C1  (state redefinition, column e_S)', 'C', 'S', (im) => im.Bd_S),
  q('Bd_Γ', '(26)', '−L⁻¹(L12 + F_LΓ L22)  (state redefinition, column j_Γ)', 'L', 'Gamma', (im) => im.Bd_Gamma),
  q('Map', '6.3', 'u_M = Map u, u_M = [j_C; j_G; j_Γ; e_S; e_R; e_L; e_α; j_θ]', 'uM', 'u', (im) => im.inputs.Map),
];

export interface FormatMasdOptions {
  /** Significant digits of numeric entries (default 6); other fields print with their own format. */
  readonly digits?: number;
  /** Print only these quantities (names as in MASD_QUANTITIES). */
  readonly only?: readonly string[];
}

export function formatMasdIntermediates<M, T>(im: MasdIntermediates<M>, alg: MatrixAlgebra<M, T>, opts: FormatMasdOptions = {}): string {
  const digits = opts.digits ?? 6;
  const F = alg.field;
  const cell = (x: T): string => {
    if (F.isZero(x)) return '0';
    return F.name === 'number' ? String(Number((x as unknown as number).toPrecision(digits))) : F.format(x);
  };
  const labels = (axis: Axis): readonly string[] => {
    if (axis === 'u') return im.inputs.inputNames;
    if (axis === 'uM') return im.inputs.parts.flatMap((part) => im.partition.ids[part.group].map((id) => `${part.name}:${id}`));
    return im.partition.ids[axis];
  };
  const groupLine = (groups: readonly MasdGroup[]) => groups.map((g) => `${MASD_GROUP_SYMBOL[g]} = [${im.partition.ids[g].join(', ')}]`).join('  ');
  const out: string[] = [
    'MASD closed form, corrected (formulation.md section 6); G = [G; γT], R = [R; γL]',
    `tree:  ${groupLine(MASD_TREE_GROUPS)}`,
    `links: ${groupLine(MASD_LINK_GROUPS)}`,
  ];
  const axisName = (a: Axis) => (a === 'uM' ? 'u_M' : a === 'u' ? 'u' : MASD_GROUP_SYMBOL[a]);
  for (const quantity of MASD_QUANTITIES) {
    if (opts.only && !opts.only.includes(quantity.name)) continue;
    const m = quantity.pick(im);
    const r = alg.rows(m);
    const c = alg.cols(m);
    const head = `${quantity.name}${quantity.equation ? ` ${quantity.equation}` : ''} = ${quantity.definition}   [${axisName(quantity.rows)} × ${axisName(quantity.cols)}, ${r}×${c}]`;
    out.push('', head);
    if (r === 0 || c === 0) {
      out.push('  (empty)');
      continue;
    }
    const dense = alg.toDense(m);
    const rowLabels = labels(quantity.rows);
    const table = formatTable(['', ...labels(quantity.cols)], dense.map((row, i) => [rowLabels[i], ...row.map(cell)]));
    for (const line of table.split('\n')) out.push(`  ${line}`);
  }
  return out.join('\n');
}
