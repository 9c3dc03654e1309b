/**
 * The shift-and-invert operator of the symmetric Krylov mode, factorised without the scalings around it:
 *
 *   M = D², A = Aᵀ,  J̃ = D⁻¹ A D⁻¹ (symmetric),  Z = (I − γJ̃)⁻¹ = D (M − γA)⁻¹ D
 *
 * so applying Z is one solve with I − γJ̃ (no scaling passes). I − γJ̃ is symmetric positive definite when A is
 * negative semidefinite (a passive RC-type network): banded Cholesky for chains, sparse LU with AMD otherwise
 * (sparse-backend.ts symmetricFactoriser, the method chosen once). J̃ is formed once, O(nnz(A)); each γ costs one factorisation.
 */
import { csrAdd, csrIdentity, CsrMatrix } from '@sysgraph/linalg';
import type { LinearSolve } from '../problem/ode-problem';
import type { SymmetricPlan } from '../sparse/sparse-backend';
import { symmetricFactoriser } from '../sparse/sparse-backend';

/** γ ↦ a solver for (I − γJ̃) x = b. */
export type ShiftInvertFactoriser = (gamma: number) => LinearSolve;

/** `plan`: symmetricPlan of A (the diagonal the shift adds does not widen the band). */
export function scaledShiftInvert(a: CsrMatrix, d: Float64Array, plan: SymmetricPlan): ShiftInvertFactoriser {
  const n = a.rows;
  const { rowPtr, colIdx, values } = a;
  const scaled = new Float64Array(values.length);
  for (let i = 0; i < n; i++) {
    const di = 1 / d[i];
    for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) scaled[p] = (values[p] * di) / d[colIdx[p]];
  }
  const jt = new CsrMatrix(n, n, rowPtr, colIdx, scaled);
  const identity = csrIdentity(n);
  const shifted = (gamma: number) => csrAdd(-gamma, jt, 1, identity);
  const factorise = symmetricFactoriser(plan, 1);
  return (gamma) => factorise(shifted(gamma));
}
