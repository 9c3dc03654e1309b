/**
 * Fixed-step explicit methods refuse a step beyond their stability limit on a decaying mode. Closed forms: on
 * x' = −x/τ Euler is stable iff h ≤ 2τ; RK4 iff h|λ| ≤ 2.7852935634… (the real root of |1 + z + z²/2 + z³/6 + z⁴/24| = 1
 * on the negative axis); the undamped oscillator (λ = ±iω) is left alone.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { simulate } from '../src/index';
import type { LinearModel } from '../src/index';
import { amplification } from '../src/solvers/explicit-stability';

const RK4_REAL_LIMIT = 2.785293563405282;

function decay(tau: number): LinearModel {
  return {
    kind: 'linear',
    stateNames: ['x'],
    inputNames: ['u'],
    outputNames: [],
    A: [[-1 / tau]],
    B: [[1 / tau]],
    C: [],
    D: [],
  };
}

function refusal(fn: () => unknown): SysgraphError | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof SysgraphError) return e;
    throw e;
  }
  return undefined;
}

describe('the stability limit of the fixed-step explicit methods', () => {
  it('RK4 amplification is 1 at its real limit and Euler at h|λ| = 2', () => {
    expect(amplification('rk4', RK4_REAL_LIMIT, -1, 0)).toBeCloseTo(1, 12);
    expect(amplification('euler', 2, -1, 0)).toBeCloseTo(1, 14);
    expect(amplification('euler', 0.5, 0, 1)).toBeCloseTo(Math.hypot(1, 0.5), 14);
  });

  it('Euler: h = 2.1τ refused naming dt with the limit 2τ; h = 1.9τ runs and decays to the input', () => {
    const tau = 0.5;
    const e = refusal(() => simulate(decay(tau), { solver: 'euler', dt: 2.1 * tau, tEnd: 50, inputs: { u: 'step(1)' } }));
    expect(e?.code).toBe('bad-option');
    expect(e?.field).toBe('dt');
    expect(Number(/at most ([0-9.e+-]+)/.exec(e?.expected ?? '')?.[1])).toBeCloseTo(2 * tau, 2);
    const run = simulate(decay(tau), { solver: 'euler', dt: 1.9 * tau, tEnd: 200, inputs: { u: 'step(1)' } });
    const x = run.columns[1];
    expect(Math.abs(x[x.length - 1] - 1)).toBeLessThan(1e-3);
  });

  it('RK4: h|λ| = 2.9 refused, 2.7 runs', () => {
    const tau = 1;
    expect(refusal(() => simulate(decay(tau), { solver: 'rk4', dt: 2.9 * tau, tEnd: 100, inputs: { u: 'step(1)' } }))?.field).toBe('dt');
    const run = simulate(decay(tau), { solver: 'rk4', dt: 2.7 * tau, tEnd: 400, inputs: { u: 'step(1)' } });
    const x = run.columns[1];
    expect(Math.abs(x[x.length - 1] - 1)).toBeLessThan(1e-3);
  });

  it('an undamped oscillator is not refused (Euler drifts outward there, a property of the method)', () => {
    const osc: LinearModel = { ...decay(1), stateNames: ['x', 'y'], A: [[0, 1], [-1, 0]], B: [[0], [1]] };
    expect(() => simulate(osc, { solver: 'euler', dt: 0.01, tEnd: 1, inputs: { u: 'step(1)' } })).not.toThrow();
  });
});

describe('the step-underflow check follows the span, not the second', () => {
  it('a span of 1e-300 s on a model of time constant 1 s: dopri5, stiff and trbdf2 give x ≈ t (x = 1 − e^(−t))', () => {
    for (const solver of ['dopri5', 'stiff', 'trbdf2'] as const) {
      const run = simulate(decay(1), { solver, tEnd: 1e-300, samples: 4, rtol: 1e-6, atol: 1e-306, inputs: { u: 'step(1)' } });
      const [t, x] = run.columns;
      expect(t[t.length - 1]).toBe(1e-300);
      for (let k = 1; k < t.length; k++) expect(Math.abs(x[k] - t[k]), `${solver} at t = ${t[k]}`).toBeLessThanOrEqual(1e-4 * t[k]);
    }
  });
});
