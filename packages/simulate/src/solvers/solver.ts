/**
 * The solver contract. A solver integrates one breakpoint-free segment [t0, t1] at a time (the driver splits
 * the time span at input breakpoints) and reports every accepted step to a sink with its dense output.
 */
import type { OdeProblem } from '../problem/ode-problem';

export type SolverName = 'euler' | 'rk4' | 'dopri5' | 'stiff' | 'trbdf2' | 'exact' | 'krylov' | 'chebyshev';

/** z(t) on the step just taken; valid only during the sink call. */
export interface DenseOutput {
  /**
   * out = z(t). With `rows`, only those entries are needed (the others may be left stale): a hint the caller gives
   * when it records a few states of a large model; solvers may ignore it.
   */
  evaluate(t: number, out: Float64Array, rows?: Int32Array): void;
}

/** Receives each accepted step [tOld, tNew] with the state at tNew. */
export type StepSink = (tOld: number, tNew: number, zNew: Float64Array, dense: DenseOutput) => void;

export interface SolverSettings {
  readonly tStart: number;
  readonly tEnd: number;
  readonly rtol: number;
  readonly atol: number;
  /** Fixed step (euler, rk4, exact); for the adaptive solvers the largest step. */
  readonly dt?: number;
  /** Output samples requested (the exact method puts them on its grid). */
  readonly samples?: number;
  /** The only state entries the caller reads from the dense output (a hint; absent: all). */
  readonly outputRows?: Int32Array;
  /** Step budget over the whole run; exceeding it is a 'solver-failure'. */
  readonly maxSteps: number;
  /** The exact method's hold of expression inputs on its internal steps: cubic Hermite from u, u' (default) or first-order (linear). */
  readonly hold: 'cubic' | 'linear';
  /** dopri5: throw StiffnessDetected (stiffness-detected.ts) after an accepted step once its stiffness test fires. */
  readonly stiffnessCheck?: boolean;
}

export interface Solver {
  readonly name: SolverName;
  /** Advance z (in place) from t0 to t1; inputs at t1 are taken from the left. */
  integrate(t0: number, t1: number, z: Float64Array, sink: StepSink): void;
}

export type SolverFactory = (problem: OdeProblem, settings: SolverSettings) => Solver;
