/**
 * The global-error guard (src/guard/oscillation-guard.ts) on a series RLC / LC tank whose response is written by hand:
 * the estimate's ω̂ and σ̄ are the tank's ω0 = 1/√(LC) and α = R/(2L); over many periods the stiff solver runs with
 * tightened tolerances and stays within 10·rtol·peak + atol of 1 − cos(ω0 t); past its budget it refuses with a
 * typed 'tolerance-not-met' naming the solver and rtol, before any step.
 */
import { describe, expect, it } from 'vitest';
import { GUARDED, inputExcitation, modelOscillation, predictedSteps, simulate, step } from '../src/index';
import { rlcStepVc, seriesRlc, stiffDecay } from './fixtures/models';
import { lossyLine } from './fixtures/lossy-line';
import { refusal } from './fixtures/refusal';

describe('global-error guard', { timeout: 60_000 }, () => {
  it('estimates ω0 = 1/√(LC) and α = R/(2L) of a series RLC, Φ = ω0 (1 − e^(−αT))/α', () => {
    const R = 2, L = 0.5, C = 2e-3;
    const T = 3;
    const e = modelOscillation(seriesRlc(R, L, C), T)!;
    const w0 = 1 / Math.sqrt(L * C);
    const alpha = R / (2 * L);
    expect(e.omega).toBeCloseTo(w0, 9);
    expect(e.damping).toBeCloseTo(alpha, 9);
    expect(e.radians).toBeCloseTo((w0 * (1 - Math.exp(-alpha * T))) / alpha, 6);
    // undamped: Φ = ω0 T
    expect(modelOscillation(seriesRlc(0, L, C), T)!.radians).toBeCloseTo(w0 * T, 6);
  });

  it('a real, strongly damped spectrum (stiff decay) is left alone: no tightening, no note', () => {
    const e = modelOscillation(stiffDecay(), 10)!;
    expect(GUARDED.stiff!.perRadian * e.radians).toBeLessThan(1);
    const r = simulate(stiffDecay(), { tEnd: 10, solver: 'stiff', initial: { x1: 1, x2: 1, x3: 1 } });
    expect(r.solverReason).not.toMatch(/global-error guard/);
  });

  it('an LC tank over 159 periods: stiff runs tightened and meets 10·rtol·peak + atol against 1 − cos(ω0 t)', () => {
    const L = 1, C = 1;
    const T = 1000; // Φ = 1000 rad
    const rtol = 1e-6, atol = 1e-9;
    const r = simulate(seriesRlc(0, L, C), { tEnd: T, solver: 'stiff', inputs: { Vs: 'step(1)' }, rtol, atol, samples: 2001 });
    const t = r.columns[0];
    const v = r.columns[r.names.indexOf('v_C')];
    let err = 0;
    for (let k = 0; k < t.length; k++) err = Math.max(err, Math.abs(v[k] - rlcStepVc(0, L, C, t[k])));
    // without the guard Rodas4 at rtol 1e-6 misses this bound: max error 3.8e-5 = 19 × (rtol·peak + atol) (measured
    // with the guard's constant set to 0); with it 4.6e-8, at 5.3× the steps
    expect(err).toBeLessThanOrEqual(10 * rtol * 2 + atol);
    expect(r.solverReason).toMatch(/global-error guard/);
  });

  it('refuses, typed, past its budget: stiff and krylov over 16 000 periods of an LC tank', () => {
    const model = seriesRlc(0, 1, 1);
    const T = 1e5; // Φ = 1e5 rad: 0.75·Φ > 1000 (stiff), 0.06·Φ > 200 (krylov)
    expect(GUARDED.stiff!.perRadian * T).toBeGreaterThan(GUARDED.stiff!.maxTightening);
    for (const solver of ['stiff', 'krylov'] as const) {
      const e = refusal(() => simulate(model, { tEnd: T, solver, inputs: { Vs: 'step(1)' }, rtol: 1e-6 }));
      expect(e.code).toBe('tolerance-not-met');
      expect(e.element).toBe(solver);
      expect(e.field).toBe('rtol');
      expect(e.message).toMatch(/chebyshev/);
    }
  });

  it('the tightened rtol must stay above the floor: rtol 1e-10 over Φ = 200 refuses', () => {
    const e = refusal(() => simulate(seriesRlc(0, 1, 1), { tEnd: 200, solver: 'stiff', inputs: { Vs: 'step(1)' }, rtol: 1e-10, atol: 1e-13 }));
    expect(e.code).toBe('tolerance-not-met');
  });

  it('predicts the step count of the guarded stiff run: a lower bound of the steps taken, and a refusal at once past maxSteps', () => {
    const model = seriesRlc(0, 1, 1);
    const T = 1000; // Φ = 1000 rad, tightened 750×
    const rtol = 1e-6;
    const run = (maxSteps?: number) => simulate(model, { tEnd: T, solver: 'stiff', inputs: { Vs: 'step(1)' }, rtol, atol: 1e-9, samples: 201, maxSteps });
    const full = run();
    const tight = rtol / (GUARDED.stiff!.perRadian * T);
    // a step from rest: the jump fit (inputExcitation); the run passes it the same excitation
    const predicted = predictedSteps('stiff', modelOscillation(model, T)!, T, tight, inputExcitation([step(1)], 0, T, true))!;
    // the prediction is a lower bound of what the solver takes (steps counted by the run itself)
    expect(full.stats.steps).toBeGreaterThanOrEqual(predicted);
    // a budget below the prediction: refused before any step, typed, the prediction in the message
    const e = refusal(() => run(Math.floor(predicted / 2)));
    expect(e.code).toBe('tolerance-not-met');
    expect(e.element).toBe('stiff');
    expect(e.field).toBe('maxSteps');
    expect(e.message).toMatch(new RegExp(`at least ${Math.round(predicted)}`));
    // a budget that covers the steps taken is never refused
    expect(run(full.stats.steps + 10).stats.steps).toBe(full.stats.steps);
  });

  it('losses only at the terminations: the interior damping R/(2L), not the terminations\' rate, sets Φ', () => {
    // a matched LC line of N sections: Rs = Rload = √(L/C), R per section, no other loss. The interior modes decay at
    // R/(2L); the rectangle's centre is dominated by Rs/L and 1/(Rload C) (10⁴× larger here)
    const N = 20, L = 1e-3, C = 1e-6, R = 0.01, Z0 = Math.sqrt(L / C);
    // L i_k' = v_{k−1} − R i_k − v_k (v_0 = Vs − Z0 i_1), C v_k' = i_k − i_{k+1} (− v_N/Z0)
    const model = lossyLine(N, R, L, C, 0, { source: Z0, load: Z0 });
    const e = modelOscillation(model, 1e-3)!;
    // the interior modes' damping: trace of the interior rows / n = R/(2L)
    expect(e.damping).toBeGreaterThan(0);
    expect(e.damping).toBeLessThanOrEqual(R / L);
    expect(e.damping).toBeLessThan(0.01 * (Z0 / L) / 2);
  });
});

describe('global-error guard, symmetric A with a diagonal M', () => {
  it('RC ladder: ω̂ = 0 and the damping of the balanced operator, read without it', async () => {
    const { rcLadder } = await import('./fixtures/rc-ladder');
    const { positiveDiagonal, scaledOperator } = await import('../src/chebyshev/scaled-operator');
    const { linearParts } = await import('../src/problem/linear-problem');
    // two ladders of different sizes and time constants
    for (const [n, R, C] of [[40, 2, 3e-3], [7, 1e3, 1e-6]] as const) {
      const model = rcLadder(n, R, C, true);
      const e = modelOscillation(model, 1e-2)!;
      expect(e.omega).toBe(0);
      expect(e.radians).toBe(0);
      // the reference: scaledOperator's rectangle (balanced scaling, transpose, Hermitian part)
      const parts = linearParts(model);
      const op = scaledOperator(parts.A, positiveDiagonal(parts.M, parts.n)!);
      expect(op.imMax).toBeLessThan(1e-9 * Math.max(-op.reMin, op.reMax));
      const centre = -(op.reMin + op.reMax) / 2;
      // a uniform ladder's losses are not concentrated (the centre is within 10× the median): the centre is the damping
      expect(e.damping).toBeCloseTo(centre, 6 - Math.ceil(Math.log10(centre)));
      // closed form of the Gershgorin centre of the uniform ladder: J̃ = A/C, rows −2/(RC) ± 2/(RC) except the ends
      expect(e.damping).toBeCloseTo(2 / (R * C), 6 - Math.ceil(Math.log10(2 / (R * C))));
    }
  });
});
