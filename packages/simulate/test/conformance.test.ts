/**
 * The solver conformance suite: every registered solver passes it. A new solver joins by adding one line to
 * SETTINGS (the first test fails until it has one). Expected values are closed forms written in fixtures/models.ts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seededRandom } from '@sysgraph/core';
import { simulate } from '../src/index';
import { SOLVERS } from '../src/solvers/registry';
import type { SimulateOptions, SolverName } from '../src/index';
import {
  capLoopSineVa,
  capLoopSource,
  dampedRotation,
  dampedRotationExact,
  lcOscillator,
  randomStable,
  rlcStepI,
  rlcStepVc,
  seriesRlc,
  stiffDecay,
  stiffDecayExact,
} from './fixtures/models';

interface ConformanceSettings {
  /**
   * 'fixed': observed order from halving dt; 'adaptive': error vs rtol; 'exact': round-off only;
   * 'exponential': the solution's exponential approximated to a tolerance (error ≤ 10·rtol, no order in h).
   */
  readonly kind: 'fixed' | 'adaptive' | 'exact' | 'exponential';
  /** Fixed: the order; adaptive: the exponent q of error ∝ rtol^q. */
  readonly order: number;
  /** Options that make the RLC step response accurate to 1e-6 of its peak. */
  readonly accurate: Partial<SimulateOptions>;
  /** Options for the other comparisons, and the error they reach there. */
  readonly everyday: Partial<SimulateOptions>;
  readonly everydayTolerance: number;
  /** Options and step budget for the stiff decay (undefined: not a stiff solver). */
  readonly stiffDecay?: { readonly options: Partial<SimulateOptions>; readonly maxSteps: number };
  /** Options of the LC energy test when not the common ones (TR-BDF2, error per unit step: steps ∝ span^1.5·rtol^−½, 10⁵ at rtol 1e-3 over 100 periods). */
  readonly energy?: Partial<SimulateOptions>;
}

const SETTINGS: Record<SolverName, ConformanceSettings> = {
  euler: {
    kind: 'fixed',
    order: 1,
    accurate: { dt: 8e-7, maxSteps: 2e7 },
    everyday: { dt: 2e-5, maxSteps: 2e7 },
    everydayTolerance: 1e-4,
  },
  rk4: { kind: 'fixed', order: 4, accurate: { dt: 2e-3 }, everyday: { dt: 2e-3 }, everydayTolerance: 2e-6 },
  // local extrapolation: error per unit step held at rtol, so global error ∝ rtol
  dopri5: { kind: 'adaptive', order: 1, accurate: { rtol: 1e-9, atol: 1e-12 }, everyday: { rtol: 1e-9, atol: 1e-12 }, everydayTolerance: 2e-6 },
  // Rodas4 propagates the order-4 solution, the order-3 estimate is held at rtol: global error ∝ rtol
  stiff: {
    kind: 'adaptive',
    order: 1,
    accurate: { rtol: 1e-9, atol: 1e-12 },
    everyday: { rtol: 1e-9, atol: 1e-12 },
    everydayTolerance: 2e-6,
    stiffDecay: { options: { rtol: 1e-6, atol: 1e-8 }, maxSteps: 300 },
  },
  // TR-BDF2 with error per unit step (the sum of the local errors held at the tolerance): global error ∝ rtol
  trbdf2: {
    kind: 'adaptive',
    order: 1,
    accurate: { rtol: 2e-7, atol: 2e-10 },
    everyday: { rtol: 2e-7, atol: 2e-10 },
    everydayTolerance: 2e-6,
    stiffDecay: { options: { rtol: 5e-7, atol: 5e-10 }, maxSteps: 20000 },
    energy: { rtol: 1e-3, atol: 1e-6 },
  },
  exact: {
    kind: 'exact',
    order: Infinity,
    accurate: { dt: 0.05 },
    everyday: { dt: 0.005 },
    everydayTolerance: 2e-6,
    stiffDecay: { options: { dt: 0.25 }, maxSteps: 40 },
  },
  krylov: {
    kind: 'exponential',
    order: Infinity,
    accurate: { rtol: 1e-9, atol: 1e-12 },
    everyday: { rtol: 1e-9, atol: 1e-12 },
    everydayTolerance: 2e-6,
    stiffDecay: { options: { rtol: 1e-7, atol: 1e-9 }, maxSteps: 20 },
  },
  chebyshev: {
    kind: 'exponential',
    order: Infinity,
    accurate: { rtol: 1e-9, atol: 1e-12 },
    everyday: { rtol: 1e-9, atol: 1e-12 },
    everydayTolerance: 2e-6,
  },
};

const maxAbs = (xs: ArrayLike<number>) => Array.from(xs).reduce((m, x) => Math.max(m, Math.abs(x)), 0);

it('every registered solver has conformance settings', () => {
  for (const s of SOLVERS) expect(SETTINGS[s.name], s.name).toBeDefined();
});

describe.each(SOLVERS.map((s) => [s.name, s] as const))('solver %s', { timeout: 120_000 }, (name) => {
  const cfg = SETTINGS[name];

  it('order of accuracy on x\' = A x with known e^{At}', () => {
    const model = dampedRotation(0.5, 2);
    const x0: [number, number] = [1, 0.5];
    const tEnd = 2;
    const errorFor = (opts: Partial<SimulateOptions>) => {
      const r = simulate(model, { tEnd, solver: name, initial: { x1: x0[0], x2: x0[1] }, ...opts });
      const last = r.columns[0].length - 1;
      const exact = dampedRotationExact(0.5, 2, x0, tEnd);
      return Math.hypot(r.columns[1][last] - exact[0], r.columns[2][last] - exact[1]);
    };
    if (cfg.kind === 'fixed') {
      const e1 = errorFor({ dt: 0.02 });
      const e2 = errorFor({ dt: 0.01 });
      const observed = Math.log2(e1 / e2);
      expect(observed).toBeGreaterThan(cfg.order - 0.3);
      expect(observed).toBeLessThan(cfg.order + 0.3);
    } else if (cfg.kind === 'adaptive') {
      const tols = [1e-5, 1e-7, 1e-9];
      const errs = tols.map((rtol) => errorFor({ rtol, atol: rtol * 1e-3 }));
      for (let k = 1; k < errs.length; k++) expect(errs[k]).toBeLessThan(errs[k - 1]);
      // least-squares slope of log err against log rtol
      const lx = tols.map(Math.log10);
      const ly = errs.map(Math.log10);
      const mx = lx.reduce((a, b) => a + b) / lx.length;
      const my = ly.reduce((a, b) => a + b) / ly.length;
      const slope = lx.reduce((s, x, k) => s + (x - mx) * (ly[k] - my), 0) / lx.reduce((s, x) => s + (x - mx) ** 2, 0);
      expect(slope).toBeGreaterThan(cfg.order - 0.3);
      expect(slope).toBeLessThan(cfg.order + 0.3);
    } else if (cfg.kind === 'exponential') {
      // no order in h: each tolerance is met with room to spare
      for (const rtol of [1e-5, 1e-7, 1e-9]) expect(errorFor({ rtol, atol: rtol * 1e-3 })).toBeLessThan(10 * rtol);
    } else {
      expect(errorFor({ dt: 0.5 })).toBeLessThan(1e-13);
      expect(errorFor({ samples: 3 })).toBeLessThan(1e-13);
    }
  });

  it('energy of an undamped LC oscillator over 100 periods', () => {
    const model = lcOscillator(1, 1); // ω = 1, period 2π, E = (v² + i²)/2
    const tEnd = 100 * 2 * Math.PI;
    const opts: Partial<SimulateOptions> =
      cfg.energy ?? (cfg.kind === 'adaptive' || cfg.kind === 'exponential' ? { rtol: 1e-8, atol: 1e-11 } : { dt: tEnd / 20000 });
    const r = simulate(model, { tEnd, solver: name, initial: { v_C: 1 }, samples: 2, ...opts });
    const energy = (r.columns[1][1] ** 2 + r.columns[2][1] ** 2) / 2;
    const drift = (energy - 0.5) / 0.5;
    const steps = r.stats.steps;
    if (name === 'euler') {
      // each Euler step multiplies the energy by |1 + ih|² = 1 + h²
      const h = tEnd / steps;
      expect(energy / 0.5 / (1 + h * h) ** steps).toBeCloseTo(1, 9);
    } else if (name === 'rk4') {
      // |R(ih)|² = 1 − h⁶/72 + h⁸/576 for the RK4 stability polynomial R(z) = 1 + z + z²/2 + z³/6 + z⁴/24
      const h = tEnd / steps;
      expect(energy / 0.5).toBeCloseTo((1 - h ** 6 / 72 + h ** 8 / 576) ** steps, 9);
    } else {
      expect(Math.abs(drift)).toBeLessThan(cfg.kind === 'exact' ? 1e-10 : cfg.kind === 'exponential' ? 1e-6 : 1e-4);
    }
    console.info(`[conformance] ${name}: LC energy drift over 100 periods ${drift.toExponential(2)} (${steps} steps)`);
  });

  // Only the stiff solvers take the stiff decay (an explicit solver would need ~1e6 steps).
  if (cfg.stiffDecay !== undefined) it('stiff decay, eigenvalues −1, −1e3, −1e6 with coupling: few steps, error ≤ 1e-6', () => {
    const x0 = [1, 1, 1];
    const r = simulate(stiffDecay(), {
      tEnd: 10,
      solver: name,
      initial: { x1: 1, x2: 1, x3: 1 },
      samples: 41,
      ...cfg.stiffDecay!.options,
    });
    expect(r.stats.steps).toBeLessThanOrEqual(cfg.stiffDecay!.maxSteps);
    const t = r.columns[0];
    let err = 0;
    for (let k = 0; k < t.length; k++) {
      const ex = stiffDecayExact(x0, t[k]);
      for (let i = 0; i < 3; i++) err = Math.max(err, Math.abs(r.columns[1 + i][k] - ex[i]));
    }
    expect(err).toBeLessThanOrEqual(1e-6);
  });

  it.each([
    ['underdamped', 0.5],
    ['critically damped', 2],
    ['overdamped', 5],
  ])('series RLC step response, %s, to 1e-6 of the peak', (_label, R) => {
    const L = 1;
    const C = 1;
    const r = simulate(seriesRlc(R, L, C), { tEnd: 4, solver: name, inputs: { Vs: 'step(1)' }, samples: 81, ...cfg.accurate });
    const t = r.columns[0];
    const vExact = Array.from(t, (tk) => rlcStepVc(R, L, C, tk));
    const iExact = Array.from(t, (tk) => rlcStepI(R, L, C, tk));
    const vErr = maxAbs(r.columns[1].map((v, k) => v - vExact[k]));
    const iErr = maxAbs(r.columns[3].map((v, k) => v - iExact[k]));
    expect(vErr).toBeLessThanOrEqual(1e-6 * maxAbs(vExact));
    expect(iErr).toBeLessThanOrEqual(1e-6 * maxAbs(iExact));
  });

  it('agrees with the others on random stable 6-state systems with sine inputs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const model = randomStable(6, 2, 2, seededRandom(seed));
        const inputs = { u1: 'sine(1, 0.3)', u2: 'sine(0.5, 1.1, 0.3, 0.2)' };
        const common = { tEnd: 5, inputs, samples: 51 };
        const reference = simulate(model, { ...common, solver: 'dopri5', rtol: 1e-12, atol: 1e-14 });
        const r = simulate(model, { ...common, solver: name, ...cfg.everyday });
        for (let c = 1; c < reference.columns.length; c++) {
          const scale = Math.max(1, maxAbs(reference.columns[c]));
          const diff = maxAbs(r.columns[c].map((v, k) => v - reference.columns[c][k]));
          expect(diff).toBeLessThanOrEqual(cfg.everydayTolerance * scale);
        }
      }),
      { seed: 20240611, numRuns: 3 },
    );
  });

  it('Bd ≠ 0: capacitor loop with a source, sine drive: x = x̃ + Bd u and the F term', () => {
    const omega = 2;
    const r = simulate(capLoopSource(), {
      tEnd: 6,
      solver: name,
      inputs: { Vs: `sine(1, ${omega / (2 * Math.PI)})` },
      samples: 61,
      ...cfg.everyday,
    });
    const [t, va, vb, ia] = r.columns;
    let err = 0;
    for (let k = 0; k < t.length; k++) {
      const x = capLoopSineVa(omega, t[k]);
      const u = Math.sin(omega * t[k]);
      const du = omega * Math.cos(omega * t[k]);
      // i_Ca = Ca v_Ca' with v_Ca' = −x/3 + u/3 + (2/3) u'
      const ix = -x / 3 + u / 3 + (2 / 3) * du;
      err = Math.max(err, Math.abs(va[k] - x), Math.abs(vb[k] - (u - x)), Math.abs(ia[k] - ix));
    }
    expect(err).toBeLessThanOrEqual(cfg.everydayTolerance);
  });

  it('Bd ≠ 0: a step at t = 1 makes x jump by Bd while x̃ stays continuous', () => {
    const r = simulate(capLoopSource(), { tEnd: 4, solver: name, inputs: { Vs: 'step(1, 1)' }, ...cfg.everyday });
    const [t, va] = r.columns;
    // rows at t = 1: left limit 0, right limit 2/3; after: 1 − (1/3) e^{−(t−1)/3}
    const atJump = Array.from(t).flatMap((tk, k) => (tk === 1 ? [va[k]] : []));
    expect(atJump).toHaveLength(2);
    expect(atJump[0]).toBeCloseTo(0, 12);
    expect(atJump[1]).toBeCloseTo(2 / 3, 12);
    for (let k = 0; k < t.length; k++) {
      const expected = t[k] < 1 || (t[k] === 1 && k === Array.from(t).indexOf(1)) ? 0 : 1 - Math.exp(-(t[k] - 1) / 3) / 3;
      expect(Math.abs(va[k] - expected)).toBeLessThanOrEqual(cfg.everydayTolerance);
    }
  });

  it('samples: exactly N rows from tStart to tEnd, values from dense output', () => {
    const x0: [number, number] = [1, -0.25];
    const run = (N: number) =>
      simulate(dampedRotation(0.3, 1.7), {
        tStart: 0.5,
        tEnd: 3,
        solver: name,
        samples: N,
        initial: { x1: x0[0], x2: x0[1] },
        ...cfg.everyday,
      });
    for (const N of [2, 37]) {
      const r = run(N);
      const t = r.columns[0];
      expect(t).toHaveLength(N);
      expect(t[0]).toBe(0.5);
      expect(t[N - 1]).toBe(3);
      for (let k = 0; k < N; k++) {
        expect(t[k]).toBeCloseTo(0.5 + (2.5 * k) / (N - 1), 14);
        const ex = dampedRotationExact(0.3, 1.7, x0, t[k] - 0.5);
        expect(Math.abs(r.columns[1][k] - ex[0]) + Math.abs(r.columns[2][k] - ex[1])).toBeLessThan(cfg.everydayTolerance);
      }
    }
    // adaptive and exponential solvers do not step to the samples: the same steps for 11 and 1001 samples
    if (cfg.kind === 'adaptive' || cfg.kind === 'exponential') expect(run(1001).stats.steps).toBe(run(11).stats.steps);
  });
});
