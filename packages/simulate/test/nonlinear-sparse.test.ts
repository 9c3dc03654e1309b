/**
 * The stiff solvers on large nonlinear models with a sparse Jacobian of fixed pattern (sparse/iteration-factoriser.ts,
 * problem/nonlinear-jacobian.ts), on models written by hand in fixtures/ (equations and exact CSR Jacobians):
 * a diode-clamped RC ladder and a chain of masses joined by hardening springs. Accuracy is checked against a
 * reference by the same package at rtol 1e-11 (large N) and against a classical RK4 written in the test (small N,
 * softer parameters); the work counters show one full factorisation and numeric refactorisations after it.
 * Laws without a derivative somewhere (an orifice sqrt(h) at h = 0) use one-sided differences of f, checked
 * against RK4; a law with no one-sided difference either gives a typed error naming the state, or auto's dopri5.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import { CsrMatrix } from '@sysgraph/linalg';
import { simulate } from '../src/simulate';
import type { SimulationResult } from '../src/simulate';
import type { NonlinearModel } from '../src/model';
import { ramp } from '../src/signals/ramp';
import { step } from '../src/signals/step';
import { constant } from '../src/signals/constant';
import { diodeLadder } from './fixtures/diode-ladder';
import { rk4Samples, springChain } from './fixtures/spring-chain';

const SPAN = 20e-6;
const SLOW = 240_000;

/** max over recorded columns and samples of |a − b|, and the peak |b| (the reference). */
function maxError(a: SimulationResult, b: SimulationResult): { err: number; peak: number } {
  let err = 0;
  let peak = 0;
  for (let c = 1; c < b.columns.length; c++) {
    for (let k = 0; k < b.columns[c].length; k++) {
      err = Math.max(err, Math.abs(a.columns[c][k] - b.columns[c][k]));
      peak = Math.max(peak, Math.abs(b.columns[c][k]));
    }
  }
  return { err, peak };
}

/** Central differences of f, column by column (to check a hand-written Jacobian). */
function centralJacobian(model: NonlinearModel, x: Float64Array, u: Float64Array): number[][] {
  const n = x.length;
  const plus = new Float64Array(n);
  const minus = new Float64Array(n);
  const du = new Float64Array(u.length);
  const J = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let j = 0; j < n; j++) {
    const h = 1e-6 * Math.max(1e-3, Math.abs(x[j]));
    const keep = x[j];
    x[j] = keep + h;
    model.f(0, x, u, du, plus);
    x[j] = keep - h;
    model.f(0, x, u, du, minus);
    x[j] = keep;
    for (let i = 0; i < n; i++) J[i][j] = (plus[i] - minus[i]) / (2 * h);
  }
  return J;
}

function expectJacobianMatches(model: NonlinearModel, x: Float64Array, u: Float64Array) {
  const J = model.jacobian!(0, x, u, new Float64Array(u.length)) as CsrMatrix;
  const D = centralJacobian(model, x, u);
  for (let i = 0; i < x.length; i++) {
    const scale = Math.max(...D[i].map(Math.abs));
    for (let j = 0; j < x.length; j++) expect(Math.abs(J.get(i, j) - D[i][j]), `(${i}, ${j})`).toBeLessThanOrEqual(1e-6 * scale);
  }
}

describe('diode-clamped RC ladder (hand-written, tridiagonal CSR Jacobian)', () => {
  it('the hand-written Jacobian equals central differences of f', () => {
    const N = 12;
    const x = Float64Array.from({ length: N }, (_, k) => 0.3 + 0.04 * k);
    expectJacobianMatches(diodeLadder(N), x, Float64Array.of(2));
  });

  for (const N of [100, 1000]) {
    it(`N = ${N}: Rodas at rtol 1e-6 within 10·rtol·peak of Rodas at rtol 1e-10; one factorisation, then refactorisations; TR-BDF2 reuses J`, () => {
      const model = diodeLadder(N);
      const opts = { tEnd: SPAN, inputs: { Vs: ramp(5, SPAN) }, samples: 41 };
      // the max norm holds every state to the reference's tolerance (no dilution over N): 1e-10 is 1e-4 of the
      // tolerance under test and costs a third of the steps of 1e-11
      const ref = simulate(model, { ...opts, solver: 'stiff', rtol: 1e-10, atol: 1e-13 });
      const rodas = simulate(model, { ...opts, solver: 'stiff', rtol: 1e-6, atol: 1e-9 });
      const { err, peak } = maxError(rodas, ref);
      expect(peak).toBeGreaterThan(0.5);
      expect(err).toBeLessThanOrEqual(10 * 1e-6 * peak);
      // pattern, AMD and pivot sequence once; every later iteration matrix numeric only
      expect(rodas.stats.factorizations).toBe(1);
      expect(rodas.stats.refactorizations).toBe(rodas.stats.steps + rodas.stats.rejectedSteps - 1);
      // J once per accepted state: rejected attempts refactorise with the same J
      expect(rodas.stats.jacobianEvaluations).toBe(rodas.stats.steps);
      // TR-BDF2 (order 2): modified Newton keeps J over many steps; its global error is a larger multiple of rtol
      const tr = simulate(model, { ...opts, solver: 'trbdf2', rtol: 1e-6, atol: 1e-9 });
      const e2 = maxError(tr, ref);
      console.log(`diode ladder N = ${N}: error / (rtol·peak) Rodas ${(err / (1e-6 * peak)).toFixed(2)}, TR-BDF2 ${(e2.err / (1e-6 * e2.peak)).toFixed(2)}; Rodas ${rodas.stats.steps} steps, TR-BDF2 ${tr.stats.steps} steps and ${tr.stats.jacobianEvaluations} Jacobians`);
      expect(e2.err).toBeLessThanOrEqual(30 * 1e-6 * e2.peak);
      expect(tr.stats.factorizations).toBe(1);
      expect(tr.stats.jacobianEvaluations).toBeLessThan(tr.stats.steps / 10);
    }, SLOW);
  }

  it('small and soft (N = 5, R = 1 kΩ, C = 1 µF, 20 ms): Rodas and TR-BDF2 against a classical RK4 written here', () => {
    const p = { R: 1000, C: 1e-6, Is: 1e-12, Vt: 0.025852 };
    const N = 5;
    const span = 20e-3;
    const model = diodeLadder(N, p);
    const times = Array.from({ length: 41 }, (_, k) => (span * k) / 40);
    const u = new Float64Array(1);
    const du = new Float64Array(1);
    const ref = rk4Samples((t, y, out) => {
      u[0] = 5 * Math.min(1, t / span);
      model.f(t, y, u, du, out);
    }, new Float64Array(N), times, 400);
    for (const solver of ['stiff', 'trbdf2'] as const) {
      const rtol = solver === 'stiff' ? 1e-8 : 1e-7;
      const r = simulate(model, { tEnd: span, inputs: { Vs: ramp(5, span) }, samples: 41, solver, rtol, atol: 1e-10, record: ['v0', 'v2', 'v4'] });
      let err = 0;
      times.forEach((_, k) => [0, 2, 4].forEach((s, c) => (err = Math.max(err, Math.abs(r.columns[c + 1][k] - ref[k][s])))));
      expect(err, solver).toBeLessThanOrEqual(30 * rtol * 0.75);
    }
  }, SLOW);

  it('a Jacobian whose pattern arrays are allocated anew on every call: the same run, still one factorisation', () => {
    const model = diodeLadder(200);
    const fresh: NonlinearModel = {
      ...model,
      jacobian(t, x, u, du) {
        const j = model.jacobian!(t, x, u, du) as CsrMatrix;
        return new CsrMatrix(j.rows, j.cols, Int32Array.from(j.rowPtr), Int32Array.from(j.colIdx), j.values);
      },
    };
    const opts = { tEnd: SPAN, inputs: { Vs: ramp(5, SPAN) }, samples: 11, solver: 'stiff' as const };
    const a = simulate(model, opts);
    const b = simulate(fresh, opts);
    expect(b.columns).toEqual(a.columns);
    expect(b.stats).toEqual(a.stats);
    expect(b.stats.factorizations).toBe(1);
  });

  it('auto picks the stiff solver for N = 1000 (a large nonlinear model with a sparse Jacobian) and quotes the Gershgorin bound', () => {
    const r = simulate(diodeLadder(1000), { tEnd: SPAN, inputs: { Vs: ramp(5, SPAN) }, samples: 5 });
    expect(r.solver).toBe('stiff');
    expect(r.solverReason).toMatch(/Gershgorin/);
    expect(r.solverReason).toMatch(/1000 states/);
  }, SLOW);

  it('N = 1000 without a Jacobian of its own: the pattern found by differences once, then coloured differences (3 evaluations of f each)', () => {
    const N = 1000;
    const opts = { tEnd: SPAN, inputs: { Vs: ramp(5, SPAN) }, samples: 21, solver: 'stiff' as const, rtol: 1e-6, atol: 1e-9 };
    const withJ = simulate(diodeLadder(N), opts);
    const noJ = simulate(diodeLadder(N, undefined, false), opts);
    const { err, peak } = maxError(noJ, withJ);
    expect(err).toBeLessThanOrEqual(10 * 1e-6 * peak);
    expect(noJ.notes.join(' ')).toMatch(/no Jacobian.*column colouring/);
    // Rodas: 8 evaluations per attempt (6 stages, ∂f/∂t by a difference), 1 per accepted step (y' at t + h), 3 to
    // start (y'(0), the initial step); J by differences: f and N columns the first time, f and 3 colours afterwards
    const s = noJ.stats;
    const attempts = s.steps + s.rejectedSteps;
    expect(s.functionEvaluations).toBeLessThanOrEqual(8 * attempts + s.steps + 3 + (N + 1) + 4 * (s.jacobianEvaluations - 1));
    expect(s.factorizations).toBeLessThanOrEqual(2);
  }, SLOW);
});

describe('time per run (printed, not asserted; see the README)', () => {
  it('diode-clamped RC ladder, N = 10^3 and 10^4, 0–20 µs, rtol 1e-6, in-process', () => {
    for (const N of [1000, 10000]) {
      const model = diodeLadder(N);
      // TR-BDF2 with error per unit step takes ≈ 7 000 steps here (2.5 s CPU at N = 10^3): not repeated at 10^4
      for (const solver of N === 1000 ? (['stiff', 'trbdf2'] as const) : (['stiff'] as const)) {
        const opts = { tEnd: SPAN, inputs: { Vs: ramp(5, SPAN) }, samples: 101, solver, rtol: 1e-6, atol: 1e-9, record: ['v0', `v${N / 2}`] };
        simulate(model, opts); // warm-up
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const r = simulate(model, opts);
        const ms = performance.now() - t0;
        const cpu = process.cpuUsage(c0);
        const s = r.stats;
        console.log(`diode ladder N = ${N}, ${solver}: ${ms.toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU; ${s.steps} steps, ${s.rejectedSteps} rejected, ${s.jacobianEvaluations} Jacobians, ${s.factorizations} factorisations, ${s.refactorizations} refactorisations, ${s.solves} solves, ${s.functionEvaluations} f`);
        expect(r.columns[1].length).toBe(101);
      }
    }
  }, SLOW);
});

describe('chain of masses joined by hardening springs and dampers (hand-written, banded CSR Jacobian)', () => {
  it('the hand-written Jacobian equals central differences of f', () => {
    const N = 6;
    const x = Float64Array.from({ length: 2 * N }, (_, j) => 0.05 * Math.sin(j + 1));
    expectJacobianMatches(springChain(N), x, Float64Array.of(3));
  });

  it('20 masses, F = step(1000): Rodas at rtol 1e-8 against a classical RK4 written here', () => {
    const N = 20;
    const model = springChain(N);
    const times = Array.from({ length: 21 }, (_, k) => k * 0.05);
    const u = Float64Array.of(1000);
    const du = new Float64Array(1);
    const ref = rk4Samples((t, y, out) => model.f(t, y, u, du, out), new Float64Array(2 * N), times, 500);
    const r = simulate(model, { tEnd: 1, inputs: { F: step(1000) }, samples: 21, solver: 'stiff', rtol: 1e-8, atol: 1e-10 });
    let err = 0;
    let peak = 0;
    for (let k = 0; k < times.length; k++) {
      for (let s = 0; s < 2 * N; s++) {
        err = Math.max(err, Math.abs(r.columns[s + 1][k] - ref[k][s]));
        peak = Math.max(peak, Math.abs(ref[k][s]));
      }
    }
    // the hardening matters: somewhere k3 d³ is a sizeable part of k d (d > 0.045: k3 d² > 0.2 k)
    let dMax = 0;
    for (const y of ref) for (let i = 1; i < N; i++) dMax = Math.max(dMax, Math.abs(y[2 * i] - y[2 * i - 2]));
    expect((1e6 * dMax ** 2) / 1e4).toBeGreaterThan(0.2);
    console.log(`spring chain 20 masses against RK4: error / (rtol·peak) ${(err / (1e-8 * peak)).toFixed(2)}`);
    expect(err).toBeLessThanOrEqual(10 * 1e-8 * peak);
  }, SLOW);

  it('250 masses (500 states): Rodas at rtol 1e-6 within 10·rtol·peak of Rodas at rtol 1e-11; each iteration matrix factorised once', () => {
    const model = springChain(250);
    const opts = { tEnd: 0.25, inputs: { F: step(1000) }, samples: 26, record: ['x0', 'x125', 'x249', 'v249'] };
    const ref = simulate(model, { ...opts, solver: 'stiff', rtol: 1e-11, atol: 1e-14 });
    const r = simulate(model, { ...opts, solver: 'stiff', rtol: 1e-6, atol: 1e-9 });
    const { err, peak } = maxError(r, ref);
    console.log(`spring chain 500 states: error / (rtol·peak) ${(err / (1e-6 * peak)).toFixed(2)}`);
    expect(err).toBeLessThanOrEqual(10 * 1e-6 * peak);
    // c·s'(d)/m outgrows the diagonal as h grows: some refactorisations fail the pivot test and factorise afresh
    const { factorizations, refactorizations, steps, rejectedSteps } = r.stats;
    console.log(`spring chain 500 states: ${steps} steps, ${rejectedSteps} rejected, ${factorizations} factorisations, ${refactorizations} refactorisations`);
    expect(factorizations + refactorizations).toBe(steps + rejectedSteps);
    expect(refactorizations).toBeGreaterThan(0);
  }, SLOW);
});

/** A tank of area A drained by an orifice, q_out = Cd sqrt(h), fed by q_in: A h' = q_in − Cd sqrt(h). */
function tank(A: number, Cd: number, symmetric: boolean): NonlinearModel {
  const law = (h: number) => (symmetric ? Math.sign(h) * Math.sqrt(Math.abs(h)) : Math.sqrt(h));
  return {
    kind: 'nonlinear',
    stateNames: ['h'],
    inputNames: ['q'],
    outputNames: [],
    f: (_t, x, u, _du, out) => void (out[0] = (u[0] - Cd * law(x[0])) / A),
    g: () => {},
    jacobian(_t, x) {
      // d sqrt(h)/dh = 1/(2 sqrt h): infinite at h = 0, where the formulation raises 'bad-law'
      const d = 1 / (2 * Math.sqrt(Math.abs(x[0])));
      if (!Number.isFinite(d)) throw new SysgraphError('bad-law', 'the law of orifice is not differentiable where a Jacobian is requested', { element: 'orifice', field: 'law' });
      return [[(-Cd * d) / A]];
    },
  };
}

describe('laws not differentiable somewhere: one-sided differences, dopri5, or a typed error naming the state', () => {
  for (const symmetric of [false, true]) {
    it(`tank from empty with an inflow, orifice ${symmetric ? 'sign(h)·sqrt(|h|)' : 'sqrt(h)'}: every stiff path against RK4`, () => {
      const A = 2;
      const Cd = 0.5;
      const q = 1;
      const model = tank(A, Cd, symmetric);
      const times = Array.from({ length: 21 }, (_, k) => k * 0.5);
      const ref = rk4Samples((_t, y, out) => void (out[0] = (q - Cd * Math.sqrt(Math.max(0, y[0]))) / A), new Float64Array(1), times, 20000);
      for (const solver of ['stiff', 'trbdf2', 'auto'] as const) {
        const r = simulate(model, { tEnd: 10, inputs: { q: constant(q) }, samples: 21, solver, rtol: 1e-8, atol: 1e-10 });
        for (let k = 0; k < times.length; k++) expect(Math.abs(r.columns[1][k] - ref[k][0]), `${solver} at t = ${times[k]}`).toBeLessThan(1e-5);
        if (r.solver !== 'dopri5') expect(r.notes.join(' '), solver).toMatch(/not differentiable.*one-sided differences/);
      }
    }, SLOW);
  }

  it('tank draining from h0 = 1 without inflow: sqrt(h) = 1 − Cd t/(2A) (closed form) until it nears empty', () => {
    const A = 2;
    const Cd = 0.5;
    const tEmpty = (2 * A) / Cd; // 8 s
    const r = simulate(tank(A, Cd, false), { tEnd: 0.9 * tEmpty, initial: { h: 1 }, samples: 19, solver: 'stiff', rtol: 1e-9, atol: 1e-12 });
    r.columns[0].forEach((t, k) => expect(Math.abs(r.columns[1][k] - (1 - (Cd * t) / (2 * A)) ** 2)).toBeLessThan(1e-7));
  });

  /** x0' = λ (x0 − cos t) and a law finite at x1 = 0 only, x1' = sqrt(x1) − sqrt(−x1) (0 there): no difference in x1. */
  const pointLaw = (n: number, lambda: number, gate: number): NonlinearModel => ({
    kind: 'nonlinear',
    stateNames: Array.from({ length: n }, (_, i) => `x${i}`),
    inputNames: [],
    outputNames: [],
    f(t, x, _u, _du, out) {
      for (let i = 0; i < n - 1; i++) out[i] = lambda * (x[i] - Math.cos(t));
      out[n - 1] = Math.sqrt(x[n - 1]) - Math.sqrt(-x[n - 1]);
    },
    g: () => {},
    jacobian(t) {
      if (t >= gate) throw new SysgraphError('bad-law', 'the law of gate is not differentiable where a Jacobian is requested', { element: 'gate', field: 'law' });
      const rowPtr = Int32Array.from({ length: n + 1 }, (_, i) => i);
      const values = new Float64Array(n).fill(lambda);
      values[n - 1] = 0;
      return new CsrMatrix(n, n, rowPtr, Int32Array.from({ length: n }, (_, i) => i), values);
    },
  });
  /** x' = λ (x − cos t), x(0) = 1: x = a cos t + b sin t + (1 − a) e^{λt}, a = λ²/(λ² + 1), b = −λ/(λ² + 1). */
  const exact = (lambda: number, t: number) => {
    const a = (lambda * lambda) / (lambda * lambda + 1);
    const b = -lambda / (lambda * lambda + 1);
    return a * Math.cos(t) + b * Math.sin(t) + (1 - a) * Math.exp(lambda * t);
  };
  const cosineError = (r: SimulationResult, n: number) => {
    let err = 0;
    r.columns[0].forEach((t, k) => {
      for (let i = 0; i < n - 1; i++) err = Math.max(err, Math.abs(r.columns[i + 1][k] - exact(-1e4, t)));
      err = Math.max(err, Math.abs(r.columns[n][k]));
    });
    return err;
  };

  it('no one-sided difference either: the requested stiff solver reports the state (typed), never an internal error', () => {
    const model = pointLaw(2, -1e4, 0);
    for (const solver of ['stiff', 'trbdf2'] as const) {
      let thrown: unknown;
      try {
        simulate(model, { tEnd: 1, initial: { x0: 1 }, solver });
      } catch (e) {
        thrown = e;
      }
      expect(isSysgraphError(thrown), solver).toBe(true);
      const e = thrown as SysgraphError;
      expect(e.code).toBe('solver-failure');
      expect(e.element).toBe('x1');
      expect(e.field).toBe('jacobian');
      expect(e.message).toMatch(/not differentiable/);
    }
  });

  it('no one-sided difference either: auto says so and uses dopri5 (small model: from the start)', () => {
    const r = simulate(pointLaw(2, -1e4, 0), { tEnd: 1, initial: { x0: 1 }, samples: 11, rtol: 1e-8, atol: 1e-10 });
    expect(r.solver).toBe('dopri5');
    expect(r.solverReason).toMatch(/not finite on either side/);
    expect(cosineError(r, 2)).toBeLessThan(1e-6);
  });

  it('no one-sided difference from t = 0.5 on: auto switches the stiff solver to dopri5 mid-run and says where', () => {
    const n = 60;
    const initial = Object.fromEntries(Array.from({ length: n - 1 }, (_, i) => [`x${i}`, 1]));
    const r = simulate(pointLaw(n, -1e4, 0.5), { tEnd: 1, initial, samples: 11, rtol: 1e-8, atol: 1e-10 });
    expect(r.solver).toBe('dopri5');
    expect(r.solverReason).toMatch(/^nonlinear model with 60 states.*Gershgorin/);
    expect(r.notes.join(' ')).toMatch(/switched from stiff to dopri5 \(needs no Jacobian\) at t = 0\.[45]/);
    expect(cosineError(r, n)).toBeLessThan(1e-6);
    expect(r.columns[0][10]).toBe(1);
  });
});
