/**
 * The advice of the global-error guard's and the step prediction's refusals (src/guard/refusal-advice.ts): chebyshev
 * is named only where its applicability check holds, and then it does meet the tolerance (an LC tank against
 * 1 − cos t); where it does not hold (an input it cannot take, a damped line) chebyshev is not named, and running it
 * does refuse, which is what the old advice ("use solver chebyshev (or auto)") sent the caller to; inside auto's own
 * run the advice never names auto.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import { createInputVector } from '../src/problem/input-vector';
import { toOperator } from '../src/problem/linear-operator';
import { parseSignal } from '../src/signals/parse-signal';
import { createRestrictedParser } from '../src/signals/restricted-math';
import { solverAdvice } from '../src/guard/refusal-advice';
import { seriesRlc } from './fixtures/models';
import { lossyLine } from './fixtures/lossy-line';
import { refusal } from './fixtures/refusal';

/**
 * An LC line of N sections (L = 1 mH, C = 1 µF, R = 10 mΩ per section) between a source resistance and a load twice
 * its √(L/C): the terminations' losses spread Re λ as wide as |Im λ|/2 (fixtures/lossy-line.ts).
 */
const Z0 = Math.sqrt(1e-3 / 1e-6);
const damped = (N: number) => lossyLine(N, 0.01, 1e-3, 1e-6, 0, { source: 2 * Z0, load: 2 * Z0 });

describe('refusal advice', { timeout: 60_000 }, () => {
  it('an LC tank over 16 000 periods: stiff and krylov refuse naming chebyshev, and chebyshev meets the tolerance', () => {
    const model = seriesRlc(0, 1, 1);
    const T = 1e5;
    const rtol = 1e-6, atol = 1e-9;
    for (const solver of ['stiff', 'krylov'] as const) {
      const e = refusal(() => simulate(model, { tEnd: T, solver, inputs: { Vs: 'step(1)' }, rtol, atol }));
      expect(e.code).toBe('tolerance-not-met');
      expect(e.expected).toMatch(/^solver chebyshev, rtol ≥/);
      expect(e.message).toMatch(/Use solver chebyshev/);
      // two states: auto would take the exact method, so auto is not named as the way to chebyshev
      expect(e.message).not.toMatch(/\bauto\b/);
    }
    const r = simulate(model, { tEnd: T, solver: 'chebyshev', inputs: { Vs: 'step(1)' }, rtol, atol, samples: 1001 });
    const t = r.columns[0];
    const v = r.columns[r.names.indexOf('v_C')];
    let err = 0;
    // v_C = 1 − cos t (L = C = 1, R = 0, from rest)
    for (let k = 0; k < t.length; k++) err = Math.max(err, Math.abs(v[k] - (1 - Math.cos(t[k]))));
    expect(err).toBeLessThanOrEqual(10 * rtol * 2 + atol);
  });

  it('the same tank driven by an expression: chebyshev is not named (it cannot take the input, and refuses)', () => {
    const model = seriesRlc(0, 1, 1);
    const options = { tEnd: 1e5, inputs: { Vs: '1 - exp(-t)' }, rtol: 1e-6, atol: 1e-9 };
    const e = refusal(() => simulate(model, { ...options, solver: 'stiff' }));
    expect(e.code).toBe('tolerance-not-met');
    expect(e.expected).not.toMatch(/chebyshev/);
    expect(e.message).toMatch(/chebyshev does not apply: it needs inputs affine/);
    expect(e.expected).toMatch(/^rtol ≥ [0-9.e-]+, or a span shorter than/);
    // what the old advice sent the caller to
    const c = refusal(() => simulate(model, { ...options, solver: 'chebyshev' }));
    expect(c.code).toBe('bad-option');
    expect(c.field).toBe('solver');
  });

  it('a line with lossy terminations: stiff and krylov refuse without naming chebyshev, which refuses on it', () => {
    const model = damped(20);
    const options = { tEnd: 0.05, inputs: { Vs: 'step(1)' }, rtol: 1e-10, atol: 1e-13 };
    for (const solver of ['stiff', 'krylov'] as const) {
      const e = refusal(() => simulate(model, { ...options, solver }));
      expect(e.code).toBe('tolerance-not-met');
      expect(e.element).toBe(solver);
      expect(e.expected).not.toMatch(/chebyshev|auto/);
      expect(e.message).toMatch(/chebyshev does not apply: the spectrum is not oscillation-dominated/);
    }
    const c = refusal(() => simulate(model, { ...options, solver: 'chebyshev' }));
    expect(c.code).toBe('solver-failure');
    expect(c.field).toBe('rtol');
  });

  it('the step prediction: chebyshev named on the tank, not on the damped line', () => {
    const tank = refusal(() => simulate(seriesRlc(0, 1, 1), { tEnd: 1000, solver: 'stiff', inputs: { Vs: 'step(1)' }, rtol: 1e-6, atol: 1e-9, maxSteps: 100 }));
    expect(tank.field).toBe('maxSteps');
    expect(tank.expected).toMatch(/solver chebyshev/);
    const lineRefusal = refusal(() => simulate(damped(20), { tEnd: 0.005, solver: 'stiff', inputs: { Vs: 'step(1)' }, rtol: 1e-6, atol: 1e-9, maxSteps: 20 }));
    expect(lineRefusal.code).toBe('tolerance-not-met');
    expect(lineRefusal.field).toBe('maxSteps');
    expect(lineRefusal.expected).not.toMatch(/chebyshev|auto/);
    expect(lineRefusal.message).toMatch(/chebyshev does not apply/);
  });

  it('more than 120 states, oscillation-dominated: the caller is told auto picks chebyshev', () => {
    // an LC line of 70 sections, open at the load, a small source resistance its only loss: |Im λ| ≫ the spread
    const model = lossyLine(70, 0, 1e-3, 1e-6, 0, { source: 0.1 });
    const e = refusal(() => simulate(model, { tEnd: 0.05, solver: 'stiff', inputs: { Vs: 'step(1)' }, rtol: 1e-6, atol: 1e-9 }));
    expect(e.code).toBe('tolerance-not-met');
    expect(e.message).toMatch(/Use solver chebyshev \(or auto, which picks it for this model\)/);
    // and so it does, and chebyshev finishes (a refusal would have fallen back to krylov)
    const r = simulate(model, { tEnd: 0.05, solver: 'auto', inputs: { Vs: 'step(1)' }, rtol: 1e-6, atol: 1e-9, samples: 11 });
    expect(r.solver).toBe('chebyshev');
    // a span whose series would pass CHEBYSHEV_MAX_TERMS products: auto would not pick chebyshev, and it is not named
    const long = refusal(() => simulate(model, { tEnd: 50, solver: 'stiff', inputs: { Vs: 'step(1)' }, rtol: 1e-6, atol: 1e-9 }));
    expect(long.expected).not.toMatch(/chebyshev/);
    expect(long.message).toMatch(/chebyshev does not apply: its series would take/);
  });

  it('inside auto: every solver refuses on a damped line of 200 states, and the advice names neither auto nor chebyshev', () => {
    const e = refusal(() => simulate(damped(100), { tEnd: 0.2, solver: 'auto', inputs: { Vs: 'step(1)' }, rtol: 1e-6, atol: 1e-9 }));
    expect(e.code).toBe('tolerance-not-met');
    expect(e.element).toBe('auto');
    // before: "solver chebyshev or auto, rtol ≥ …" (chebyshev refuses here, and auto is the one refusing)
    expect(e.expected).not.toMatch(/chebyshev|auto/);
    expect(e.expected).toMatch(/^rtol ≥/);
    expect(e.message).not.toMatch(/Use solver/);
  });

  it('a chebyshev that refused already in the run is not advised again', () => {
    const model = seriesRlc(0, 1, 1);
    const inputs = createInputVector(['Vs'], [parseSignal('step(1)', 'Vs', createRestrictedParser())]);
    const problem = { n: 2, inputs, lti: { A: toOperator(model.A, 2, 2, 'A'), B: toOperator(model.B, 2, 1, 'B') } };
    expect(solverAdvice(problem, 1e5, { withinAuto: false, refused: [] }).short).toBe('solver chebyshev');
    const again = solverAdvice(problem, 1e5, { withinAuto: true, refused: ['chebyshev'] });
    expect(again.short).toBeUndefined();
    expect(again.none).toMatch(/refused already/);
  });
});
