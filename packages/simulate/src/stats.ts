/** SolverStats: the work counters every solver reports. */

export interface SolverStats {
  /** Accepted steps. */
  steps: number;
  /** Rejected step attempts (error test or Newton failure). */
  rejectedSteps: number;
  /** Evaluations of the right-hand side (mat-vecs with A for linear models). */
  functionEvaluations: number;
  /** LU factorisations (iteration matrices, mass matrix) and matrix exponentials. */
  factorizations: number;
  /** Linear solves with a factorisation (one forward/back substitution each). */
  solves: number;
}

export function emptyStats(): SolverStats {
  return { steps: 0, rejectedSteps: 0, functionEvaluations: 0, factorizations: 0, solves: 0 };
}

export function formatStats(s: SolverStats): string {
  return (
    `steps ${s.steps}, rejected ${s.rejectedSteps}, f-evals ${s.functionEvaluations}, ` +
    `factorizations ${s.factorizations}, solves ${s.solves}`
  );
}
