/**
 * The next step of an adaptive solver on [t, t1]: h capped at hMax, stretched to land on t1 when within 1 %
 * of it (no sliver of a last step), with the step-budget and step-underflow checks every solver makes.
 */
import { stepTooSmall, stepUnderflows, tooManySteps } from './solver-failure';

export interface NextStep {
  readonly hStep: number;
  readonly last: boolean;
  readonly tNew: number;
}

/** span: the whole simulated span (tEnd − tStart), the time scale of the underflow check. */
export function nextStep(solver: string, t: number, t1: number, h: number, steps: number, maxSteps: number, span: number): NextStep {
  if (steps >= maxSteps) throw tooManySteps(solver, t, maxSteps);
  let hStep = h;
  let last = false;
  if (t + hStep >= t1 || t + 1.01 * hStep >= t1) {
    hStep = t1 - t;
    last = true;
  }
  if (stepUnderflows(hStep, t, span)) throw stepTooSmall(solver, t, hStep);
  return { hStep, last, tNew: last ? t1 : t + hStep };
}
