/**
 * The models the simulator integrates. They are independent of how they were formulated:
 * the formulation's StateSpace is adapted to one of these by the caller.
 *
 * Linear time-invariant, in the redefined state x̃ = x − Bd·u (formulation.md section 5.3):
 *
 *     M x̃' = A x̃ + B u            (M = I when absent: standard form)
 *     x    = x̃ + Bd u             (the physical state, reported in traces)
 *     y    = C x̃ + D u + F u'     (F: the output's input-derivative term, "E" in the CLI's JSON)
 *
 * Dense matrices are row arrays; sparse ones are CSR from @sysgraph/linalg (large networks).
 */
import type { CsrMatrix } from '@sysgraph/linalg';

export type MatrixLike = CsrMatrix | readonly (readonly number[])[];

export interface LinearModel {
  readonly kind: 'linear';
  readonly stateNames: readonly string[];
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  readonly stateUnits?: readonly string[];
  readonly outputUnits?: readonly string[];
  /** Mass matrix of the descriptor form; absent means identity. Must be nonsingular. */
  readonly M?: MatrixLike;
  readonly A: MatrixLike;
  readonly B: MatrixLike;
  /** x = x̃ + Bd u; absent means zero. */
  readonly Bd?: MatrixLike;
  readonly C: MatrixLike;
  readonly D: MatrixLike;
  /** Coefficient of u' in the outputs; absent means zero. */
  readonly F?: MatrixLike;
}

/**
 * A general (nonlinear, time-varying) model x' = f(t, x, u, u'), y = g(t, x, u, u').
 * `jacobian` returns ∂f/∂x (dense rows or CSR); when absent the stiff solver differences f.
 */
export interface NonlinearModel {
  readonly kind: 'nonlinear';
  readonly stateNames: readonly string[];
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  readonly stateUnits?: readonly string[];
  readonly outputUnits?: readonly string[];
  f(t: number, x: Float64Array, u: Float64Array, du: Float64Array, dxdt: Float64Array): void;
  g(t: number, x: Float64Array, u: Float64Array, du: Float64Array, y: Float64Array): void;
  jacobian?(t: number, x: Float64Array, u: Float64Array, du: Float64Array): MatrixLike;
  /**
   * Whether every entry of the last `jacobian` is known finite (the model checked them as it made them): the solver
   * then skips its own scan of them. Absent or false: the solver scans.
   */
  jacobianFinite?(): boolean;
  /**
   * ∂f/∂t at fixed x (through u and u' = du, and any explicit t) into out, when the model can give it exactly;
   * false where it cannot at this point (the solver then takes a difference of f in t).
   */
  timeDerivative?(t: number, x: Float64Array, u: Float64Array, du: Float64Array, out: Float64Array): boolean;
  /**
   * The work of the model's static solver so far, counted since the model was built: Newton iterations on coupled
   * static blocks (resistive loops of law elements) and scalar inversions of laws. simulate reports the run's share
   * in its SolverStats (staticNewtonIterations, lawInversions).
   */
  staticWork?(): StaticWork;
  /**
   * The states g reads, ascending (the same for every output), when that is a few of them; undefined (or absent)
   * when g may read any. simulate then forms only those entries (and the recorded states) of the dense output at
   * each sample; the other entries of the x handed to g are stale.
   */
  outputStates?(): Int32Array | undefined;
}

/** Counters of a nonlinear model's static solver (NonlinearModel.staticWork). */
export interface StaticWork {
  readonly newtonIterations: number;
  readonly lawInversions: number;
}

export type SimulationModel = LinearModel | NonlinearModel;
