/**
 * measureKernelCosts: where the stiff solver's time goes, measured outside it on the model it integrates —
 * one sparse LU of the iteration matrix (M − hγA) with AMD (what each new step size costs), one triangular solve
 * pair with it (six per Rodas step, plus one per derivative), one mat-vec with A (seven per step). With the
 * solver's counts: simulate ≈ factorizations · factor + solves · solve + evaluations · matvec + the rest.
 */
import type { CsrMatrix } from '@sysgraph/linalg';
import { csrAdd, csrIdentity, csrMulVec, factorSparseLU } from '@sysgraph/linalg';
import type { SolverStats } from '@sysgraph/simulate';

export interface KernelCosts {
  readonly factorMs: number;
  readonly solveMs: number;
  readonly matvecMs: number;
  readonly nnzLU: number;
  /** factorizations · factorMs + solves · solveMs + functionEvaluations · matvecMs. */
  readonly predictedMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** `hGamma`: a representative hγ (e.g. γ times the mean accepted step). Medians of `repeats` timings. */
export function measureKernelCosts(A: CsrMatrix, M: CsrMatrix | undefined, hGamma: number, stats: SolverStats, repeats = 5): KernelCosts {
  const iteration = csrAdd(-hGamma, A, 1, M ?? csrIdentity(A.rows));
  const factor: number[] = [];
  const solve: number[] = [];
  const matvec: number[] = [];
  const b = new Float64Array(A.rows).fill(1);
  const out = new Float64Array(A.rows);
  let nnzLU = 0;
  for (let r = 0; r < repeats; r++) {
    let t0 = performance.now();
    const lu = factorSparseLU(iteration, { ordering: 'amd' });
    factor.push(performance.now() - t0);
    nnzLU = lu.nnzL + lu.nnzU;
    t0 = performance.now();
    for (let k = 0; k < 20; k++) lu.solve(b, out);
    solve.push((performance.now() - t0) / 20);
    t0 = performance.now();
    for (let k = 0; k < 20; k++) csrMulVec(A, b, out);
    matvec.push((performance.now() - t0) / 20);
  }
  const f = median(factor);
  const s = median(solve);
  const m = median(matvec);
  return { factorMs: f, solveMs: s, matvecMs: m, nnzLU, predictedMs: stats.factorizations * f + stats.solves * s + stats.functionEvaluations * m };
}
