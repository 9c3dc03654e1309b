/**
 * Equation files through the engine: each gives the same model as the equivalent linear-graph description written
 * by hand from the physics (examples/equations/graphs): A, B, C, D equal after renaming when the states are the
 * same variables, else H(s) = C (sI − A)⁻¹ B + D + E s equal at several s; the nonlinear car's f equal at several
 * points and its simulation against the closed form v(t) = v∞ tanh(v∞ cd t / m).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { transferAt } from '@sysgraph/analysis';
import type { Complex } from '@sysgraph/analysis';
import { SysgraphError } from '@sysgraph/core';
import type { StateSpace } from '@sysgraph/formulation';
import { checkEquations, compile, lineariseEquations, simulate } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';

const EX = new URL('../../../examples/', import.meta.url);
const load = (path: string): CompiledModel => compile({ text: readFileSync(new URL(path, EX), 'utf8'), path });
const ss = (m: CompiledModel) => m.linear().numeric as StateSpace<number[][]>;
const POINTS: Complex[] = [{ re: 0.3, im: 0 }, { re: -0.2, im: 1.7 }, { re: 1.9, im: -4 }, { re: 0, im: 12 }, { re: 5, im: 0.5 }];
const H = (m: CompiledModel, s: Complex) => {
  const x = ss(m);
  return transferAt({ A: x.A, B: x.B, C: x.C, D: x.D, E: x.E }, s);
};
const near = (a: Complex, b: Complex) => {
  const scale = Math.max(1, Math.hypot(a.re, a.im), Math.hypot(b.re, b.im));
  expect(Math.hypot(a.re - b.re, a.im - b.im) / scale).toBeLessThan(1e-10);
};

describe('equation files give the model of their linear graph', () => {
  it('quarter car: the same states, so A, B, C, D equal entry by entry after renaming', () => {
    const e = load('equations/quarter-car.sm');
    const g = load('equations/graphs/quarter-car.json');
    expect(e.format).toBe('statemint');
    expect(e.family).toBe('equations');
    const rename: Record<string, string> = { vMB: 'v_MB', vMW: 'v_MW', fKS: 'i_KS', fKT: 'i_KT' };
    const a = ss(e);
    const b = ss(g);
    const perm = a.states.map((x) => b.states.indexOf(rename[x]));
    expect(perm.every((k) => k >= 0)).toBe(true);
    for (let i = 0; i < perm.length; i++) {
      for (let j = 0; j < perm.length; j++) expect(a.A[i][j]).toBeCloseTo(b.A[perm[i]][perm[j]], 8);
      expect(a.B[i][0]).toBeCloseTo(b.B[perm[i]][0], 8);
    }
    for (let i = 0; i < a.outputs.length; i++) {
      for (let j = 0; j < perm.length; j++) expect(a.C[i][j]).toBeCloseTo(b.C[i][perm[j]], 8);
      expect(a.D[i][0]).toBeCloseTo(b.D[i][0], 8);
    }
    for (const s of POINTS) H(e, s).forEach((row, i) => row.forEach((h, j) => near(h, H(g, s)[i][j])));
  });

  it('nonzero E: other states (FK1 against the graph\'s i_K2), the same H(s) at several s', () => {
    const e = load('equations/nonzero-e.sm');
    const g = load('equations/graphs/nonzero-e.json');
    expect(ss(e).Bd.some((row) => row.some((x) => x !== 0))).toBe(true);
    for (const s of POINTS) near(H(e, s)[0][0], H(g, s)[0][0]);
  });

  it("the tutorial's motor and pump, corrected, is examples/motor-pump.json; as listed it is not", () => {
    const g = load('motor-pump.json');
    const fixed = load('equations/motor-pump.sm');
    const listed = load('equations/tutorial-motor-pump.sm');
    const q = g.outputNames.indexOf('Q_R');
    for (const s of POINTS) near(H(fixed, s)[0][0], H(g, s)[q][0]);
    const s0 = POINTS[0];
    const diff = Math.hypot(H(listed, s0)[0][0].re - H(g, s0)[q][0].re, H(listed, s0)[0][0].im - H(g, s0)[q][0].im);
    expect(diff).toBeGreaterThan(1e-3);
  });

  it('car with quadratic drag: f of the equations equals f of the graph with a drag law, at several points', () => {
    const e = load('equations/car-drag.sm');
    const g = load('equations/graphs/car-drag.json');
    expect(g.family).toBe('laws');
    const fe = e.simulation;
    const fg = g.simulation;
    if (fe.kind !== 'nonlinear' || fg.kind !== 'nonlinear') throw new Error('expected nonlinear models');
    for (const [v, Fp, F0] of [[0, 100, 10], [12, 2000, 150], [-3, 0, 40], [40, 500, 0]]) {
      const u = (names: readonly string[]) => Float64Array.from(names.map((n) => (n === 'Fp' ? Fp : F0)));
      const a = new Float64Array(1);
      const b = new Float64Array(1);
      fe.f(0, Float64Array.of(v), u(fe.inputNames), new Float64Array(2), a);
      fg.f(0, Float64Array.of(v), u(fg.inputNames), new Float64Array(2), b);
      expect(a[0]).toBeCloseTo(b[0], 12);
      expect(a[0]).toBeCloseTo((Fp - F0 - 0.4 * v * v) / 1200, 12);
    }
  });

  it('car with quadratic drag simulated from rest: v(t) = v∞ tanh(v∞ cd t / m)', () => {
    const e = load('equations/car-drag.sm');
    const run = simulate(e, { tEnd: 40, signals: { Fp: '2000', F0: '150' }, samples: 5, rtol: 1e-9, atol: 1e-9 });
    const t = run.result.columns[0];
    const v = run.result.columns[run.result.names.indexOf('vm')];
    const vInf = Math.sqrt(1850 / 0.4);
    for (let k = 0; k < t.length; k++) expect(v[k]).toBeCloseTo(vInf * Math.tanh((vInf * 0.4 * t[k]) / 1200), 5);
  });

  it('nonzero E simulated: the equation set and the graph give the same output for a sine force', () => {
    const e = load('equations/nonzero-e.sm');
    const g = load('equations/graphs/nonzero-e.json');
    const opts = { tEnd: 3, signals: { Fs: 'sine(1, 0.7)' }, samples: 7, rtol: 1e-10, atol: 1e-12 };
    const a = simulate(e, opts).result;
    const b = simulate(g, opts).result;
    const ya = a.columns[a.names.indexOf('vB1')];
    const yb = b.columns[b.names.indexOf('vB1')];
    for (let k = 0; k < ya.length; k++) expect(ya[k]).toBeCloseTo(yb[k], 7);
  });
});

describe('equation files in the engine', () => {
  it('--param values replace the file\'s (and an unknown one is a typed error)', () => {
    const text = readFileSync(new URL('equations/nonzero-e.sm', EX), 'utf8');
    const m = compile({ text, path: 'x.sm' }, { parameters: { m: 4 } });
    expect(ss(m).A[0][0]).toBeCloseTo(-3 / 4, 12);
    expect(() => compile({ text, path: 'x.sm' }, { parameters: { q: 1 } })).toThrow(SysgraphError);
  });

  it('the reader by extension (.eqn.json before .json), by --from, and by sniffing a section header', () => {
    const json = JSON.stringify({ inputs: ['u'], states: ["x' = -2*x + u"], outputs: ['x'] });
    expect(compile({ text: json, path: 'a.eqn.json' }).family).toBe('equations');
    expect(compile({ text: json, format: 'statemint' }).family).toBe('equations');
    expect(compile("[inputs]\nu\n[states]\nx' = -x + u\n[outputs]\nx").family).toBe('equations');
  });

  it('an equation set has no linear graph: structure and description are typed errors', () => {
    const e = load('equations/quarter-car.sm');
    expect(() => e.structure).toThrow(SysgraphError);
    expect(() => e.description).toThrow(SysgraphError);
  });

  it('errors name the line in the file', () => {
    try {
      compile({ text: "[inputs]\nu\n[states]\nx' = -x + w\n[outputs]\nx", path: 'bad.sm' });
      throw new Error('expected an error');
    } catch (err) {
      expect(err).toBeInstanceOf(SysgraphError);
      expect((err as SysgraphError).path).toBe('line 4');
    }
  });
});

describe('checkEquations: a hand-written derivation against the linear graph', () => {
  it("finds the tutorial's continuity equation at the pump (Q4 = QR) and gives the graph's (Q4 = -QR)", () => {
    const r = checkEquations(load('motor-pump.json'), load('equations/tutorial-motor-pump.sm'));
    const wrong = r.equations.filter((v) => v.verdict === 'disagrees');
    expect(wrong.map((v) => v.where)).toEqual(['line 35']);
    expect(wrong[0].graph?.replace(/\s/g, '')).toBe('Q4=-QR');
    expect('agree' in r.model && r.model.agree).toBe(false);
    expect(r.agree).toBe(false);
  });

  it('the corrected set agrees, equation by equation and in its state equations', () => {
    const r = checkEquations(load('motor-pump.json'), load('equations/motor-pump.sm'));
    expect(r.equations.every((v) => v.verdict === 'agrees')).toBe(true);
    expect(r.model).toMatchObject({ measure: 'matrices', agree: true });
    expect(r.agree).toBe(true);
  });

  it('a deliberately wrong sign in the quarter car is named by its line', () => {
    const text = readFileSync(new URL('equations/quarter-car.sm', EX), 'utf8');
    const line = text.split('\n').findIndex((l) => l.startsWith('vBS = vMW - vMB')) + 1;
    const wrong = compile({ text: text.replace('vBS = vMW - vMB', 'vBS = vMB - vMW'), path: 'wrong.sm' });
    const graph = load('equations/graphs/quarter-car.json');
    const r = checkEquations(graph, wrong);
    expect(r.equations.filter((v) => v.verdict === 'disagrees').map((v) => v.where)).toEqual([`line ${line}`]);
    expect(r.agree).toBe(false);
    expect(checkEquations(graph, load('equations/quarter-car.sm')).agree).toBe(true);
  });

  it('other states (FK1 against i_K2): every equation agrees, and the state equations by poles and H(s)', () => {
    const r = checkEquations(load('equations/graphs/nonzero-e.json'), load('equations/nonzero-e.sm'));
    expect(r.equations.every((v) => v.verdict === 'agrees')).toBe(true);
    expect(r.model).toMatchObject({ measure: 'invariants', agree: true });
    // a wrong damper constant in the hand-written set: the equation and the state equations disagree
    const text = readFileSync(new URL('equations/nonzero-e.sm', EX), 'utf8').replace('vB1 = FB1/B1', 'vB1 = FB1*B1');
    const bad = checkEquations(load('equations/graphs/nonzero-e.json'), compile({ text, path: 'bad.sm' }));
    expect(bad.equations.filter((v) => v.verdict === 'disagrees').map((v) => v.defines)).toEqual(['vB1']);
    expect(bad.model).toMatchObject({ measure: 'invariants', agree: false });
  });

  it('a [graph] name that is not a branch variable of the graph is a typed error naming its line', () => {
    const text = readFileSync(new URL('equations/motor-pump.sm', EX), 'utf8').replace('QR = i_Rf', 'QR = i_pipe');
    const line = text.split('\n').findIndex((l) => l === 'QR = i_pipe') + 1;
    try {
      checkEquations(load('motor-pump.json'), compile({ text, path: 'bad.sm' }));
      throw new Error('expected an error');
    } catch (e) {
      expect(e).toBeInstanceOf(SysgraphError);
      expect((e as SysgraphError).code).toBe('bad-equation');
      expect((e as SysgraphError).path).toBe(`line ${line}`);
    }
  });

  it("a nonlinear set linearised at its equilibrium: v* = √((Fp − F0)/cd), A = −2 cd v*/m, B = [1/m, −1/m]", () => {
    const e = load('equations/car-drag.sm');
    const m = e.equations!;
    if (m.kind !== 'nonlinear') throw new Error('expected a nonlinear set');
    const lin = lineariseEquations(m, { Fp: 2000, F0: 150 }, { vm: 10 });
    const v = Math.sqrt(1850 / 0.4);
    expect(lin.x[0]).toBeCloseTo(v, 8);
    expect(lin.A[0][0]).toBeCloseTo((-2 * 0.4 * v) / 1200, 8);
    expect(lin.B[0][0]).toBeCloseTo(1 / 1200, 8);
    expect(lin.B[0][1]).toBeCloseTo(-1 / 1200, 8);
    // a net force backwards has no equilibrium with cd v² ≥ 0: a typed error
    expect(() => lineariseEquations(m, { Fp: 0, F0: 150 }, { vm: 1 })).toThrow(SysgraphError);
  });
});

describe('the end time of a nonlinear equation set (no exact Jacobian: ∂f/∂x by central differences of f)', () => {
  it("the car with drag: ∂f/∂v = −2 cd v / m, at v = 10 the time constant 150 s, T = 5 · 150; at rest no time constant, 1 s", () => {
    const car = load('equations/car-drag.sm');
    const [m, cd] = [1200, 0.4];
    expect(car.endTime(undefined, { vm: 10 }).tEnd).toBe(Number((5 / ((2 * cd * 10) / m)).toPrecision(2)));
    expect(car.endTime().tEnd).toBe(1);
    // and the simulation with the default end time runs (it stopped with an internal error before)
    const r = simulate(car, { signals: { Fp: 'step(1000)', F0: 'step(200)' }, tEnd: 50, samples: 3 });
    const v = r.result.columns[r.result.names.indexOf('vm')];
    // v(t) = v∞ tanh(t √(F cd) / m), F = 800
    expect(Math.abs(v[2] - Math.sqrt(800 / cd) * Math.tanh((50 * Math.sqrt(800 * cd)) / m))).toBeLessThan(1e-3);
    expect(simulate(car, {}).result.columns[0].at(-1)).toBe(1);
  });
});
