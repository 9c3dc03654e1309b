/**
 * auto's dopri5 gives way to the stiff solver where stiffness develops along the trajectory (dopri5's stiffness
 * test, solvers/stiffness-detected.ts). Oracle: x' = λ(t)(x − cos t) − sin t with λ(t) = −k t², x(0) = 1 + a has
 * the closed form x = cos t + a·exp(−k t³/3): λ(0) = 0, so the initial state looks non-stiff, and from t ≈ 0.1 on
 * |λ| T exceeds any explicit method's stability region many times over.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import type { NonlinearModel } from '../src/index';

const K = 1e5;
const A = 0.5;
const model: NonlinearModel = {
  kind: 'nonlinear',
  stateNames: ['x'],
  inputNames: [],
  outputNames: [],
  // a nonlinear model in form (the solver sees no linear structure); its own Jacobian ∂f/∂x = λ(t)
  f: (t, x, _u, _du, dx) => {
    dx[0] = -K * t * t * (x[0] - Math.cos(t)) - Math.sin(t);
  },
  g: () => {},
  jacobian: (t) => [[-K * t * t]],
};
const exact = (t: number) => Math.cos(t) + A * Math.exp((-K * t * t * t) / 3);

describe('auto: dopri5 switches to the stiff solver when stiffness develops', () => {
  it('λ(t) = −1e5 t²: the switch is said, the result meets the closed form, in far fewer steps than dopri5 alone', () => {
    const opts = { tEnd: 3, initial: { x: 1 + A }, samples: 61, rtol: 1e-7, atol: 1e-10 };
    const auto = simulate(model, { ...opts, solver: 'auto' });
    expect(auto.solver).toBe('stiff');
    expect(auto.solverReason).toMatch(/stiffness test.*switched from dopri5 to the stiff solver at t = /);
    const times = auto.columns[0];
    for (let k = 0; k < times.length; k++) expect(Math.abs(auto.columns[1][k] - exact(times[k]))).toBeLessThan(1e-6);
    const explicit = simulate(model, { ...opts, solver: 'dopri5' });
    expect(explicit.solver).toBe('dopri5');
    expect(auto.stats.steps * 5).toBeLessThan(explicit.stats.steps);
  });

  it('a non-stiff run stays with dopri5 (x\' = −x + sin t, no note)', () => {
    const calm: NonlinearModel = { ...model, f: (t, x, _u, _du, dx) => void (dx[0] = -x[0] * (1 + 0.1 * x[0] * x[0]) + Math.sin(t)), jacobian: undefined };
    const r = simulate(calm, { tEnd: 20, initial: { x: 1 }, samples: 11, solver: 'auto', rtol: 1e-8, atol: 1e-10 });
    expect(r.solver).toBe('dopri5');
    expect(r.solverReason).not.toMatch(/stiffness test/);
  });

  it('a solver asked for by name is never switched', () => {
    const r = simulate(model, { tEnd: 0.5, initial: { x: 1 + A }, samples: 11, solver: 'dopri5', rtol: 1e-6, atol: 1e-9 });
    expect(r.solver).toBe('dopri5');
    expect(r.solverReason ?? '').not.toMatch(/stiffness test/);
  });
});
