/**
 * Step prediction for the guarded Rodas4 ('stiff') on a weakly damped oscillatory LTI model: refuse at once, typed,
 * when the run would pass its step budget, instead of after maxSteps steps.
 *
 * Rodas4's controller holds its embedded error estimate (order h⁴) at rtol; on an oscillation ω the step is
 * h ≈ (rtol/C)^(1/4)/ω, taken while the fastest excited mode is above the tolerance. So
 *
 *   N ≈ 0.9 · k · x^a · rtol^(−1/4),   x = ω̂ · min(T, ln(1/rtol)/σ̄)      (rtol: the tightened one the solver runs with)
 *
 * with (k, a) of the excitation (a jump or a kink, inputExcitation), a lower envelope of the accuracy matrix's
 * measured step counts (STEP_FIT; docs/design-choices.md, "Error guarantees"). The earlier c·Φ·rtol^(−1/4) with one
 * c = 0.1 was a lower bound only (N·rtol^(1/4)/Φ = 0.1 … 1.16 across the cells). A cell refused here would have run
 * out of steps; a cell predicted below the budget may still run out of it (the mass chain: 1.6–2× the envelope).
 */
import { SysgraphError } from '@sysgraph/core';
import type { SolverName } from '../solvers/solver';
import type { Signal } from '../signals/signal';
import type { SolverAdvice } from './refusal-advice';

/** The step budget of a run (maxSteps of the options), and where the run starts (for the input's excitation). */
export interface StepBudget {
  readonly maxSteps: number;
  /** Where the run starts: the guard reads the inputs' excitation from it (excitationOf in oscillation-guard.ts). */
  readonly start?: { readonly t: number; readonly z: Float64Array };
  /** How the inputs excite the fastest modes; without it the input-blind STEP_CONSTANT (a lower bound for any input). */
  readonly excitation?: Excitation;
}

/**
 * How an input excites the fastest modes of a network that starts from `z` at t0:
 *   jump — u jumps inside the span, or the start is off equilibrium (f(t0, z) ≠ 0: a step from rest): every mode
 *          is excited ∝ 1/ω of its own, the controller resolves the fastest one for as long as it rings;
 *   kink — u is continuous from an equilibrium start (a ramp, a pwl, a sine or an expression from rest, or a step
 *          from its DC operating point): the fast modes are excited one power of ω less, and the controller follows
 *          them only while their (smaller) error is above the tolerance.
 */
export type ExcitationKind = 'jump' | 'kink';
export interface Excitation {
  readonly kind: ExcitationKind;
  /** In words, for the refusal's message. */
  readonly what: string;
}

/**
 * N ≈ k·x^a·rtol^(−1/4), x the effective spectral spread (effectiveSpread below), per excitation, fitted on the
 * accuracy matrix's guarded `stiff` cells (benchmarks/src/tools/step-prediction-fit.ts: RLC, LC and lossy lines and
 * the mass chain of 10, 100 and 1000 states, every input, rtol 1e-3 … 1e-10) as a lower envelope: a is the exponent
 * that makes the envelope k = min over cells of N·rtol^(1/4)/x^a largest at the widest measured spread.
 */
export const STEP_FIT: Readonly<Record<ExcitationKind, { readonly k: number; readonly a: number }>> = {
  // 60 cells, x = 20 … 2000; the envelope is met by the RLC ladder of 1000 (step, rtol 1e-6) and lies 2× below the mass chain
  jump: { k: 0.53, a: 0.67 },
  // 122 cells: ramp, pwl, sine and expression from rest; met by the RLC ladder of 1000 (ramp) and the LC ladder of 100
  kink: { k: 0.132, a: 0.755 },
};
/** The widest spread measured: x is held there (no extrapolation upward: a larger prediction refuses more). */
export const SPREAD_MAX = 2000;
/** The prediction is this fraction of the envelope (a margin for the models not measured). */
export const STEP_MARGIN = 0.9;

/** What the prediction reads of the oscillation estimate (oscillation-guard.ts). */
export interface PredictionEstimate {
  /** ω̂ (rad/s). */
  readonly omega: number;
  /** σ̄ (1/s). */
  readonly damping: number;
}

/**
 * x = ω̂·min(T, ln(1/rtol)/σ̄): the radians the fastest mode turns while it is above the tolerance (its amplitude
 * decays as e^(−σ̄t), and the controller follows it until that falls below rtol), at most the span's.
 */
export function effectiveSpread(estimate: PredictionEstimate, span: number, rtol: number): number {
  const alive = estimate.damping > 0 ? Math.log(1 / rtol) / estimate.damping : Infinity;
  return estimate.omega * Math.min(span, alive);
}

/** The solvers whose step count is predicted, with the order of their step-size control (h ∝ rtol^(1/order)). */
export const PREDICTED_ORDER: Readonly<Partial<Record<SolverName, number>>> = { stiff: 4 };

/** Relative size of f(t0, z) against the forcing below which the start counts as an equilibrium (rounding of x_dc). */
const EQUILIBRIUM_TOLERANCE = 1e-6;

/**
 * The excitation of `signals` over [t0, t0 + span]: `offEquilibrium` says whether f(t0, z) ≠ 0 (the caller's
 * residual test, equilibriumResidual below).
 */
export function inputExcitation(signals: readonly Signal[], t0: number, span: number, offEquilibrium: boolean): Excitation {
  if (offEquilibrium) return { kind: 'jump', what: 'the run starts off equilibrium (a step from rest, or an initial state)' };
  for (const s of signals) {
    for (const b of s.breakpoints) {
      if (!(b > t0 && b < t0 + span)) continue;
      if (s.value(b, true) !== s.value(b, false)) return { kind: 'jump', what: `input ${s.text} jumps at t = ${b}` };
    }
  }
  return { kind: 'kink', what: 'the inputs are continuous from an equilibrium start' };
}

/** Whether f(t0, z) is off zero by more than rounding against the forcing B u(t0) (and the state's own terms). */
export function offEquilibrium(rhs: Float64Array, forcing: Float64Array): boolean {
  let f = 0;
  let b = 0;
  for (let i = 0; i < rhs.length; i++) {
    f = Math.max(f, Math.abs(rhs[i]));
    b = Math.max(b, Math.abs(forcing[i]));
  }
  return b > 0 ? f > EQUILIBRIUM_TOLERANCE * b : f > 0;
}

/**
 * N ≈ STEP_MARGIN·k·x^a·rtol^(−1/order) (x ≤ SPREAD_MAX), k and a of the excitation (without one the smaller of the
 * two, a lower bound for any input); undefined for solvers without a prediction.
 */
export function predictedSteps(solver: SolverName, estimate: PredictionEstimate, span: number, rtol: number, excitation?: Excitation): number | undefined {
  const order = PREDICTED_ORDER[solver];
  const x = Math.min(effectiveSpread(estimate, span, rtol), SPREAD_MAX);
  if (order === undefined || !(x > 0) || !(rtol > 0)) return undefined;
  const envelope = (kind: ExcitationKind) => STEP_FIT[kind].k * x ** STEP_FIT[kind].a;
  const c = excitation ? envelope(excitation.kind) : Math.min(envelope('jump'), envelope('kink'));
  return STEP_MARGIN * c * rtol ** (-1 / order);
}

/**
 * Throws 'tolerance-not-met' (field maxSteps) when the predicted step count exceeds the budget; `advice` gives the
 * solver to name instead, if any (refusal-advice.ts).
 */
export function refuseOverBudget(solver: SolverName, estimate: PredictionEstimate, span: number, rtol: number, runRtol: number, budget: StepBudget, advice: () => SolverAdvice): void {
  const steps = predictedSteps(solver, estimate, span, runRtol, budget.excitation);
  if (steps === undefined || steps <= budget.maxSteps) return;
  // the rtol at which the prediction meets the budget (x held at its value here): N ∝ rtol_run^(−1/order)
  const order = PREDICTED_ORDER[solver]!;
  const looser = rtol * (steps / budget.maxSteps) ** order;
  const x = Math.min(effectiveSpread(estimate, span, runRtol), SPREAD_MAX);
  const why = budget.excitation ? `${budget.excitation.what}, so the fit for a ${budget.excitation.kind}` : 'the fit for any input';
  const { solver: instead, short, none } = advice();
  const use = instead ? `Use ${instead}, a larger maxSteps, rtol ≥ ${looser.toPrecision(2)}, or a shorter span` : `Use a larger maxSteps, rtol ≥ ${looser.toPrecision(2)}, or a shorter span (${none})`;
  throw new SysgraphError(
    'tolerance-not-met',
    `solver ${solver} cannot meet rtol ${rtol} within maxSteps ${budget.maxSteps} on this weakly damped oscillatory model: the fastest oscillation (|Im λ| ≤ ${estimate.omega.toPrecision(3)} rad/s, mean damping ${estimate.damping.toPrecision(3)} /s) turns ${x.toPrecision(3)} rad while it is above the tolerance, and at the rtol it must run with (${runRtol.toPrecision(3)}) its steps are predicted to number at least ${Math.round(steps)} (N ≈ k·x^a·rtol^(−1/${order}), ${why}, a lower bound of every measured run). ${use}`,
    { element: solver, field: 'maxSteps', expected: `maxSteps ≥ ${Math.ceil(steps)}, ${short ? `${short}, ` : ''}or rtol ≥ ${looser.toPrecision(2)}` },
  );
}
