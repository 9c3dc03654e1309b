/**
 * Which cells of the accuracy matrix run: every solver of the registry and auto × families × inputs × tolerances
 * × sizes, each solver only at the sizes it is meant for (explicit and fixed-step methods at 10–100 states, the
 * exact method up to auto's 120, the implicit ones up to 1000, the exponential ones and auto at every size), and at
 * 10^4 states a reduced set of inputs and tolerances (the time budget of one benchmark run).
 */
import type { SolverName } from '@sysgraph/simulate';

export type MatrixSolver = SolverName | 'auto';

export const TOLERANCES: readonly number[] = [1e-3, 1e-6, 1e-8, 1e-10];
/** atol = rtol × this (relative to probes of peak 10⁻² … 1). */
export const ATOL_FACTOR = 1e-3;

/** The largest state count each solver is run at. */
export const SOLVER_SIZES: Readonly<Record<MatrixSolver, number>> = {
  euler: 10,
  rk4: 10,
  dopri5: 100,
  exact: 120,
  stiff: 1000,
  trbdf2: 1000,
  krylov: 10000,
  chebyshev: 10000,
  auto: 10000,
};

/** Fixed-step solvers have no tolerance: their error at the default step is reported, not judged. */
export const FIXED_STEP: readonly MatrixSolver[] = ['euler', 'rk4'];

/** Above this many states only these inputs and tolerances run. */
export const LARGE_STATES = 1000;
export const LARGE_INPUTS: readonly string[] = ['step', 'ramp', 'sine'];
export const LARGE_TOLERANCES: readonly number[] = [1e-3, 1e-6, 1e-10];
export const HUGE_STATES = 5000;
export const HUGE_INPUTS: readonly string[] = ['step', 'ramp'];
export const HUGE_TOLERANCES: readonly number[] = [1e-3, 1e-6];

export function cellsFor(states: number, solver: MatrixSolver, input: string): readonly number[] {
  if (states > SOLVER_SIZES[solver]) return [];
  if (FIXED_STEP.includes(solver)) return [TOLERANCES[0]];
  if (states > HUGE_STATES) return HUGE_INPUTS.includes(input) ? HUGE_TOLERANCES : [];
  if (states >= LARGE_STATES) return LARGE_INPUTS.includes(input) ? LARGE_TOLERANCES : [];
  return TOLERANCES;
}

/** Why a solver does not run at a size (its cells are absent from the report, not failed). */
const NOT_MEANT: Readonly<Record<MatrixSolver, string>> = {
  euler: 'fixed-step explicit, no tolerance: 10 states only',
  rk4: 'fixed-step explicit, no tolerance: 10 states only',
  dopri5: 'explicit: its step is bounded by the fastest mode (stability, not accuracy), meant for ≤ 100 states',
  exact: `dense exponential of the whole matrix, O(n³): auto uses it up to ${SOLVER_SIZES.exact} states`,
  stiff: 'Rodas4 with a sparse LU: run up to 1000 states (the matrix\'s time budget)',
  trbdf2: 'order 2: run up to 1000 states (the matrix\'s time budget)',
  krylov: '',
  chebyshev: '',
  auto: '',
};

export function notMeant(states: number, solver: MatrixSolver): string | undefined {
  return states > SOLVER_SIZES[solver] ? NOT_MEANT[solver] : undefined;
}

/** Which inputs and tolerances a size runs, in words (undefined: all). */
export function reducedSet(states: number): string | undefined {
  if (states > HUGE_STATES) return `above ${HUGE_STATES} states only ${HUGE_INPUTS.join(', ')} at rtol ${HUGE_TOLERANCES.join(', ')} (time budget)`;
  if (states >= LARGE_STATES) return `from ${LARGE_STATES} states only ${LARGE_INPUTS.join(', ')} at rtol ${LARGE_TOLERANCES.join(', ')} (time budget)`;
  return undefined;
}
