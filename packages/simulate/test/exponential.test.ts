/**
 * The exponential solvers (krylov, chebyshev) on large sparse models, against closed forms (RC ladder), the dense
 * exact method (Van Loan) and dopri5 at tight tolerances; their choice by 'auto'; their typed errors.
 */
import { describe, expect, it } from 'vitest';
import { csrFromTriplets } from '@sysgraph/linalg';
import { simulate } from '../src/index';
import type { LinearModel } from '../src/index';
import { rcLadder, rcLadderRampExact } from './fixtures/rc-ladder';
import { lossyLine } from './fixtures/lossy-line';

const maxAbs = (xs: ArrayLike<number>) => Array.from(xs).reduce((m, x) => Math.max(m, Math.abs(x)), 0);

describe('krylov', { timeout: 120_000 }, () => {
  it.each([false, true])('1 000-state RC ladder (mass-matrix form: %s), ramp: the modal solution to 1e-6 in a few steps', (descriptor) => {
    const N = 1000;
    const R = 1e3 / N;
    const C = 1e-6 / N;
    const rise = 4e-6;
    const r = simulate(rcLadder(N, R, C, descriptor), {
      tEnd: 4e-3,
      inputs: { Vs: `ramp(1, ${rise})` },
      samples: 21,
      record: ['v1', 'v500', 'v1000'],
    });
    expect(r.solver).toBe('krylov');
    expect(r.solverReason).toMatch(/Krylov/);
    let err = 0;
    const t = r.columns[0];
    for (let k = 0; k < t.length; k++) {
      const exact = rcLadderRampExact(N, R, C, rise, t[k], [1, 500, 1000]);
      for (let c = 0; c < 3; c++) err = Math.max(err, Math.abs(r.columns[1 + c][k] - exact[c]));
    }
    expect(err).toBeLessThan(1e-6);
    expect(r.stats.steps).toBeLessThan(20);
    expect(r.stats.factorizations).toBeLessThanOrEqual(4);
  });

  it('sine input (an exact oscillator in the Krylov space) agrees with dopri5 at tight tolerances', () => {
    const N = 40;
    const model = rcLadder(N, 1e3 / N, 1e-6 / N);
    const common = { tEnd: 2e-3, inputs: { Vs: 'sine(1, 2000, 0.3, 0.1)' }, samples: 41 };
    const krylov = simulate(model, { ...common, solver: 'krylov', rtol: 1e-9, atol: 1e-12 });
    const reference = simulate(model, { ...common, solver: 'dopri5', rtol: 1e-11, atol: 1e-13, maxSteps: 1e7 });
    for (let c = 1; c < reference.columns.length; c += 3) {
      const diff = maxAbs(krylov.columns[c].map((v, k) => v - reference.columns[c][k]));
      expect(diff).toBeLessThan(1e-7);
    }
  });

  it('needs inputs affine between breakpoints or sines', () => {
    expect(() => simulate(rcLadder(10, 1, 1), { tEnd: 1, solver: 'krylov', inputs: { Vs: 't^2' } })).toThrow(
      expect.objectContaining({ code: 'bad-option', field: 'solver' }),
    );
  });
});

describe('chebyshev', { timeout: 120_000 }, () => {
  const line = () => lossyLine(70, 0.05, 1e-2, 4e-3, 0.02);

  it('lossy line, ramp: auto picks it, and it agrees with the exact method and with krylov', () => {
    const common = { tEnd: 3, inputs: { Vs: 'ramp(1, 0.05)' }, samples: 61 };
    const auto = simulate(line(), common);
    expect(auto.solver).toBe('chebyshev');
    expect(auto.solverReason).toMatch(/oscillation-dominated/);
    const exact = simulate(line(), { ...common, solver: 'exact' });
    const krylov = simulate(line(), { ...common, solver: 'krylov', rtol: 1e-9, atol: 1e-12 });
    const peak = maxAbs(exact.columns[exact.columns.length - 1]);
    for (let c = 1; c < exact.columns.length; c++) {
      const d1 = maxAbs(auto.columns[c].map((v, k) => v - exact.columns[c][k]));
      const d2 = maxAbs(krylov.columns[c].map((v, k) => v - exact.columns[c][k]));
      expect(d1).toBeLessThan(1e-5 * peak);
      expect(d2).toBeLessThan(1e-5 * peak);
    }
  });

  it('at rest before a delayed step: one exact step to the breakpoint, then the series; equal to the exact method', () => {
    // 30 s at rest, then 1.5 s after the step: the rest costs one step however many the series would take there
    const common = { tEnd: 31.5, samples: 64, inputs: { Vs: 'step(1, 30)' } };
    const delayed = simulate(line(), { ...common, solver: 'chebyshev' });
    const exact = simulate(line(), { ...common, solver: 'exact' });
    const peak = maxAbs(exact.columns[exact.columns.length - 1]);
    for (let c = 1; c < exact.columns.length; c++) {
      expect(maxAbs(delayed.columns[c].map((v, k) => v - exact.columns[c][k]))).toBeLessThan(1e-5 * peak);
    }
    const after = simulate(line(), { tEnd: 1.5, samples: 4, inputs: { Vs: 'step(1)' }, solver: 'chebyshev' });
    expect(delayed.stats.steps).toBeLessThanOrEqual(after.stats.steps + 1);
  });

  it('sine input: the periodic particular solution', () => {
    const common = { tEnd: 2, inputs: { Vs: 'sine(0.5, 1.3, 0.2)' }, samples: 21 };
    const cheb = simulate(line(), { ...common, solver: 'chebyshev', rtol: 1e-9, atol: 1e-12 });
    const reference = simulate(line(), { ...common, solver: 'dopri5', rtol: 1e-11, atol: 1e-13, maxSteps: 1e7 });
    for (let c = 1; c < reference.columns.length; c++) {
      expect(maxAbs(cheb.columns[c].map((v, k) => v - reference.columns[c][k]))).toBeLessThan(1e-7);
    }
  });

  it('typed errors: a mass matrix that is not diagonal, a singular A, a resonance', () => {
    const notDiagonal: LinearModel = { ...line(), M: csrFromTriplets(2, 2, [0, 0, 1], [0, 1, 1], [1, 0.5, 1]) };
    const small = lossyLine(1, 0, 1, 1, 0);
    expect(() => simulate({ ...small, M: notDiagonal.M }, { tEnd: 1, solver: 'chebyshev' })).toThrow(
      expect.objectContaining({ code: 'bad-option', field: 'solver' }),
    );
    // L i' = Vs − v, C v' = i: no losses, A singular only through a free integrator: mass driven by a force
    const integrator: LinearModel = { kind: 'linear', stateNames: ['x'], inputNames: ['F'], outputNames: [], A: [[0]], B: [[1]], C: [], D: [] };
    expect(() => simulate(integrator, { tEnd: 1, solver: 'chebyshev', inputs: { F: 'step(1)' } })).toThrow(
      expect.objectContaining({ code: 'solver-failure' }),
    );
    // undamped LC (ω = 1) driven at ω = 1
    expect(() => simulate(small, { tEnd: 1, solver: 'chebyshev', inputs: { Vs: `sine(1, ${1 / (2 * Math.PI)})` } })).toThrow(
      expect.objectContaining({ code: 'solver-failure', field: 'inputs' }),
    );
  });
});
