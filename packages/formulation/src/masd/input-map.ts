/**
 * MASD's source images as a map of the raw inputs (formulation.md sections 3 and 6.3, "To convert to raw
 * inputs"): u_M = Map·u with
 *
 *   u_M = [ j_C; j_G; j_Γ; e_S; e_R; e_L; e_α; j_θ ]
 *   j_Y = F_JYᵀ u_J  (tree group Y),   e_X = −F_XE u_E  (link group X),   u_E = U_E u,  u_J = U_J u
 *
 * where U_E and U_J select each source's input (several sources may share one named input).
 */
import type { Partition } from '@sysgraph/graph';
import type { MatrixAlgebra } from '../algebra/matrix-algebra';
import type { MasdBlock, MasdGroup } from './masd-partition';

/** The parts of u_M in order, with the MASD group each part is indexed by. */
export const MASD_INPUT_PARTS = [
  { name: 'j_C', group: 'C' },
  { name: 'j_G', group: 'G' },
  { name: 'j_Γ', group: 'Gamma' },
  { name: 'e_S', group: 'S' },
  { name: 'e_R', group: 'R' },
  { name: 'e_L', group: 'L' },
  { name: 'e_α', group: 'alpha' },
  { name: 'j_θ', group: 'theta' },
] as const satisfies readonly { name: string; group: MasdGroup }[];

export interface InputMap<M> {
  /** u_M = Map u, rows in the order of MASD_INPUT_PARTS. */
  readonly Map: M;
  /** Row ranges [start, end) of each part within u_M. */
  readonly parts: readonly { readonly name: string; readonly group: MasdGroup; readonly start: number; readonly end: number }[];
  /** Names of the raw inputs u (the columns of Map). */
  readonly inputNames: readonly string[];
}

export function inputMap<M, T>(p: Partition, F: MasdBlock<M>, alg: MatrixAlgebra<M, T>): InputMap<M> {
  const m = p.inputs.length;
  const one = alg.field.one;
  const UE = alg.fromEntries(p.groups.E.length, m, Array.from(p.groups.E, (k, i) => [i, p.inputOfBranch[k], one] as const));
  const UJ = alg.fromEntries(p.groups.J.length, m, Array.from(p.groups.J, (k, i) => [i, p.inputOfBranch[k], one] as const));
  // j_Y = F_JYᵀ U_J u
  const j = (y: 'C' | 'G' | 'Gamma' | 'theta') => alg.mul(alg.transpose(F('J', y)), UJ);
  // e_X = −F_XE U_E u
  const e = (x: 'S' | 'R' | 'L' | 'alpha') => alg.neg(alg.mul(F(x, 'E'), UE));
  const blocks = [j('C'), j('G'), j('Gamma'), e('S'), e('R'), e('L'), e('alpha'), j('theta')];
  let start = 0;
  const parts = MASD_INPUT_PARTS.map((part, i) => {
    const end = start + alg.rows(blocks[i]);
    const r = { name: part.name, group: part.group, start, end };
    start = end;
    return r;
  });
  return { Map: alg.vcat(blocks), parts, inputNames: p.inputs.map((u) => u.name) };
}
