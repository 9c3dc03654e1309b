/**
 * Whether the Chebyshev series (solvers/chebyshev-lti.ts) applies to a model over a span. Two parts:
 *
 *   required — what the solver needs at all (it refuses with 'bad-option' without it): a linear time-invariant
 *              model, inputs affine between breakpoints or sines, M diagonal and positive;
 *   suited   — what keeps its series within the tolerance: the spectrum's rectangle of the energy-scaled operator
 *              J̃ (scaled-operator.ts) oscillation-dominated, |Im λ| bound f ≥ 4 × the real half-spread h (the
 *              terms grow as ρ^k, ρ = h/f + √(1 + (h/f)²), and a damped spectrum rounds its sum away: the
 *              solver's 'solver-failure' refusal), and the series affordable, f·T ≤ CHEBYSHEV_MAX_TERMS products.
 *
 * auto picks chebyshev by this check (choose-solver.ts), and the other solvers' refusals name chebyshev only when it
 * holds (guard/refusal-advice.ts). A symmetric A with a diagonal M has a real spectrum: never oscillation-dominated.
 */
import type { OdeProblem } from '../problem/ode-problem';
import { PIECEWISE_LINEAR_KINDS, unsupportedSignal } from '../exponential/segment-inputs';
import { isSymmetric } from '../sparse/is-symmetric';
import { positiveDiagonal, scaledOperator } from './scaled-operator';
import type { ScaledOperator } from './scaled-operator';

/** Largest f·span (≈ products with J̃) for which the Chebyshev series counts as affordable. */
export const CHEBYSHEV_MAX_TERMS = 2e6;
/** f ≥ this × h: the rectangle is oscillation-dominated. */
export const OSCILLATION_DOMINANCE = 4;

export type ChebyshevRequirement = { readonly met: true; readonly mass: Float64Array } | { readonly met: false; readonly missing: string };

export type ChebyshevApplicability =
  | { readonly applies: true; readonly op: ScaledOperator; readonly spread: number; readonly terms: number }
  | { readonly applies: false; readonly why: string };

/** What the solver needs at all; `missing` names the first thing absent. */
export function chebyshevRequirement(problem: Pick<OdeProblem, 'lti' | 'n' | 'inputs'>): ChebyshevRequirement {
  const lti = problem.lti;
  if (!lti) return { met: false, missing: 'a linear time-invariant model' };
  const unsupported = unsupportedSignal(problem.inputs.signals);
  if (unsupported) return { met: false, missing: `inputs affine between breakpoints (${PIECEWISE_LINEAR_KINDS.join(', ')}) or sines (${unsupported.text} is neither)` };
  const mass = positiveDiagonal(lti.M, problem.n);
  if (!mass) return { met: false, missing: 'a diagonal, positive mass matrix M' };
  return { met: true, mass };
}

/** The requirement, then the spectrum: oscillation-dominated (f ≥ 4h) and affordable (f·span ≤ CHEBYSHEV_MAX_TERMS). */
export function chebyshevApplicability(problem: Pick<OdeProblem, 'lti' | 'n' | 'inputs'>, span: number): ChebyshevApplicability {
  const requirement = chebyshevRequirement(problem);
  if (!requirement.met) return { applies: false, why: `it needs ${requirement.missing}` };
  const lti = problem.lti!;
  if (problem.n === 0) return { applies: false, why: 'the model has no states' };
  if (isSymmetric(lti.A)) return { applies: false, why: 'A is symmetric with a diagonal M: a real spectrum, not oscillation-dominated' };
  const op = scaledOperator(lti.A, requirement.mass);
  const spread = (op.reMax - op.reMin) / 2;
  const terms = op.imMax * span;
  if (!(op.imMax >= OSCILLATION_DOMINANCE * spread)) {
    return { applies: false, why: `the spectrum is not oscillation-dominated (|Im λ| ≤ ${op.imMax.toPrecision(3)} below ${OSCILLATION_DOMINANCE} × the Re λ half-spread ${spread.toPrecision(3)}): its series would round away on the damping` };
  }
  if (!(terms <= CHEBYSHEV_MAX_TERMS)) return { applies: false, why: `its series would take ≈ ${terms.toPrecision(3)} products over the span (more than ${CHEBYSHEV_MAX_TERMS})` };
  return { applies: true, op, spread, terms };
}
