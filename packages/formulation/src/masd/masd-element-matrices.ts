/**
 * The element matrices in MASD's groups (formulation.md sections 4, 6.1 and 10), read off the general
 * ElementMatrices so that both formulations share one reading of the description:
 *
 *   C2 = diag(C_tree),  C1 = diag(C_S),  [[L11, L12], [L21, L22]] over [L; Γ]
 *   G2 = Hσσ over [G; γT]: 1/R_g on the diagonal, Y = [[0, −1/GY], [1/GY, 0]] per tree gyrator
 *   R1 = Hρρ over [R; γL]: R_r on the diagonal,   Z = [[0, GY], [−GY, 0]] per link gyrator
 *   K  = Hρσ[α, θ] (diagonal: v_α = K v_θ), and N12 = K⁻¹ so that v_θ = N12 v_α
 */
import type { MatrixAlgebra } from '../algebra/matrix-algebra';
import type { ElementMatrices } from '../element-matrices';
import type { MasdPartition } from './masd-partition';

export interface MasdElementMatrices<M> {
  readonly C1: M;
  readonly C2: M;
  readonly L11: M;
  readonly L12: M;
  readonly L21: M;
  readonly L22: M;
  /** Tree conductances over G = [G; γT]. */
  readonly G2: M;
  /** Link resistances over R = [R; γL]. */
  readonly R1: M;
  /** v_θ = N12 v_α, diagonal (one entry per transformer, θ and α in the same order). */
  readonly N12: M;
}

export function masdElementMatrices<M, T>(el: ElementMatrices<M>, mp: MasdPartition, alg: MatrixAlgebra<M, T>): MasdElementMatrices<M> {
  const F = alg.field;
  const sPos = new Map(Array.from(el.sigma, (k, i) => [k, i]));
  const rPos = new Map(Array.from(el.rho, (k, i) => [k, i]));
  const at = (pos: Map<number, number>, branches: Int32Array) => Int32Array.from(branches, (k) => pos.get(k)!);
  const pick = (m: M, r: Int32Array, c: Int32Array) => alg.selectCols(alg.selectRows(m, r), c);

  const g = at(sPos, mp.branches.G);
  const theta = at(sPos, mp.branches.theta);
  const r = at(rPos, mp.branches.R);
  const alpha = at(rPos, mp.branches.alpha);
  const K = pick(el.Hrs, alpha, theta);
  const nT = theta.length;
  // N12 = K⁻¹, entry by entry (K is diagonal).
  const N12 = alg.diag(Array.from({ length: nT }, (_, i) => F.div(F.one, alg.get(K, i, i))));
  return {
    C1: el.C1,
    C2: el.C2,
    L11: el.L11,
    L12: el.L12,
    L21: el.L21,
    L22: el.L22,
    G2: pick(el.Hss, g, g),
    R1: pick(el.Hrr, r, r),
    N12,
  };
}
