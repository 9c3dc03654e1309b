/**
 * Factorisations of the iteration matrices I − c·J of a nonlinear model with a sparse Jacobian of fixed pattern
 * (Rodas, TR-BDF2). The pattern P = pattern(J) ∪ diagonal is computed once (iterationPattern), ordered once (AMD)
 * and analysed once by the first factorisation (pivot sequence, patterns of L and U); the first is factorised in
 * two column orders, AMD (least fill in general) and reverse Cuthill–McKee (a band along the network: the states of a
 * ladder numbered C1, C10, C100, … come out in chain order), and the one with fewer entries in L + U is kept, RCM on
 * a tie (the same fill with contiguous memory access: measured 1.5× faster solves and refactorisations on the
 * diode ladder, docs/nonlinear.md); every later matrix is only
 * refactorised numerically on that analysis (refactorSparseLU), O(flops of the numeric factorisation). A pivot
 * that fails the threshold test falls back to a fresh factorisation with the same column order (counted as a
 * factorisation; its pivot sequence serves the later refactorisations). A Jacobian of another pattern starts
 * over (a new P, AMD and analysis).
 */
import { factorSparseLU, rcmOrdering, refactorSparseLU } from '@sysgraph/linalg';
import type { CsrMatrix, RefactorPath, SparseLU } from '@sysgraph/linalg';
import type { LinearSolve } from '../problem/ode-problem';
import type { SolverStats } from '../stats';
import { fillIteration, hasPattern, iterationPattern } from './iteration-pattern';
import type { IterationPattern } from './iteration-pattern';

export interface IterationFactoriser {
  /** The factorisation of I − c·J. */
  factor(c: number, j: CsrMatrix): LinearSolve;
}

export function createIterationFactoriser(stats: SolverStats): IterationFactoriser {
  let pattern: IterationPattern | undefined;
  let values = new Float64Array(0);
  let last: SparseLU | undefined;
  const outcome: { path: RefactorPath } = { path: 'numeric' };
  // One LinearSolve object for every factorisation (the newest): a call site that solves with it always calls the
  // same function, which the engine can inline once instead of deoptimising on a new closure every step.
  const current: LinearSolve = {
    solve: (b, out) => last!.solve(b, out) as Float64Array,
    solveSum: (s, f, d, g, c, out) => last!.solveSum(s, f, d, g, c, out),
  };
  return {
    factor(c, j) {
      if (!pattern || !hasPattern(pattern, j)) {
        pattern = iterationPattern(j);
        values = new Float64Array(pattern.colIdx.length);
        last = undefined;
      }
      const a = fillIteration(pattern, c, j, values);
      let lu: SparseLU;
      if (last) {
        // in place: the factors of the last matrix are not used again once the next one is asked for
        lu = refactorSparseLU(last, a, outcome, { inPlace: true });
        if (outcome.path === 'numeric') stats.refactorizations++;
        else stats.factorizations++;
      } else {
        lu = firstFactor(a);
        stats.factorizations++;
      }
      last = lu;
      return current;
    },
  };
}

/**
 * The factorisation of the first matrix in the column order (AMD or RCM) with fewer entries in L + U; RCM on a tie.
 * RCM goes first: when its factors have no fill-in at all (nnz(L) + nnz(U) − n = nnz(A): a chain or a ladder, whose
 * band RCM finds), no order can do better and AMD's factorisation is skipped (one symbolic analysis instead of two).
 * On a chain both steps are walks: RCM of paths follows them (path-rcm-ordering.ts) and the factorisation of the band
 * is formed by the chain kernel (factor-chain-lu.ts), the same order and factors in O(nnz) without searches.
 */
function firstFactor(a: CsrMatrix): SparseLU {
  let byRcm: SparseLU | undefined;
  try {
    byRcm = factorSparseLU(a, { ordering: rcmOrdering(a) });
  } catch {
    byRcm = undefined; // a pivot that fails in this order only: AMD's factors stand
  }
  if (byRcm && byRcm.nnzL + byRcm.nnzU - a.rows === a.nnz) return byRcm;
  const byAmd = factorSparseLU(a, { ordering: 'amd' });
  if (!byRcm) return byAmd;
  return byRcm.nnzL + byRcm.nnzU <= byAmd.nnzL + byAmd.nnzU ? byRcm : byAmd;
}
