/** SolverStats: the work counters every solver reports. */

export interface SolverStats {
  /** Accepted steps. */
  steps: number;
  /** Rejected step attempts (error test or Newton failure). */
  rejectedSteps: number;
  /** Evaluations of the right-hand side (mat-vecs with A for linear models). */
  functionEvaluations: number;
  /**
   * LU factorisations with a pivot search (iteration matrices, mass matrix) and matrix exponentials; for a
   * nonlinear model's sparse iteration matrix, the first one of its pattern and every fallback after a failed pivot.
   */
  factorizations: number;
  /** Numeric refactorisations of a sparse iteration matrix on its fixed pattern, ordering and pivot sequence. */
  refactorizations: number;
  /** Evaluations of a nonlinear model's Jacobian ∂f/∂x (its own, or one difference approximation each). */
  jacobianEvaluations: number;
  /** Linear solves with a factorisation (one forward/back substitution each). */
  solves: number;
  /**
   * Nonlinear models whose f solves static equations (NonlinearModel.staticWork): the Newton iterations on coupled
   * static blocks during the run (in f, the Jacobian and the outputs); 0 where the model has none or does not count.
   */
  staticNewtonIterations: number;
  /** The same models: scalar inversions of laws (a law in the form its place in the tree does not want) during the run. */
  lawInversions: number;
}

export function emptyStats(): SolverStats {
  return { steps: 0, rejectedSteps: 0, functionEvaluations: 0, factorizations: 0, refactorizations: 0, jacobianEvaluations: 0, solves: 0, staticNewtonIterations: 0, lawInversions: 0 };
}

export function formatStats(s: SolverStats): string {
  return (
    `steps ${s.steps}, rejected ${s.rejectedSteps}, f-evals ${s.functionEvaluations}, ` +
    `factorizations ${s.factorizations}, refactorizations ${s.refactorizations}, Jacobians ${s.jacobianEvaluations}, solves ${s.solves}` +
    (s.staticNewtonIterations > 0 ? `, static Newton iterations ${s.staticNewtonIterations}` : '') +
    (s.lawInversions > 0 ? `, law inversions ${s.lawInversions}` : '')
  );
}
