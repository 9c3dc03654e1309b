/**
 * Global-error guard for weakly damped oscillatory LTI models, applied to the solvers that control the error of
 * each step only ('stiff' = Rodas4, 'krylov' = shift-and-invert Krylov exponential, 'dopri5' = Dormand–Prince).
 *
 * Local control holds each step's error near rtol; on a dissipative network the errors of earlier steps decay, on a
 * weakly damped one they do not: a mode ω integrated with step h by a one-step method of order p gains a phase error
 * ≈ C·(ωh)^(p+1) per step, n·C·(ωh)^(p+1) after n steps, and the error of each step is kept by the modes that carry
 * it. The global error after the span T is therefore about (the local tolerance) × (the radians the fastest mode
 * turns while an error survives):
 *
 *   Φ = ω̂ · (1 − e^(−σ̄T)) / σ̄    (Φ = ω̂·T when σ̄ = 0),   predicted global / rtol ≈ c_solver · Φ
 *
 * with ω̂ ≥ |Im λ| and σ̄ the centre of the Re λ range, both from the spectrum's rectangle of the energy-scaled
 * operator (chebyshev/scaled-operator.ts: O(nnz), field of values; σ̄ is the mean modal damping of a ladder whose
 * losses sit on one kind of storage, R/(2L) for a series-RLC ladder). c_solver is measured on the accuracy matrix's
 * oscillatory families (undamped LC ladder, series-RLC ladder, mass chain; 10 to 10⁴ states, rtol 1e-3 … 1e-10):
 * Rodas4's global error ÷ rtol reached 0.74·Φ (mass chain 1000; 0.57·Φ on the LC ladder 1000, 0.21·Φ on the RLC ladder 1000), Krylov's 0.06·Φ (mass chain 1000; 0.023·Φ on the LC ladder 1000); the constants below round up.
 *
 * The guard tightens rtol and atol up front by K = c·Φ / TARGET (when K > 1), so that the predicted global error
 * stays at TARGET·rtol. It refuses ('tolerance-not-met', field rtol) when K exceeds the solver's budget (the cost
 * grows as K^(1/(p+1)) steps for Rodas4 and the tightened rtol would fall below what double precision resolves, or
 * Krylov's steps multiply), naming the estimate and what to do instead: a looser rtol or a shorter span, and
 * 'chebyshev' (whose error bound is global) only where its applicability check holds (refusal-advice.ts).
 *
 * Step budget (Rodas4): its step controller holds an embedded error of order h⁴ at the (tightened) rtol, so on the
 * oscillation the step is h ≈ (rtol/C)^(1/4)/ω and the run takes
 *
 *   N ≈ c_input · Φ · rtol^(−1/4)
 *
 * steps (guard/step-prediction.ts). When N exceeds maxSteps the guard refuses at once ('tolerance-not-met', the
 * prediction in the message) instead of after the whole budget of steps.
 *
 * Applies when M is diagonal and positive (the rectangle's premise); otherwise no guard (a stated limit).
 */
import { SysgraphError } from '@sysgraph/core';
import type { OdeProblem } from '../problem/ode-problem';
import type { SolverName } from '../solvers/solver';
import type { LinearModel } from '../model';
import { linearParts } from '../problem/linear-problem';
import { positiveDiagonal, scaledOperator } from '../chebyshev/scaled-operator';
import { isSymmetric } from '../sparse/is-symmetric';
import type { LinearOperator } from '../problem/linear-operator';
import type { ScaledOperator } from '../chebyshev/scaled-operator';
import type { Excitation, StepBudget } from './step-prediction';
import { inputExcitation, offEquilibrium, refuseOverBudget } from './step-prediction';
import { CALLER_CONTEXT, solverAdvice } from './refusal-advice';
import type { AdviceContext } from './refusal-advice';

export interface GuardedSolver {
  /** Global error ÷ rtol per radian of Φ (measured, rounded up). */
  readonly perRadian: number;
  /** Largest tightening K before the solver refuses. */
  readonly maxTightening: number;
  /** Never refuse: past the budget or the floor, run at the floor (and say so). */
  readonly clamp?: boolean;
}

export const GUARDED: Readonly<Partial<Record<SolverName, GuardedSolver>>> = {
  stiff: { perRadian: 0.75, maxTightening: 1000 },
  krylov: { perRadian: 0.06, maxTightening: 200 },
  // Dormand–Prince 5(4), local control too: 0.34·Φ on the lossy line of 100 states (ramp, rtol 1e-3), 0.2·Φ at 10,
  // but 0.006–0.04·Φ on the LC ladders: it tightens and never refuses (dopri5 at rtol 1e-12 is the independent
  // reference of many checks, and on ordinary damped models it meets that tolerance)
  dopri5: { perRadian: 0.35, maxTightening: 1000, clamp: true },
};

/** Predicted global error ÷ rtol the guard aims at (the accuracy matrix's rule allows 10). */
export const GUARD_TARGET = 1;
/** Centre of the Re λ range ÷ median diagonal above which the losses count as concentrated (σ̄ = the median). */
export const CONCENTRATED = 10;
/** Below this rtol the tightened run would meet rounding, not the tolerance. */
export const GUARD_RTOL_FLOOR = 1e-12;

export interface OscillationEstimate {
  /** ω̂: bound on |Im λ| (rad/s). */
  readonly omega: number;
  /** σ̄: mean damping (1/s), ≥ 0. */
  readonly damping: number;
  /** Φ: radians the fastest mode turns while an error survives. */
  readonly radians: number;
}

export interface GuardDecision {
  readonly rtol: number;
  readonly atol: number;
  /** The tightening K ≥ 1 (1: nothing changed). */
  readonly factor: number;
  readonly estimate: OscillationEstimate;
  /** For solverReason; empty when nothing changed. */
  readonly note: string;
}

/** Φ = ω̂ (1 − e^(−σ̄T))/σ̄ of M x' = A x + …, M diagonal positive; undefined when the guard does not apply. */
export function oscillationEstimate(lti: OdeProblem['lti'], n: number, span: number): OscillationEstimate | undefined {
  if (!lti || n === 0) return undefined;
  const mass = positiveDiagonal(lti.M, n);
  if (!mass) return undefined;
  if (isSymmetric(lti.A)) return realSpectrumEstimate(lti.A, mass, n);
  const op = scaledOperator(lti.A, mass);
  const omega = op.imMax;
  // losses concentrated on a few states (a line's terminations) move the rectangle's centre, not the median of the
  // diagonal, which stays at the interior modes' damping: the median when the centre is more than CONCENTRATED × it
  // and at most a fifth of the states (at least 10 of them) lose faster than that (not a small stiff model whose
  // decay rates are simply spread)
  const centre = -(op.reMin + op.reMax) / 2;
  const median = -medianDiagonal(op);
  const concentrated = n >= 10 && centre > CONCENTRATED * median && fasterThan(op, CONCENTRATED * median) <= n / 5;
  const damping = Math.max(0, concentrated ? median : centre);
  if (!Number.isFinite(omega) || !Number.isFinite(damping)) return undefined;
  const x = damping * span;
  // (1 − e^(−x))/σ̄ = T·(1 − e^(−x))/x, → T as x → 0
  const memory = x < 1e-8 ? span : (span * -Math.expm1(-x)) / x;
  return { omega, damping, radians: omega * memory };
}

/**
 * The estimate of a symmetric A with a diagonal positive M (RC-type networks): J̃ = M^(−1/2) A M^(−1/2) is
 * symmetric, so its spectrum is real and ω̂ = 0 (no radians, nothing to guard). The damping is the same
 * rule's (the Gershgorin centre, or the median of the diagonal when the losses are concentrated) read from
 * J̃_ij = A_ij / √(m_i m_j) in one pass over A's entries: without the balancing, the transpose and the
 * Hermitian/skew split of scaledOperator, which a whole process ran once per simulation in the interpreter.
 */
function realSpectrumEstimate(A: LinearOperator, mass: Float64Array, n: number): OscillationEstimate | undefined {
  const diag = new Float64Array(n);
  let reMin = Infinity;
  let reMax = -Infinity;
  const row = (i: number, j: number, a: number, radius: number): number => {
    if (i === j) diag[i] += a / mass[i];
    else radius += Math.abs(a) / Math.sqrt(mass[i] * mass[j]);
    return radius;
  };
  const csr = A.csr;
  const dense = csr ? undefined : A.toDense().data;
  for (let i = 0; i < n; i++) {
    let radius = 0;
    if (csr) for (let p = csr.rowPtr[i]; p < csr.rowPtr[i + 1]; p++) radius = row(i, csr.colIdx[p], csr.values[p], radius);
    else for (let j = 0; j < n; j++) radius = row(i, j, dense![i * n + j], radius);
    reMin = Math.min(reMin, diag[i] - radius);
    reMax = Math.max(reMax, diag[i] + radius);
  }
  const centre = -(reMin + reMax) / 2;
  let faster = 0;
  const sorted = diag.slice().sort();
  const h = n >> 1;
  const median = -(n % 2 === 1 ? sorted[h] : (sorted[h - 1] + sorted[h]) / 2);
  for (let i = 0; i < n; i++) if (-diag[i] > CONCENTRATED * median) faster++;
  const concentrated = n >= 10 && centre > CONCENTRATED * median && faster <= n / 5;
  const damping = Math.max(0, concentrated ? median : centre);
  return Number.isFinite(damping) ? { omega: 0, damping, radians: 0 } : undefined;
}

/** The median of the diagonal of the balanced operator J̃ (its entries are the states' own loss rates, ≤ 0). */
export function medianDiagonal(op: ScaledOperator): number {
  const diag = new Float64Array(op.n);
  for (let i = 0; i < op.n; i++) for (let p = op.rowPtr[i]; p < op.rowPtr[i + 1]; p++) if (op.colIdx[p] === i) diag[i] += op.values[p];
  diag.sort();
  const h = op.n >> 1;
  return op.n === 0 ? 0 : op.n % 2 === 1 ? diag[h] : (diag[h - 1] + diag[h]) / 2;
}

/** How many states lose faster than `rate` (−J̃_ii > rate). */
function fasterThan(op: ScaledOperator, rate: number): number {
  let count = 0;
  for (let i = 0; i < op.n; i++) {
    let d = 0;
    for (let p = op.rowPtr[i]; p < op.rowPtr[i + 1]; p++) if (op.colIdx[p] === i) d += op.values[p];
    if (-d > rate) count++;
  }
  return count;
}

/** How the inputs excite the model from (t0, z): off equilibrium when f(t0, z) is more than rounding of B u(t0). */
export function excitationOf(problem: OdeProblem, t0: number, z: Float64Array, span: number): Excitation {
  const f = new Float64Array(problem.n);
  const forcing = new Float64Array(problem.n);
  // not one of the run's evaluations: the count is kept as it was
  const evaluations = problem.stats.functionEvaluations;
  problem.rhs(t0, z, f);
  problem.stats.functionEvaluations = evaluations;
  problem.forcing(t0, forcing);
  return inputExcitation(problem.inputs.signals, t0, span, offEquilibrium(f, forcing));
}

/** The estimate for a LinearModel (benchmarks and tests). */
export function modelOscillation(model: LinearModel, span: number): OscillationEstimate | undefined {
  const parts = linearParts(model);
  return oscillationEstimate({ A: parts.A, B: parts.B, M: parts.M }, parts.n, span);
}

/**
 * The tolerances to run `solver` with, or a typed refusal. Solvers other than stiff and krylov, and models the guard
 * does not apply to, keep rtol and atol. `context` says who runs the solver (auto or its caller) and what already
 * refused: the refusal's advice depends on it (refusal-advice.ts).
 */
export function guardTolerance(problem: OdeProblem, solver: SolverName, rtol: number, atol: number, span: number, budget?: StepBudget, context: AdviceContext = CALLER_CONTEXT): GuardDecision | undefined {
  const rule = GUARDED[solver];
  if (!rule) return undefined;
  const estimate = oscillationEstimate(problem.lti, problem.n, span);
  if (!estimate) return undefined;
  const predicted = rule.perRadian * estimate.radians;
  const factor = predicted / GUARD_TARGET;
  if (budget?.start && !budget.excitation) budget = { ...budget, excitation: excitationOf(problem, budget.start.t, budget.start.z, span) };
  // computed on a refusal only (the applicability check costs O(nnz))
  const advice = () => solverAdvice(problem, span, context);
  if (!(factor > 1)) {
    if (budget) refuseOverBudget(solver, estimate, span, rtol, rtol, budget, advice);
    return { rtol, atol, factor: 1, estimate, note: '' };
  }
  const tightRtol = rtol / factor;
  const what = `the fastest oscillation (|Im λ| ≤ ${estimate.omega.toPrecision(3)} rad/s, mean damping ${estimate.damping.toPrecision(3)} /s) turns ${estimate.radians.toPrecision(3)} rad while an error survives over the span ${span.toPrecision(3)} s; ${solver} controls the error per step, so its global error would reach ≈ ${predicted.toPrecision(3)} × rtol`;
  if (rule.clamp && (factor > rule.maxTightening || tightRtol < GUARD_RTOL_FLOOR)) {
    const k = Math.min(rule.maxTightening, rtol / GUARD_RTOL_FLOOR);
    if (!(k > 1)) return { rtol, atol, factor: 1, estimate, note: '' };
    return {
      rtol: rtol / k,
      atol: atol / k,
      factor: k,
      estimate,
      note: `global-error guard: ${what}; ${solver} ran with rtol ${(rtol / k).toPrecision(3)} and atol ${(atol / k).toPrecision(3)} (${k.toPrecision(3)}× tighter, the most it is tightened: the predicted global error stays above rtol)`,
    };
  }
  if (factor > rule.maxTightening || tightRtol < GUARD_RTOL_FLOOR) {
    const { solver: instead, short, none } = advice();
    const use = instead ? `Use ${instead}, whose error bound covers the whole span, a looser rtol, or a shorter span` : `Use a looser rtol or a shorter span (${none})`;
    const looser = `rtol ≥ ${(rtol * factor / rule.maxTightening).toPrecision(2)}, or a span shorter than ${(span * rule.maxTightening / factor).toPrecision(3)} s`;
    throw new SysgraphError(
      'tolerance-not-met',
      `solver ${solver} cannot meet rtol ${rtol} on this weakly damped oscillatory model: ${what}; meeting it would take rtol ${tightRtol.toPrecision(2)} (${factor.toPrecision(3)}× tighter, beyond ${factor > rule.maxTightening ? `${rule.maxTightening}×` : `the floor ${GUARD_RTOL_FLOOR}`}). ${use}`,
      { element: solver, field: 'rtol', expected: short ? `${short}, ${looser}` : looser },
    );
  }
  if (budget) refuseOverBudget(solver, estimate, span, rtol, tightRtol, budget, advice);
  return {
    rtol: tightRtol,
    atol: atol / factor,
    factor,
    estimate,
    note: `global-error guard: ${what}, so ${solver} ran with rtol ${tightRtol.toPrecision(3)} and atol ${(atol / factor).toPrecision(3)} (${factor.toPrecision(3)}× tighter)`,
  };
}
