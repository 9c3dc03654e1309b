/** The typed errors of the integrators: step budget exhausted, step size underflow, non-finite state. */
import { SysgraphError } from '@sysgraph/core';

export function tooManySteps(solver: string, t: number, maxSteps: number): SysgraphError {
  return new SysgraphError('solver-failure', `${solver}: more than ${maxSteps} steps before t = ${t}`, {
    field: 'maxSteps',
    expected: `a larger maxSteps, a looser tolerance or another solver (stopped at t = ${t})`,
  });
}

export function stepTooSmall(solver: string, t: number, h: number): SysgraphError {
  return new SysgraphError('solver-failure', `${solver}: step size ${h} too small at t = ${t}`, {
    field: 'rtol',
    expected: `a solution that stays finite and smooth near t = ${t}`,
  });
}

/**
 * An exponential solver whose error estimate stays above the tolerance however short the step: the tolerance is
 * below what the method reaches in floating point on this model (auto falls back to the stiff solver on it).
 */
export function cannotMeetTolerance(solver: string, t: number, h: number, rtol: number, atol: number, why = `its error estimate stays above the tolerance down to the step ${h}`): SysgraphError {
  return new SysgraphError('solver-failure', `${solver}: cannot meet rtol ${rtol}, atol ${atol} at t = ${t} (${why})`, {
    field: 'rtol',
    expected: `a looser rtol or atol, or solver stiff (sparse LU, error-controlled per component); auto falls back to it`,
  });
}

export function notFinite(solver: string, t: number): SysgraphError {
  return new SysgraphError('solver-failure', `${solver}: the state became non-finite at t = ${t}`, {
    field: 'dt',
    expected: `a smaller dt or an adaptive solver (state overflowed at t = ${t})`,
  });
}

/** True when every entry is finite. */
export function allFinite(z: Float64Array): boolean {
  for (let i = 0; i < z.length; i++) if (!Number.isFinite(z[i])) return false;
  return true;
}

/**
 * A step too small to advance t: below 1e-14 of |t| (t + h rounds to t within a few steps) or, near t = 0, of a
 * millionth of the span. Relative to the problem's own time scale, so scaling time by 1e±k changes no decision
 * (an absolute floor of 1e-14 s refused every span below it).
 */
export function stepUnderflows(h: number, t: number, span: number): boolean {
  return h <= 1e-14 * Math.max(Math.abs(t), 1e-6 * Math.abs(span));
}
