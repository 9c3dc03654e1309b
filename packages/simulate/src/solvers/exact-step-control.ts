/**
 * Internal steps of the exact method for inputs given as expressions of t (held by a polynomial on each step,
 * exponential/input-generator.ts). A grid interval [ta, tb] of length H is cut into steps h = H/2^k on dyadic
 * positions. Each step is checked by step doubling (Hairer, Nørsett & Wanner, Solving ODEs I, II.4):
 *
 *   z_full = one step of h,  z_half = two steps of h/2,  err = ‖z_full − z_half‖ (errorNorm, rtol/atol)
 *
 * the step is accepted when err ≤ 1 (the two halves, the more accurate, are kept), else k grows by one; after an
 * easy step (err·2^q < 1/2, q = 5 for the cubic hold, 3 for the linear one) k shrinks when the position allows.
 *
 * Step doubling alone can be fooled by an input that repeats with the step (cos 2πt sampled at integers looks
 * constant to both the full and the half steps). So the hold is also compared with the input itself at the
 * non-dyadic points h/3 and 2h/3: the step is taken as resolved only when the half steps' hold is closer to u
 * there than it is to the full step's hold, as it is once h is at the input's own scale (the ratio is then about
 * 1/15 for the cubic hold, 1/3 for the linear one).
 */
import type { OdeProblem } from '../problem/ode-problem';
import type { SolverSettings, StepSink } from './solver';
import type { ExactStepper } from './exact-lti';
import { errorNorm } from './error-norm';
import { holdValue, inputForm } from '../exponential/input-generator';
import { stepTooSmall, tooManySteps } from './solver-failure';

/** Finest level: h = H/2^MAX_LEVEL. */
const MAX_LEVEL = 48;

export interface StepControl {
  /** Advance z from ta to tb (one grid interval) in accepted internal steps, each reported to the sink. */
  advance(ta: number, tb: number, endFromLeft: boolean, z: Float64Array, sink: StepSink): void;
}

export function createStepControl(problem: OdeProblem, settings: SolverSettings, stepper: ExactStepper): StepControl {
  const n = stepper.n;
  const cubic = settings.hold === 'cubic';
  const order = cubic ? 5 : 3;
  const signals = problem.inputs.signals;
  const approximate = signals.filter((s) => inputForm(s) === 'approximate');
  const full = new Float64Array(n);
  const mid = new Float64Array(n);
  const half = new Float64Array(n);
  const diff = new Float64Array(n);
  const start = new Float64Array(n);
  const scratch = new Float64Array(2);
  let level = 0;

  /** The halves' hold is closer to u at h/3 and 2h/3 than the full step's hold is to it. */
  const resolved = (t: number, h: number, endFromLeft: boolean): boolean => {
    const hm = h / 2;
    for (const s of approximate) {
      for (const fraction of [1 / 3, 2 / 3]) {
        const at = fraction * h;
        const u = s.value(t + at);
        const pFull = holdValue(s, t, h, endFromLeft, cubic, at, scratch);
        const pHalf = at < hm ? holdValue(s, t, hm, false, cubic, at, scratch) : holdValue(s, t + hm, h - hm, endFromLeft, cubic, at - hm, scratch);
        const slack = 1e-13 * Math.max(Math.abs(u), Math.abs(pFull));
        if (Math.abs(u - pHalf) > Math.abs(pFull - pHalf) + slack) return false;
      }
    }
    return true;
  };

  return {
    advance(ta, tb, endFromLeft, z, sink) {
      const span = tb - ta;
      let j = 0; // position ta + j·span/2^level
      while (j < 2 ** level) {
        const units = 2 ** level;
        const h = span / units;
        const t = ta + h * j;
        const last = j + 1 === units;
        const tEnd = last ? tb : ta + h * (j + 1);
        const fromLeft = last && endFromLeft;
        const tMid = t + h / 2;
        start.set(z);
        stepper.propagate(t, h, fromLeft, start, full);
        stepper.propagate(t, h / 2, false, start, mid);
        stepper.propagate(tMid, h / 2, fromLeft, mid, half);
        for (let i = 0; i < n; i++) diff[i] = full[i] - half[i];
        const err = resolved(t, h, fromLeft) ? errorNorm(diff, start, half, settings.rtol, settings.atol) : Infinity;
        if (err <= 1) {
          problem.stats.steps += 2;
          if (problem.stats.steps > settings.maxSteps) throw tooManySteps('exact', t, settings.maxSteps);
          z.set(half);
          stepper.report(sink, t, tMid, false, start, mid);
          stepper.report(sink, tMid, tEnd, fromLeft, mid, half);
          j++;
          if (level > 0 && j % 2 === 0 && err * 2 ** order < 0.5) {
            level--;
            j /= 2;
          }
        } else {
          problem.stats.rejectedSteps++;
          if (level >= MAX_LEVEL) throw stepTooSmall('exact', t, h);
          level++;
          j *= 2;
        }
      }
    },
  };
}
