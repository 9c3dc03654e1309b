/**
 * The shift-and-invert operator of the symmetric Krylov mode, factorised without the scalings around it:
 *
 *   M = D², A = Aᵀ,  J̃ = D⁻¹ A D⁻¹ (symmetric),  Z = (I − γJ̃)⁻¹ = D (M − γA)⁻¹ D
 *
 * so applying Z is one solve with I − γJ̃ (no scaling passes). I − γJ̃ is symmetric positive definite when A is
 * negative semidefinite (a passive RC-type network): banded Cholesky for chains, sparse LU with AMD otherwise
 * (sparse-backend.ts symmetricFactoriser, the method chosen once). J̃ is formed once, O(nnz(A)); each γ costs one
 * factorisation. For a chain only J̃'s tridiagonal is formed, in the chain's order, each γ costs O(n)
 * (twisted-tridiagonal.ts), and the solves work in that order: the caller permutes its vectors once instead of every
 * solve gathering and scattering.
 */
import { csrAdd, csrIdentity, CsrMatrix, factorTwistedTridiagonal, NotPositiveDefiniteError, tridiagonalEntries } from '@sysgraph/linalg';
import type { LinearSolve } from '../problem/ode-problem';
import type { SymmetricPlan } from '../sparse/sparse-backend';
import { symmetricFactoriser } from '../sparse/sparse-backend';

/** γ ↦ a solver for (I − γJ̃) x = b, in the order `order` of the unknowns when it is set. */
export interface ShiftInvertFactoriser {
  (gamma: number): LinearSolve;
  /**
   * When set, the solves work on permuted vectors: entry k of b and x is unknown order[k] (a chain's order, in
   * which I − γJ̃ is tridiagonal and its solve needs no gathers or scatters).
   */
  readonly order?: Int32Array;
}

/** `plan`: symmetricPlan of A (the diagonal the shift adds does not widen the band). */
export function scaledShiftInvert(a: CsrMatrix, d: Float64Array, plan: SymmetricPlan): ShiftInvertFactoriser {
  const n = a.rows;
  let jt: CsrMatrix | undefined;
  const scaledCsr = (): CsrMatrix => {
    if (jt) return jt;
    const { rowPtr, colIdx, values } = a;
    const scaled = new Float64Array(values.length);
    for (let i = 0; i < n; i++) {
      const di = 1 / d[i];
      for (let p = rowPtr[i]; p < rowPtr[i + 1]; p++) scaled[p] = (values[p] * di) / d[colIdx[p]];
    }
    return (jt = new CsrMatrix(n, n, rowPtr, colIdx, scaled));
  };
  const shifted = (gamma: number) => csrAdd(-gamma, scaledCsr(), 1, csrIdentity(n));
  const factorise = symmetricFactoriser(plan, 1);
  if (!plan.banded || plan.bandwidth > 1) return (gamma: number) => factorise(shifted(gamma));
  // a chain: J̃'s tridiagonal in the plan's order once (A's entries over d_i d_j), then I − γJ̃ entry by entry for
  // each γ (no CSR sum), solved in that order
  const order = plan.ordering;
  const entries = tridiagonalEntries(a, order, 1, plan.position);
  for (let k = 0; k < n; k++) {
    const dk = order ? d[order[k]] : d[k];
    entries.diagonal[k] /= dk * dk;
    if (k + 1 < n) entries.offDiagonal[k] /= dk * (order ? d[order[k + 1]] : d[k + 1]);
  }
  let tridiagonal = true;
  const permuted = new Float64Array(order ? n : 0);
  // the entries of I − γJ̃ (the factorisation keeps its own arrays)
  const diagonal = new Float64Array(n);
  const offDiagonal = new Float64Array(n);
  const inOrder = (gamma: number): LinearSolve => {
    if (tridiagonal) {
      shiftEntries(entries.diagonal, entries.offDiagonal, gamma, diagonal, offDiagonal, n);
      try {
        const l = factorTwistedTridiagonal(diagonal, offDiagonal);
        return { solve: (rhs, out) => l.solve(rhs, out) };
      } catch (e) {
        if (!(e instanceof NotPositiveDefiniteError)) throw e;
        tridiagonal = false;
      }
    }
    // not definite after all: the general factorisation in A's order, wrapped to the chain's order
    const lu = factorise(shifted(gamma));
    if (!order) return lu;
    return {
      solve: (rhs, out) => {
        for (let k = 0; k < n; k++) permuted[order[k]] = rhs[k];
        lu.solve(permuted, permuted);
        for (let k = 0; k < n; k++) out[k] = permuted[order[k]];
        return out;
      },
    };
  };
  return Object.assign(inOrder, { order });
}

/**
 * The entries of I − γJ̃ from J̃'s: a kernel of its own, nothing after its loop (inline, the factorisation that followed
 * it was where V8's on-stack-replaced code of the loop deoptimised, on every γ after the first).
 */
function shiftEntries(jDiagonal: Float64Array, jOffDiagonal: Float64Array, gamma: number, diagonal: Float64Array, offDiagonal: Float64Array, n: number): void {
  for (let k = 0; k < n; k++) {
    diagonal[k] = 1 - gamma * jDiagonal[k];
    offDiagonal[k] = -gamma * jOffDiagonal[k];
  }
}
