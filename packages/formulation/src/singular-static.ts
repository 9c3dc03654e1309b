/**
 * D1 (formulation.md section 8): the static matrix M is singular. If every null vector n of M leaves the
 * storage elements untouched — [F_ρCᵀ n_ρ; F_Lσ n_σ; F_Sσ n_σ; F_ρΓᵀ n_ρ] = 0 — the dynamics are still
 * defined: an internal variable (a circulating port current, say) is undetermined. Take the minimum-norm
 * particular solution (pseudo-inverse) and warn. Otherwise the system is ill-posed: name the elements in the
 * support of the null vectors. Relative SVD threshold 1e-10.
 */
import { Matrix, SingularValueDecomposition } from 'ml-matrix';
import { SysgraphError, diagnostic } from '@sysgraph/core';
import type { Diagnostic } from '@sysgraph/core';

const REL_TOL = 1e-10;

export function solveSingularStatic(
  M: number[][],
  rhs: number[][],
  influence: number[][],
  ids: readonly string[],
): { Z: number[][]; diagnostic: Diagnostic } {
  const svd = new SingularValueDecomposition(new Matrix(M), { autoTranspose: true });
  const s = svd.diagonal;
  const smax = Math.max(...s, 0);
  const V = svd.rightSingularVectors;
  const nullVectors: number[][] = [];
  for (let k = 0; k < s.length; k++) if (s[k] <= REL_TOL * smax) nullVectors.push(V.getColumn(k));
  const support = new Set<string>();
  for (const v of nullVectors) v.forEach((x, i) => Math.abs(x) > 1e-8 && support.add(ids[i]));
  const elements = [...support].sort();
  const effect = influence.length > 0 ? nullVectors.some((v) => influence.some((row) => Math.abs(row.reduce((a, c, i) => a + c * v[i], 0)) > 1e-8)) : false;
  if (effect) {
    throw new SysgraphError('singular-static-network', `the static network is singular and the state derivatives are not unique: ${elements.join(', ')} form an algebraic loop with no unique solution (a two-port loop of gain one, or zero/infinite resistances)`, { elements, expected: 'a static network whose solution is unique where it feeds the storage elements' });
  }
  const pinv = new Matrix(M).size > 0 ? pseudoInverse(svd, smax) : new Matrix(0, 0);
  const Z = pinv.mmul(new Matrix(rhs));
  // Consistency: M Z = rhs.
  const residual = Math.max(0, ...new Matrix(M).mmul(Z).sub(new Matrix(rhs)).to1DArray().map(Math.abs));
  const scale = Math.max(1, ...rhs.flat().map(Math.abs));
  if (residual > 1e-8 * scale) {
    throw new SysgraphError('singular-static-network', `the static network is singular and inconsistent: ${elements.join(', ')} over-determine a loop or cutset`, { elements, expected: 'a consistent static network' });
  }
  return {
    Z: Z.to2DArray(),
    diagnostic: diagnostic('D1', 'warning', `the static network is singular: an internal variable of ${elements.join(', ')} is undetermined (redundant two-port loop); the state equations are still unique, outputs of those elements are one particular solution`, elements),
  };
}

function pseudoInverse(svd: SingularValueDecomposition, smax: number): Matrix {
  const U = svd.leftSingularVectors;
  const V = svd.rightSingularVectors;
  const s = svd.diagonal;
  const Sinv = Matrix.zeros(V.columns, U.columns);
  for (let k = 0; k < s.length; k++) if (s[k] > REL_TOL * smax) Sinv.set(k, k, 1 / s[k]);
  return V.mmul(Sinv).mmul(U.transpose());
}
