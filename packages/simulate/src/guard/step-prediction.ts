/**
 * Step prediction for the guarded Rodas4 ('stiff') on a weakly damped oscillatory LTI model: refuse at once, typed,
 * when the run would pass its step budget, instead of after maxSteps steps.
 *
 * Rodas4's controller holds its embedded error estimate (order h⁴) at rtol; on an oscillation ω the step is
 * h ≈ (rtol/C)^(1/4)/ω, and the steps are taken while the oscillation keeps an error alive, Φ/ω of the span
 * (Φ = ω̂(1 − e^(−σ̄T))/σ̄, oscillation-guard.ts). So
 *
 *   N ≈ c · Φ · rtol^(−1/4)        (rtol: the tightened one the solver runs with)
 *
 * c depends on how strongly the input excites the fastest modes, which the spectral bound does not see. Measured on
 * the accuracy matrix's oscillatory families (RLC ladder and LC ladder of 100 states, RLC ladder and mass chain of
 * 1000 states; step, ramp, pwl, sine; rtol 1e-3 and 1e-6): N·rtol^(1/4)/Φ = 0.13 … 1.15. The guard uses
 * STEP_CONSTANT = 0.1, below every measured value, so the prediction is a lower bound on those families and a cell
 * refused here would have run out of steps anyway; a cell predicted below the budget may still run out of it.
 */
import { SysgraphError } from '@sysgraph/core';
import type { SolverName } from '../solvers/solver';

/** The step budget of a run (maxSteps of the options). */
export interface StepBudget {
  readonly maxSteps: number;
}

/** Lower bound on N·rtol^(1/4)/Φ over the measured families (0.13 … 1.15). */
export const STEP_CONSTANT = 0.1;
/** The solvers whose step count is predicted, with the order of their step-size control (h ∝ rtol^(1/order)). */
export const PREDICTED_ORDER: Readonly<Partial<Record<SolverName, number>>> = { stiff: 4 };

/** N ≈ c · Φ · rtol^(−1/order); undefined for solvers without a prediction. */
export function predictedSteps(solver: SolverName, radians: number, rtol: number): number | undefined {
  const order = PREDICTED_ORDER[solver];
  if (order === undefined || !(radians > 0) || !(rtol > 0)) return undefined;
  return STEP_CONSTANT * radians * rtol ** (-1 / order);
}

/** Throws 'tolerance-not-met' (field maxSteps) when the predicted step count exceeds the budget. */
export function refuseOverBudget(solver: SolverName, estimate: { readonly radians: number; readonly omega: number }, rtol: number, runRtol: number, budget: StepBudget): void {
  const steps = predictedSteps(solver, estimate.radians, runRtol);
  if (steps === undefined || steps <= budget.maxSteps) return;
  // the rtol at which the prediction meets the budget: rtol_run = (c Φ / maxSteps)^order, scaled back by the tightening
  const order = PREDICTED_ORDER[solver]!;
  const looser = (rtol / runRtol) * (STEP_CONSTANT * estimate.radians / budget.maxSteps) ** order;
  throw new SysgraphError(
    'tolerance-not-met',
    `solver ${solver} cannot meet rtol ${rtol} within maxSteps ${budget.maxSteps} on this weakly damped oscillatory model: the fastest oscillation (|Im λ| ≤ ${estimate.omega.toPrecision(3)} rad/s) turns ${estimate.radians.toPrecision(3)} rad while an error survives, and at the rtol it must run with (${runRtol.toPrecision(3)}) its steps are predicted to number at least ${Math.round(steps)} (N ≈ ${STEP_CONSTANT}·Φ·rtol^(−1/${order}), a lower bound). Use solver chebyshev (or auto), a larger maxSteps, rtol ≥ ${looser.toPrecision(2)}, or a shorter span`,
    { element: solver, field: 'maxSteps', expected: `maxSteps ≥ ${Math.ceil(steps)}, solver chebyshev or auto, or rtol ≥ ${looser.toPrecision(2)}` },
  );
}
