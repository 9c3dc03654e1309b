/** simulate(): option validation, inputs and initial values, trace export, auto selection, nonlinear models. */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { formatTrace, simulate, step, traceToCsv, traceToJson } from '../src/index';
import type { LinearModel, NonlinearModel, SimulateOptions } from '../src/index';
import { capLoopSource, seriesRlc, stiffDecay } from './fixtures/models';

function codeOf(f: () => unknown): SysgraphError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SysgraphError);
    return e as SysgraphError;
  }
  throw new Error('expected a SysgraphError');
}

describe('options are validated with typed errors', () => {
  const model = seriesRlc(1, 1, 1);
  it.each<[string, Partial<SimulateOptions>, string]>([
    ['negative tEnd', { tEnd: -1 }, 'tEnd'],
    ['tEnd before tStart', { tEnd: 1, tStart: 2 }, 'tEnd'],
    ['NaN tEnd', { tEnd: NaN }, 'tEnd'],
    ['samples < 2', { tEnd: 1, samples: 1 }, 'samples'],
    ['fractional samples', { tEnd: 1, samples: 2.5 }, 'samples'],
    ['unknown solver', { tEnd: 1, solver: 'leapfrog' as never }, 'solver'],
    ['rtol ≤ 0', { tEnd: 1, rtol: 0 }, 'rtol'],
    ['atol ≤ 0', { tEnd: 1, atol: -1 }, 'atol'],
    ['dt ≤ 0', { tEnd: 1, dt: 0 }, 'dt'],
    ['bad hold', { tEnd: 1, hold: 'zero' as never }, 'hold'],
  ])('%s', (_label, options, field) => {
    const e = codeOf(() => simulate(model, options as SimulateOptions));
    expect(e.code).toBe('bad-option');
    expect(e.field).toBe(field);
  });

  it('unknown input and state names are named', () => {
    const e1 = codeOf(() => simulate(model, { tEnd: 1, inputs: { Vx: 'step(1)' } }));
    expect([e1.code, e1.element, e1.field]).toEqual(['bad-option', 'Vx', 'inputs']);
    const e2 = codeOf(() => simulate(model, { tEnd: 1, initial: { q: 1 } }));
    expect([e2.code, e2.element, e2.field]).toEqual(['bad-option', 'q', 'initial']);
    const e3 = codeOf(() => simulate(model, { tEnd: 1, inputs: { Vs: 'evaluate("1")' } }));
    expect([e3.code, e3.element]).toEqual(['bad-signal', 'Vs']);
    const e4 = codeOf(() => simulate(model, { tEnd: 1, record: ['nope'] }));
    expect([e4.code, e4.element]).toEqual(['bad-option', 'nope']);
  });

  it('wrong matrix shapes are rejected at the boundary', () => {
    const e = codeOf(() => simulate({ ...model, B: [[1, 2]] }, { tEnd: 1 }));
    expect([e.code, e.field]).toEqual(['bad-option', 'B']);
  });

  it('the step budget ends a run with solver-failure, not a hang', () => {
    const e = codeOf(() => simulate(stiffDecay(), { tEnd: 10, solver: 'dopri5', initial: { x1: 1, x2: 1, x3: 1 }, maxSteps: 1000 }));
    expect(e.code).toBe('solver-failure');
  });
});

describe('inputs, initial values and the trace', () => {
  it('missing inputs are 0; initial sets the physical state; x̃(0) = x(0) − Bd u(0)', () => {
    const zero = simulate(seriesRlc(1, 1, 1), { tEnd: 1, samples: 3, solver: 'exact' });
    expect(Array.from(zero.columns[1])).toEqual([0, 0, 0]);
    // cap loop: x(0) = 1 with u(0) = 1 held constant: x̃ = 1/3 → x̃' = −x̃/3 + 1/9 = 0, so x stays 1
    const held = simulate(capLoopSource(), { tEnd: 2, samples: 3, inputs: { Vs: '1' }, initial: { v_Ca: 1 }, solver: 'dopri5' });
    for (const v of held.columns[1]) expect(v).toBeCloseTo(1, 12);
  });

  it('initial values of every state by name land on their states (x_k(t) = x_k(0) e^{−a_k t}, decoupled)', () => {
    const n = 300;
    const rate = (k: number) => 1 + k / 100;
    const A = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? -rate(i) : 0)));
    const names = Array.from({ length: n }, (_, k) => `x${k}`);
    const model: LinearModel = { kind: 'linear', stateNames: names, inputNames: [], outputNames: [], A, B: names.map(() => []), C: [], D: [] };
    // given in reverse order, each value its own
    const initial = Object.fromEntries(names.map((name, k) => [name, k - 150.5] as const).reverse());
    const r = simulate(model, { tEnd: 1, samples: 2, initial, solver: 'exact' });
    for (let k = 0; k < n; k++) {
      expect(r.columns[1 + k][0]).toBe(k - 150.5);
      expect(r.columns[1 + k][1]).toBeCloseTo((k - 150.5) * Math.exp(-rate(k)), 10);
    }
  });

  it('the trace is columnar with names and units, and accepts Signal objects', () => {
    const r = simulate(seriesRlc(1, 1, 1), { tEnd: 1, samples: 5, inputs: { Vs: step(1) } });
    expect(r.names).toEqual(['t', 'v_C', 'i_L', 'i']);
    expect(r.units).toEqual(['s', 'V', 'A', 'A']);
    expect(r.columns.every((c) => c instanceof Float64Array && c.length === 5)).toBe(true);
    expect(r.solver).toBe('exact');
  });

  it('CSV keeps full precision; JSON has plain arrays', () => {
    const trace = { names: ['t', 'x'], units: ['s', 'V'], columns: [Float64Array.of(0, 0.1), Float64Array.of(1 / 3, Math.PI)] };
    expect(traceToCsv(trace)).toBe('t,x\n0,0.3333333333333333\n0.1,3.141592653589793\n');
    expect(traceToJson(trace)).toEqual({ names: ['t', 'x'], units: ['s', 'V'], columns: [[0, 0.1], [1 / 3, Math.PI]] });
    const back = traceToCsv(trace).trim().split('\n').slice(1).map((l) => l.split(',').map(Number));
    expect(back[1][1]).toBe(Math.PI);
  });

  it('formatTrace prints a short table', () => {
    const trace = { names: ['t', 'x'], units: ['s', ''], columns: [Float64Array.of(0, 0.5, 1), Float64Array.of(1, 2, 3)] };
    expect(formatTrace(trace)).toBe(['   t [s]        x', ' 0.00000  1.00000', '0.500000  2.00000', ' 1.00000  3.00000'].join('\n'));
  });

  it('onProgress reports increasing fractions ending at 1', () => {
    const seen: number[] = [];
    simulate(seriesRlc(1, 1, 1), { tEnd: 5, inputs: { Vs: 'step(1)' }, solver: 'dopri5', onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.length).toBeLessThanOrEqual(102);
    for (let k = 1; k < seen.length; k++) expect(seen[k]).toBeGreaterThan(seen[k - 1]);
    expect(seen[seen.length - 1]).toBe(1);
  });
});

describe('auto solver selection', () => {
  it('small LTI → exact', () => {
    const r = simulate(seriesRlc(1, 1, 1), { tEnd: 1 });
    expect(r.solver).toBe('exact');
    expect(r.solverReason).toMatch(/linear time-invariant/);
  });

  const logistic: NonlinearModel = {
    kind: 'nonlinear',
    stateNames: ['x'],
    inputNames: [],
    outputNames: ['x2'],
    f: (_t, x, _u, _du, dx) => {
      dx[0] = x[0] * (1 - x[0]);
    },
    g: (_t, x, _u, _du, y) => {
      y[0] = x[0] * x[0];
    },
  };

  it('nonstiff nonlinear → dopri5; logistic growth matches 1/(1 + (1/x0 − 1)e^{−t})', () => {
    const r = simulate(logistic, { tEnd: 8, initial: { x: 0.1 }, samples: 17, rtol: 1e-10, atol: 1e-12 });
    expect(r.solver).toBe('dopri5');
    for (let k = 0; k < 17; k++) {
      const t = r.columns[0][k];
      const exact = 1 / (1 + 9 * Math.exp(-t));
      expect(r.columns[1][k]).toBeCloseTo(exact, 9);
      expect(r.columns[2][k]).toBeCloseTo(exact * exact, 9);
    }
  });

  it.each(['stiff', 'trbdf2', 'auto'] as const)(
    'stiff nonlinear (Prothero–Robinson, λ = −1e6) with %s: x = cos t + (x0 − 1) e^{λt}',
    (solver) => {
      // x' = λ(x − cos t) − sin t, x(0) = 2
      const pr: NonlinearModel = {
        kind: 'nonlinear',
        stateNames: ['x'],
        inputNames: [],
        outputNames: [],
        f: (t, x, _u, _du, dx) => {
          dx[0] = -1e6 * (x[0] - Math.cos(t)) - Math.sin(t);
        },
        g: () => {},
      };
      // TR-BDF2's Hermite dense output is not error-controlled: it is given a largest step instead
      const r = simulate(pr, { tEnd: 5, initial: { x: 2 }, samples: 11, solver, rtol: 1e-7, atol: 1e-10, dt: solver === 'trbdf2' ? 0.01 : undefined });
      if (solver === 'auto') expect(r.solver).toBe('stiff');
      for (let k = 1; k < 11; k++) expect(r.columns[1][k]).toBeCloseTo(Math.cos(r.columns[0][k]), 6);
      expect(r.stats.steps).toBeLessThan(solver === 'trbdf2' ? 3000 : 500);
    },
  );
});
