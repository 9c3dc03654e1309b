/**
 * masdProducts: MASD's closed form, corrected (formulation.md section 6.2–6.3), as a chain of NAMED products:
 * every quantity is a definition over named factors, and its entries are expanded only where they stay small.
 *
 *   leaves     F_XY (loop-matrix blocks), C1, C2, L11…L22, R1, G2, N12 = K⁻¹, Map_· (u_M = Map·u by parts)
 *   (6)–(21)   N21, R2 = G2⁻¹, G1 = R1⁻¹, M_V, M_I, C, L, R, G, T1…T12 as in formulation.md 6.2
 *   inverses   R_loop = R + T5 (loop elimination),  G_cut = G + T8 (cut-set elimination)
 *   (32), (33) B3 = (F_RCᵀ + T1)·R_loop⁻¹,  B4 = (T4 − F_LG)·G_cut⁻¹
 *   (22)–(25)  y = B3·(T12 − F_RC),  h = F_LCᵀ + T2 + B3·(T6 − F_RG·R2·F_LGᵀ),
 *              k = T3 − F_LC + B4·(T9 − F_RGᵀ·G1·F_RC),  z = B4·(T10 + F_LGᵀ)
 *   (27)       A = [[A_CC, A_CL], [A_LC, A_LL]] = [[C⁻¹·y, C⁻¹·h], [L⁻¹·k, L⁻¹·z]]
 *   (28)       B = [B_C; B_L],  B_C = C⁻¹·(Map_jC + B1·Map_jG + B11·Map_jΓ + B2·Map_eS + B3·Map_eR + Bα_C·Map_eα + Bθ_C·Map_jθ)
 *                               B_L = L⁻¹·(B4·Map_jG + B5·Map_jΓ + B12·Map_eS + B6·Map_eR + Map_eL + Bα_L·Map_eα + Bθ_L·Map_jθ)
 *   (26)       Bd = [Bd_C; Bd_L],  Bd_C = Bd_S·Map_eS,  Bd_L = Bd_Γ·Map_jΓ
 *
 * With the symbolic backend a quantity is expanded when every factor it names is expanded and the expansion
 * sizes of packages/symbolic (cost/expansion-size.ts) say its entries stay small; otherwise only its definition
 * is given (an inverse stays the named inverse of a named matrix, like the structured form's M⁻¹). With a
 * numeric backend every quantity is expanded. The same definitions are evaluated in both cases. Throws
 * 'unsupported' where section 6.1 fails (requireMasdApplicable), 'singular-static-network' on a singular inverse.
 */
import { SysgraphError } from '@sysgraph/core';
import type { Structure } from '@sysgraph/graph';
import type { EntrySize } from '@sysgraph/symbolic';
import { ZERO_SIZE, inverseSizes, isSmallExpansion, productSizes, sizeMatrix, sumSizes } from '@sysgraph/symbolic';
import type { RationalFunction } from '@sysgraph/symbolic';
import type { Backend } from '../backend';
import { elementMatrices } from '../element-matrices';
import { SingularMatrix } from '../algebra/matrix-algebra';
import { MASD_GROUP_SYMBOL, masdBlocks, masdPartition } from './masd-partition';
import type { MasdGroup, MasdLinkGroup, MasdPartition, MasdTreeGroup } from './masd-partition';
import { masdElementMatrices } from './masd-element-matrices';
import { requireMasdApplicable } from './masd-intermediates';
import { MASD_INPUT_PARTS, inputMap } from './input-map';
import { I, evaluateExpr, inv, matrixExprAlgebra, neg, prod, ref, references, sum, tr } from './masd-expression';
import type { ExprAlgebra, MatExpr } from './masd-expression';

export type MasdAxis = MasdGroup | 'u';

export interface MasdProduct<M> {
  readonly name: string;
  /** The paper's equation number "(22)", "ext." for the extension columns, "" otherwise. */
  readonly equation: string;
  /** The definition over named quantities; undefined for a leaf (read off the description). */
  readonly expr?: MatExpr;
  /** What the quantity is, in words (leaves, column notes). */
  readonly note: string;
  readonly rows: MasdAxis;
  readonly cols: MasdAxis;
  readonly rowCount: number;
  readonly colCount: number;
  /** The entries, when expanded. */
  readonly value?: M;
}

export interface MasdProducts<M> {
  readonly partition: MasdPartition;
  readonly quantities: readonly MasdProduct<M>[];
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  /** How A, B and Bd are laid out from named quantities: block rows of names (rows C then L, columns u). */
  readonly assembly: { readonly A: readonly (readonly string[])[]; readonly B: readonly (readonly string[])[]; readonly Bd: readonly (readonly string[])[] };
}

/** A quantity's definition: the product without its sizes and entries. */
type Definition = Pick<MasdProduct<unknown>, 'name' | 'equation' | 'expr' | 'note' | 'rows' | 'cols'>;

const SYMBOL = MASD_GROUP_SYMBOL;
const MAP_NAME: Readonly<Record<string, string>> = { j_C: 'Map_jC', j_G: 'Map_jG', 'j_Γ': 'Map_jΓ', e_S: 'Map_eS', e_R: 'Map_eR', e_L: 'Map_eL', 'e_α': 'Map_eα', 'j_θ': 'Map_jθ' };

/** The F blocks every definition below uses. */
const F_BLOCKS: readonly [MasdLinkGroup, MasdTreeGroup][] = [
  ['S', 'C'], ['R', 'C'], ['R', 'G'], ['L', 'C'], ['L', 'G'], ['L', 'Gamma'], ['R', 'theta'], ['L', 'theta'], ['alpha', 'C'], ['alpha', 'G'], ['alpha', 'theta'],
];
const fName = (x: MasdLinkGroup, y: MasdTreeGroup) => `F_${SYMBOL[x]}${SYMBOL[y]}`;

const r = ref;
const d = (name: string, equation: string, expr: MatExpr | undefined, rows: MasdAxis, cols: MasdAxis, note = ''): Definition => ({ name, equation, expr, note, rows, cols });

/** The definitions in the paper's order of introduction (every name defined before it is used). */
function definitions(): Definition[] {
  const leaves: Definition[] = [
    ...F_BLOCKS.map(([x, y]) => d(fName(x, y), '', undefined, x, y, `loop matrix F, rows ${SYMBOL[x]}, columns ${SYMBOL[y]}`)),
    d('C1', '', undefined, 'S', 'S', 'link capacitances'),
    d('C2', '', undefined, 'C', 'C', 'tree capacitances'),
    d('L11', '', undefined, 'L', 'L', 'link inductances'),
    d('L12', '', undefined, 'L', 'Gamma', 'mutual inductances, links to Γ'),
    d('L21', '', undefined, 'Gamma', 'L', 'mutual inductances, Γ to links'),
    d('L22', '', undefined, 'Gamma', 'Gamma', 'tree inductances Γ'),
    d('R1', '', undefined, 'R', 'R', 'link resistances (and link gyrators)'),
    d('G2', '', undefined, 'G', 'G', 'tree conductances (and tree gyrators)'),
    d('N12', '', undefined, 'theta', 'alpha', 'K⁻¹ per transformer: v_θ = N12 v_α'),
    ...MASD_INPUT_PARTS.map((p) => d(MAP_NAME[p.name], '6.3', undefined, p.group, 'u', `${p.name} = ${MAP_NAME[p.name]}·u`)),
  ];
  const F = (x: MasdLinkGroup, y: MasdTreeGroup) => r(fName(x, y));
  const [F_SC, F_RC, F_RG, F_LC, F_LG, F_LGam, F_Rt, F_Lt, F_aC, F_aG, F_at] = F_BLOCKS.map(([x, y]) => F(x, y));
  const [C1, C2, L11, L12, L21, L22, R1, G2, N12, N21, R2, G1, M_V, M_I] = ['C1', 'C2', 'L11', 'L12', 'L21', 'L22', 'R1', 'G2', 'N12', 'N21', 'R2', 'G1', 'M_V', 'M_I'].map(r);
  const [C, L, R, G, y, h, k, z, B1, B3, B4, B6, X] = ['C', 'L', 'R', 'G', 'y', 'h', 'k', 'z', 'B1', 'B3', 'B4', 'B6', 'X'].map(r);
  const T = (i: number) => r(`T${i}`);
  const map = (name: string) => r(MAP_NAME[name]);
  return [
    ...leaves,
    d('N21', '', neg(tr(N12)), 'alpha', 'theta', 'i_α = N21 i_θ'),
    d('R2', '', inv(G2), 'G', 'G'),
    d('G1', '', inv(R1), 'R', 'R'),
    d('M_V', '', prod(N12, inv(sum(I, prod(F_at, N12)))), 'theta', 'alpha'),
    d('M_I', '', prod(N21, inv(sum(I, neg(prod(tr(F_at), N21))))), 'alpha', 'theta'),
    d('C', '(6)', sum(C2, prod(tr(F_SC), C1, F_SC)), 'C', 'C'),
    d('L', '(7)', sum(L11, prod(F_LGam, L21), prod(L12, tr(F_LGam)), prod(F_LGam, L22, tr(F_LGam))), 'L', 'L'),
    d('R', '(8)', sum(R1, prod(F_RG, R2, tr(F_RG))), 'R', 'R'),
    d('G', '(9)', sum(G2, prod(tr(F_RG), G1, F_RG)), 'G', 'G'),
    d('T1', '(10)', prod(tr(F_aC), M_I, tr(F_Rt)), 'C', 'R'),
    d('T2', '(11)', prod(tr(F_aC), M_I, tr(F_Lt)), 'C', 'L'),
    d('T3', '(12)', prod(F_Lt, M_V, F_aC), 'L', 'C'),
    d('T4', '(13)', prod(F_Lt, M_V, F_aG), 'L', 'G'),
    d('T7', '(16)', prod(F_Rt, M_V, F_aG, R2), 'R', 'G'),
    d('X', '', sum(prod(T(7), tr(F_aG)), neg(prod(F_RG, R2, tr(F_aG)))), 'R', 'alpha', 'the common factor of T5 and T6'),
    d('T5', '(14)', sum(neg(prod(T(7), tr(F_RG))), neg(prod(X, M_I, tr(F_Rt)))), 'R', 'R'),
    d('T6', '(15)', sum(prod(T(7), tr(F_LG)), prod(X, M_I, tr(F_Lt))), 'R', 'L'),
    d('T10', '(19)', prod(tr(F_aG), M_I, tr(F_Lt)), 'G', 'L'),
    d('T11', '(20)', prod(tr(F_aG), M_I, tr(F_Rt)), 'G', 'R'),
    d('T12', '(21)', prod(F_Rt, M_V, F_aC), 'R', 'C'),
    d('T8', '(17)', sum(prod(T(11), G1, F_RG), neg(prod(sum(T(11), tr(F_RG)), G1, F_Rt, M_V, F_aG))), 'G', 'G'),
    d('T9', '(18)', sum(neg(prod(T(11), G1, F_RC)), prod(sum(T(11), tr(F_RG)), G1, F_Rt, M_V, F_aC)), 'G', 'C'),
    d('R_loop', '', sum(R, T(5)), 'R', 'R', 'the loop elimination of the static network: R_loop i_R = …'),
    d('G_cut', '', sum(G, T(8)), 'G', 'G', 'the cut-set elimination of the static network: G_cut v_G = …'),
    d('B3', '(32)', prod(sum(tr(F_RC), T(1)), inv(r('R_loop'))), 'C', 'R', 'column e_R'),
    d('B4', '(33)', prod(sum(T(4), neg(F_LG)), inv(r('G_cut'))), 'L', 'G', 'column j_G'),
    d('y', '(22)', prod(B3, sum(T(12), neg(F_RC))), 'C', 'C'),
    d('h', '(23)', sum(tr(F_LC), T(2), prod(B3, sum(T(6), neg(prod(F_RG, R2, tr(F_LG)))))), 'C', 'L'),
    d('k', '(24)', sum(T(3), neg(F_LC), prod(B4, sum(T(9), neg(prod(tr(F_RG), G1, F_RC))))), 'L', 'C'),
    d('z', '(25)', prod(B4, sum(T(10), tr(F_LG))), 'L', 'L'),
    d('B1', '(29)', prod(B3, sum(T(7), neg(prod(F_RG, R2)))), 'C', 'G', 'column j_G'),
    d('B6', '(36)', prod(B4, sum(tr(F_RG), T(11)), G1), 'L', 'R', 'column e_R'),
    d('Bα_C', 'ext.', neg(prod(B3, F_Rt, M_V)), 'C', 'alpha', 'column e_α'),
    d('Bθ_C', 'ext.', sum(prod(B1, tr(F_aG), M_I), prod(tr(F_aC), M_I)), 'C', 'theta', 'column j_θ'),
    d('Bα_L', 'ext.', sum(neg(prod(F_Lt, M_V)), neg(prod(B6, F_Rt, M_V))), 'L', 'alpha', 'column e_α'),
    d('Bθ_L', 'ext.', prod(B4, tr(F_aG), M_I), 'L', 'theta', 'column j_θ'),
    d('Bd_S', '(26)', prod(inv(C), tr(F_SC), C1), 'C', 'S', 'state redefinition, column e_S'),
    d('Bd_Γ', '(26)', neg(prod(inv(L), sum(L12, prod(F_LGam, L22)))), 'L', 'Gamma', 'state redefinition, column j_Γ'),
    d('B2', '(31)', prod(y, r('Bd_S')), 'C', 'S', 'column e_S'),
    d('B12', '(35)', prod(k, r('Bd_S')), 'L', 'S', 'column e_S'),
    d('B11', '(30)', prod(h, r('Bd_Γ')), 'C', 'Gamma', 'column j_Γ'),
    d('B5', '(34)', prod(z, r('Bd_Γ')), 'L', 'Gamma', 'column j_Γ'),
    d('A_CC', '(27)', prod(inv(C), y), 'C', 'C', 'block of A'),
    d('A_CL', '(27)', prod(inv(C), h), 'C', 'L', 'block of A'),
    d('A_LC', '(27)', prod(inv(L), k), 'L', 'C', 'block of A'),
    d('A_LL', '(27)', prod(inv(L), z), 'L', 'L', 'block of A'),
    d('B_C', '(28)', prod(inv(C), sum(map('j_C'), prod(B1, map('j_G')), prod(r('B11'), map('j_Γ')), prod(r('B2'), map('e_S')), prod(B3, map('e_R')), prod(r('Bα_C'), map('e_α')), prod(r('Bθ_C'), map('j_θ')))), 'C', 'u', 'rows of B'),
    d('B_L', '(28)', prod(inv(L), sum(prod(B4, map('j_G')), prod(r('B5'), map('j_Γ')), prod(r('B12'), map('e_S')), prod(B6, map('e_R')), map('e_L'), prod(r('Bα_L'), map('e_α')), prod(r('Bθ_L'), map('j_θ')))), 'L', 'u', 'rows of B'),
    d('Bd_C', '(26)', prod(r('Bd_S'), map('e_S')), 'C', 'u', 'rows of Bd'),
    d('Bd_L', '(26)', prod(r('Bd_Γ'), map('j_Γ')), 'L', 'u', 'rows of Bd'),
  ];
}

/** The names, definitions and axes of every quantity (structure only: no backend). */
export const MASD_PRODUCT_DEFINITIONS: readonly Definition[] = definitions();

export const MASD_ASSEMBLY = {
  A: [['A_CC', 'A_CL'], ['A_LC', 'A_LL']],
  B: [['B_C'], ['B_L']],
  Bd: [['Bd_C'], ['Bd_L']],
} as const;

interface Sized {
  readonly r: number;
  readonly c: number;
  readonly e: readonly (readonly EntrySize[])[];
}

const sizedAlgebra: ExprAlgebra<Sized> = {
  add: (a, b) => ({ r: a.r, c: a.c, e: sumSizes(a.e, b.e) }),
  neg: (a) => a,
  mul: (a, b) => ({ r: a.r, c: b.c, e: a.c === 0 ? Array.from({ length: a.r }, () => new Array<EntrySize>(b.c).fill(ZERO_SIZE)) : productSizes(a.e, b.e, a.c) }),
  transpose: (a) => ({ r: a.c, c: a.r, e: Array.from({ length: a.c }, (_, j) => Array.from({ length: a.r }, (_, i) => a.e[i][j])) }),
  solve: (x, b) => sizedAlgebra.mul({ r: x.r, c: x.c, e: x.r === 0 ? [] : inverseSizes(x.e) }, b),
  identity: (n) => ({ r: n, c: n, e: Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? { n: 1, d: 1, g: 0, key: '1' } : ZERO_SIZE))) }),
  rows: (a) => a.r,
};

export interface MasdProductsOptions {
  /** Entries of a symbolic quantity are expanded up to this expansion weight (packages/symbolic SMALL_ENTRY_WEIGHT). */
  readonly smallEntryWeight?: number;
}

export function masdProducts<M, T>(s: Structure, be: Backend<M, T>, opts: MasdProductsOptions = {}): MasdProducts<M> {
  requireMasdApplicable(s, be);
  const alg = be.algebra;
  const p = s.partition;
  const mp = masdPartition(p);
  const F = masdBlocks(p, mp, alg);
  const el = masdElementMatrices(elementMatrices(p, s.description, be), mp, alg);
  const im = inputMap(p, F, alg);
  const leaf = new Map<string, M>();
  for (const [x, y] of F_BLOCKS) leaf.set(fName(x, y), F(x, y));
  for (const k of ['C1', 'C2', 'L11', 'L12', 'L21', 'L22', 'R1', 'G2', 'N12'] as const) leaf.set(k, el[k]);
  for (const part of im.parts) leaf.set(MAP_NAME[part.name], alg.selectRows(im.Map, Int32Array.from({ length: part.end - part.start }, (_, i) => part.start + i)));

  const count = (axis: MasdAxis) => (axis === 'u' ? p.inputs.length : mp.ids[axis].length);
  const symbolic = be.name === 'symbolic';
  const values = new Map<string, M>();
  const sizes = new Map<string, Sized>();
  const exprAlg = matrixExprAlgebra(alg);
  const quantities: MasdProduct<M>[] = [];
  for (const def of MASD_PRODUCT_DEFINITIONS) {
    const rowCount = count(def.rows);
    const colCount = count(def.cols);
    let value: M | undefined;
    if (!def.expr) value = leaf.get(def.name)!;
    else if (rowCount === 0 || colCount === 0) value = alg.zeros(rowCount, colCount);
    else if ([...references(def.expr)].every((n) => values.has(n))) {
      let small = true;
      if (symbolic) {
        const sized = evaluateExpr(def.expr, (n) => sizes.get(n)!, sizedAlgebra, rowCount);
        small = isSmallExpansion(sized.e, opts.smallEntryWeight);
      }
      if (small) value = evaluateOrName(def.name, () => evaluateExpr(def.expr!, (n) => values.get(n)!, exprAlg, rowCount), mp);
    }
    if (value !== undefined) {
      values.set(def.name, value);
      if (symbolic) sizes.set(def.name, { r: rowCount, c: colCount, e: sizeMatrix(alg.toDense(value) as unknown as RationalFunction[][]) });
    }
    quantities.push({ ...def, rowCount, colCount, value });
  }
  return {
    partition: mp,
    quantities,
    states: p.states.map((x) => x.name),
    inputs: p.inputs.map((u) => u.name),
    assembly: MASD_ASSEMBLY,
  };
}

function evaluateOrName<M>(name: string, f: () => M, mp: MasdPartition): M {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof SingularMatrix)) throw e;
    const ids = [...mp.ids.G, ...mp.ids.theta, ...mp.ids.R, ...mp.ids.alpha, ...mp.ids.C, ...mp.ids.L];
    throw new SysgraphError('singular-static-network', `MASD closed form: a matrix inverted in ${name} is singular (D1/D3) for ${ids.join(', ')}`, {
      element: ids[0],
      field: 'value',
      elements: ids,
      expected: 'a uniquely solvable static network and nonsingular effective capacitance and inductance matrices',
    });
  }
}
