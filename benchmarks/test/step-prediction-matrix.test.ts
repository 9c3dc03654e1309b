/**
 * The guarded stiff solver's step prediction (packages/simulate/src/guard/step-prediction.ts) on cells of the
 * accuracy matrix whose step counts are known from its report: the cells that ran out of the 50 000-step budget
 * with a step from rest (RLC ladder and mass chain of 1000 states, rtol 1e-10: ≥ 80 000 steps) are refused before
 * any step, typed, with the prediction in the message; the cells that passed within the budget (RLC ladder 1000,
 * ramp 40 946 and sine 47 841 steps at rtol 1e-10, step 8 517 at 1e-6) are predicted below both the steps they
 * took and the budget, so they still run.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { GUARDED, inputExcitation, modelOscillation, offEquilibrium, parseSignal, predictedSteps, simulate } from '@sysgraph/simulate';
import { FAMILIES } from '../src/accuracy-matrix/families';
import { INPUTS } from '../src/accuracy-matrix/inputs';
import { modelOf } from '../src/accuracy-matrix/cell';
import { ATOL_FACTOR } from '../src/accuracy-matrix/plan';

const BUDGET = 50_000;
const make = (family: string, states: number) => FAMILIES.find((f) => f.name === family)!.make(states);
const input = (name: string) => INPUTS.find((i) => i.name === name)!;

describe('step prediction of the guarded stiff solver on the accuracy matrix', { timeout: 120_000 }, () => {
  it('classifies the excitation: a step from rest or a delayed step is a jump; a ramp, a sine, a step from equilibrium a kink', () => {
    const T = 1;
    const cls = (text: string, off: boolean) => inputExcitation([parseSignal(text)], 0, T, off).kind;
    expect(cls('step(1)', true)).toBe('jump');
    expect(cls('step(1, 0.3)', false)).toBe('jump');
    expect(cls('ramp(1, 0.05)', false)).toBe('kink');
    expect(cls('sine(1, 3)', false)).toBe('kink');
    expect(cls('pwl(0, 0, 0.1, 1, 0.4, 1)', false)).toBe('kink');
    // a step whose time is outside the span does not jump inside it
    expect(cls('step(1, 2)', false)).toBe('kink');
    // f(t0, z) against the forcing: equilibrium to rounding, or not
    expect(offEquilibrium(Float64Array.of(1e-12, 0), Float64Array.of(1, 0))).toBe(false);
    expect(offEquilibrium(Float64Array.of(0.5, 0), Float64Array.of(1, 0))).toBe(true);
    expect(offEquilibrium(Float64Array.of(0, 0), Float64Array.of(0, 0))).toBe(false);
  });

  for (const family of ['rlc-ladder', 'mass-chain']) {
    it(`${family}, 1000 states, step at rtol 1e-10: refused before any step (it ran out of ${BUDGET} steps before)`, () => {
      const c = make(family, 1000);
      let error: unknown;
      try {
        simulate(modelOf(c), { tEnd: c.span, solver: 'stiff', inputs: { [c.input]: input('step').signal(c.span) }, rtol: 1e-10, atol: 1e-10 * ATOL_FACTOR, samples: 201, maxSteps: BUDGET });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SysgraphError);
      const e = error as SysgraphError;
      expect(e.code).toBe('tolerance-not-met');
      expect(e.field).toBe('maxSteps');
      expect(e.element).toBe('stiff');
      expect(e.message).toMatch(/predicted to number at least \d+/);
      expect(e.message).toMatch(/jump/);
    });
  }

  it('RLC ladder, 1000 states: the cells that passed are predicted below the steps they took and the budget', () => {
    const c = make('rlc-ladder', 1000);
    const est = modelOscillation(modelOf(c), c.span)!;
    const runRtol = (rtol: number) => rtol / (GUARDED.stiff!.perRadian * est.radians);
    // steps taken in the committed accuracy matrix (accepted steps)
    for (const [name, rtol, taken] of [['ramp', 1e-10, 40946], ['sine', 1e-10, 47841], ['step', 1e-6, 8517], ['ramp', 1e-3, 682]] as const) {
      const signal = parseSignal(input(name).signal(c.span));
      const predicted = predictedSteps('stiff', est, c.span, runRtol(rtol), inputExcitation([signal], 0, c.span, signal.value(0) !== 0))!;
      expect(predicted, `${name} ${rtol}`).toBeLessThanOrEqual(taken);
      expect(predicted).toBeLessThan(BUDGET);
    }
  });
});
