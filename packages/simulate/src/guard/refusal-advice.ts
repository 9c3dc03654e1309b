/**
 * What the refusals of the global-error guard (oscillation-guard.ts) and of the step prediction (step-prediction.ts)
 * advise instead of the refused solver. Chebyshev is named only where its own applicability check holds for the
 * model over the span (chebyshev/applicability.ts) and it has not already refused in this run; auto is named only
 * outside auto's own run (there it is the caller: advising it would be circular), and only where it would pick
 * chebyshev (more than EXACT_MAX_STATES states). Otherwise the advice is the tolerance and the span the refusal
 * computes, and the message says why chebyshev is not named.
 */
import type { OdeProblem } from '../problem/ode-problem';
import type { SolverName } from '../solvers/solver';
import { chebyshevApplicability } from '../chebyshev/applicability';
import { EXACT_MAX_STATES } from '../choose-solver';

/** Who is running the refused solver, and what already refused in the run. */
export interface AdviceContext {
  /** The run is auto's (its first choice or a fallback): never advise auto. */
  readonly withinAuto: boolean;
  /** Solvers that already refused in this run (auto's fallback order). */
  readonly refused: readonly SolverName[];
}

/** A caller who asked for the solver by name. */
export const CALLER_CONTEXT: AdviceContext = { withinAuto: false, refused: [] };

export interface SolverAdvice {
  /** The solver to use instead, in words ("solver chebyshev (or auto, which picks it for this model)"), if any. */
  readonly solver?: string;
  /** The same for the `expected` field ("solver chebyshev"). */
  readonly short?: string;
  /** Why no solver is named, for the message. */
  readonly none?: string;
}

/** The solver advice for a refusal on this problem over `span`. */
export function solverAdvice(problem: Pick<OdeProblem, 'lti' | 'n' | 'inputs'>, span: number, context: AdviceContext): SolverAdvice {
  if (context.refused.includes('chebyshev')) return { none: 'chebyshev refused already in this run' };
  const chebyshev = chebyshevApplicability(problem, span);
  if (!chebyshev.applies) return { none: `chebyshev does not apply: ${chebyshev.why}` };
  const auto = !context.withinAuto && problem.n > EXACT_MAX_STATES ? ' (or auto, which picks it for this model)' : '';
  return { solver: `solver chebyshev${auto}`, short: 'solver chebyshev' };
}
