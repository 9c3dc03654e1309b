/**
 * OdeProblem: what a solver integrates, M z' = f(t, z), independent of how the model was given.
 * For a LinearModel z = x̃ and f = A x̃ + B u(t); for a NonlinearModel z = x, M = I and f = f(t, x, u, u').
 */
import type { CsrMatrix } from '@sysgraph/linalg';
import type { SolverStats } from '../stats';
import type { InputVector } from './input-vector';
import type { LinearOperator } from './linear-operator';

/** A factorised matrix: one forward/back substitution per call. */
export interface LinearSolve {
  solve(b: Float64Array, out: Float64Array): Float64Array;
  /**
   * Where the factors offer it (the sparse LU): out = solve(b) with b = s·(f + d·g + c) formed as the solve reads it
   * (g with d, or c, null: not read), bit for bit the solve of b formed by a pass of its own (linalg's solveSum).
   */
  solveSum?(s: number, f: Float64Array, d: number, g: Float64Array | null, c: Float64Array | null, out: Float64Array): Float64Array;
}

export interface OdeProblem {
  readonly n: number;
  /** f is affine in z with constant Jacobian A (a LinearModel). */
  readonly linear: boolean;
  /** M ≠ I. */
  readonly hasMass: boolean;
  /** J is given or formed sparse: the stiff solver factorises sparsely. */
  readonly sparse: boolean;
  readonly inputs: InputVector;
  readonly stats: SolverStats;
  /** End of the current breakpoint-free segment: inputs at t ≥ segmentEnd are taken from the left. */
  segmentEnd: number;
  /** out = f(t, z). */
  rhs(t: number, z: Float64Array, out: Float64Array): void;
  /** out = z' = M⁻¹ f(t, z). */
  derivative(t: number, z: Float64Array, out: Float64Array): void;
  /** out = M v (a copy when M = I). */
  massMulVec(v: Float64Array, out: Float64Array): void;
  /**
   * out = ∂f/∂t at (t, z): B u'(t) for a linear model, the model's own timeDerivative where it has one, a forward
   * difference in t otherwise; `f0`, when given, is
   * f(t, z) already evaluated (the difference's base, not evaluated again).
   */
  rhsTimeDerivative(t: number, z: Float64Array, out: Float64Array, f0?: Float64Array): void;
  /** Linear problems only: out = B u(t). */
  forcing(t: number, out: Float64Array): void;
  /** Factorisation of the iteration matrix (M − c·J(t, z)). */
  factorIteration(c: number, t: number, z: Float64Array): LinearSolve;
  /**
   * Nonlinear problems: evaluate J = ∂f/∂z at (t, z) and keep it (its own Jacobian, or differences where that
   * fails: nonlinear-jacobian.ts). With factorKept, the solvers reuse one J over several steps (modified Newton).
   */
  updateJacobian?(t: number, z: Float64Array): void;
  /** Nonlinear problems: the factorisation of (I − c·J) with the kept J (a numeric refactorisation when sparse). */
  factorKept?(c: number): LinearSolve;
  /** Nonlinear problems: J at (t, z) when the model gives it sparse (CSR), for auto's stiffness estimate; else undefined. */
  sparseJacobian?(t: number, z: Float64Array): CsrMatrix | undefined;
  /** What the run did that the caller should know (a Jacobian replaced by differences, a solver switched). */
  readonly notes?: string[];
  /** Linear problems only: the matrices of M x̃' = A x̃ + B u (for the exact method and stiffness estimates). */
  readonly lti?: { readonly A: LinearOperator; readonly B: LinearOperator; readonly M?: LinearOperator };
}

/** The time at which inputs are evaluated from the left: the end of the current segment. */
export function fromLeftAt(problem: OdeProblem, t: number): boolean {
  return t >= problem.segmentEnd;
}
