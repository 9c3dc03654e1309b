/**
 * D1 (formulation.md section 8): the static matrix M is singular. If every null vector n of M leaves the
 * storage elements untouched — [F_ρCᵀ n_ρ; F_Lσ n_σ; F_Sσ n_σ; F_ρΓᵀ n_ρ] = 0 — the dynamics are still
 * defined: an internal variable (a circulating port current, say) is undetermined. Take the minimum-norm
 * particular solution (pseudo-inverse) and warn. Otherwise the system is ill-posed: name the elements in the
 * support of the null vectors.
 *
 * Every decision is made on the equilibrated matrix M̂ = diag(r)·M·diag(c) (algebra/equilibrate.ts, powers of
 * two): the rows of M are currents and voltages, its columns voltages and currents, and a relative SVD threshold
 * on M itself would change its verdict when every impedance is scaled by k. With M̂ n̂ = 0, n = diag(c) n̂.
 *   nullity:     the columns without a pivot beyond cancellation (numeric-solve.ts), ν ≥ 1
 *   null space:  the right singular vectors of M̂'s ν smallest singular values
 *   support:     |n̂_i| > 1e-8 (n̂ of unit norm)
 *   influence:   |row·n| > 1e-8 · Σ_i |row_i n_i|   (a cancellation test, per row: no absolute scale)
 *   consistency: |(M Z − rhs)_ij| ≤ 1e-8 · (Σ_k |M_ik Z_kj| + |rhs_ij|)
 * The particular solution is Z = diag(c)·M̂⁺·diag(r)·rhs: minimum-norm in the equilibrated coordinates, so that
 * it too scales with the units.
 */
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { SysgraphError, diagnostic } from '@sysgraph/core';
import type { Diagnostic } from '@sysgraph/core';
import { denseMagnitudes, equilibrate } from './algebra/equilibrate';
import { numericNullity } from './algebra/numeric-solve';

/** The elimination's cancellation tolerance, as the numeric backend's (backend.ts). */
const PIVOT_TOL = 1e-13;
const SUPPORT_TOL = 1e-8;

/** A branch of the static network as the error names it: the element and the field whose value is at stake. */
export interface StaticBranch {
  readonly id: string;
  readonly element: string;
  readonly field: string;
}

export function solveSingularStatic(
  M: number[][],
  rhs: number[][],
  influence: number[][],
  branches: readonly StaticBranch[],
): { Z: number[][]; diagnostic: Diagnostic } {
  const n = M.length;
  const { rowScale: r, colScale: c } = equilibrate(denseMagnitudes(M, n, (x) => x === 0, (x) => x));
  const Mhat = new Matrix(M.map((row, i) => row.map((x, j) => r[i] * x * c[j])));
  const svd = new SingularValueDecomposition(Mhat, { autoTranspose: true });
  const s = svd.diagonal;
  const V = svd.rightSingularVectors;
  // The nullity is decided by the elimination's cancellation test (numeric-solve.ts, independent of units);
  // the SVD of the equilibrated matrix gives the null vectors: the right singular vectors of the smallest σ.
  const nullity = Math.max(1, numericNullity(M, PIVOT_TOL));
  const order = Array.from(s, (_, k) => k).sort((a, b) => s[a] - s[b]);
  const nullScaled = order.slice(0, Math.min(nullity, order.length)).map((k) => V.getColumn(k));
  const rank = new Set(order.slice(nullity));
  const support = new Set<number>();
  for (const v of nullScaled) v.forEach((x, i) => Math.abs(x) > SUPPORT_TOL && support.add(i));
  const culprits = [...support].sort((a, b) => (branches[a].id < branches[b].id ? -1 : branches[a].id > branches[b].id ? 1 : 0)).map((i) => branches[i]);
  const elements = culprits.map((b) => b.id);
  const named = culprits[0] ?? branches[0];
  const nullVectors = nullScaled.map((v) => v.map((x, i) => x * c[i]));
  const effect = nullVectors.some((v) => influence.some((row) => feeds(row, v)));
  if (effect) {
    throw new SysgraphError('singular-static-network', `the static network is singular and the state derivatives are not unique: ${elements.join(', ')} form an algebraic loop with no unique solution (a two-port loop of gain one, or zero/infinite resistances)`, { element: named?.element, field: named?.field, elements, expected: 'a static network whose solution is unique where it feeds the storage elements' });
  }
  const Zhat = n > 0 ? pseudoInverse(svd, rank).mmul(new Matrix(rhs.map((row, i) => row.map((x) => r[i] * x)))) : new Matrix(0, 0);
  const Z = Zhat.to2DArray().map((row, i) => row.map((x) => c[i] * x));
  // Consistency: M Z = rhs, entry by entry relative to the terms that make it up.
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < (rhs[i]?.length ?? 0); j++) {
      let sum = -rhs[i][j];
      let size = Math.abs(rhs[i][j]);
      for (let k = 0; k < n; k++) {
        const t = M[i][k] * Z[k][j];
        sum += t;
        size += Math.abs(t);
      }
      if (Math.abs(sum) > SUPPORT_TOL * size) {
        throw new SysgraphError('singular-static-network', `the static network is singular and inconsistent: ${elements.join(', ')} over-determine a loop or cutset`, { element: named?.element, field: named?.field, elements, expected: 'a consistent static network' });
      }
    }
  }
  return {
    Z,
    diagnostic: diagnostic('D1', 'warning', `the static network is singular: an internal variable of ${elements.join(', ')} is undetermined (redundant two-port loop); the state equations are still unique, outputs of those elements are one particular solution`, elements),
  };
}

/** row · v is not zero beyond cancellation: |Σ row_i v_i| > 1e-8 · Σ |row_i v_i|. */
function feeds(row: readonly number[], v: readonly number[]): boolean {
  let sum = 0;
  let size = 0;
  for (let i = 0; i < row.length; i++) {
    const t = row[i] * v[i];
    sum += t;
    size += Math.abs(t);
  }
  return size > 0 && Math.abs(sum) > SUPPORT_TOL * size;
}

function pseudoInverse(svd: SingularValueDecomposition, kept: ReadonlySet<number>): Matrix {
  const U = svd.leftSingularVectors;
  const V = svd.rightSingularVectors;
  const s = svd.diagonal;
  const Sinv = Matrix.zeros(V.columns, U.columns);
  for (let k = 0; k < s.length; k++) if (kept.has(k)) Sinv.set(k, k, 1 / s[k]);
  return V.mmul(Sinv).mmul(U.transpose());
}
