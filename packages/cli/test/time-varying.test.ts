/**
 * The command line on descriptions with values in t (examples/time-varying; formulation.md section 11): the
 * symbolic A(t), B(t) and the numbers at --time T against the hand-written equations of the examples
 * (examples/time-varying/README.md), the simulation against an RK4 integration of those equations, both forms
 * compared, and the typed errors of options that make no sense for a time-varying model.
 *   RLC with C(t) = C0 (1 + a sin(w t)):   q' = i,  L i' = V − R i − q / C(t);   C(t) v' = i − C'(t) v
 *   R(t), L(t):  L(t) i' = V − R(t) i − L'(t) i − v_C,  C v_C' = i
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { all, create } from 'mathjs';
import { createTimeMath } from '@sysgraph/formulation';
import { loadSystem } from '../src/load-system';
import { statespaceReport } from '../src/commands/statespace';
import { runSimulation } from '../src/commands/simulate';
import { runCompare } from '../src/commands/compare-command';
import { analyzeReport } from '../src/commands/analyze';
import { rk4, thrown } from './support/hand';
import { sysgraph } from './support/command';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = (args: string[]) => sysgraph(args);
const tvExample = (name: string) => loadSystem(join(root, 'examples/time-varying', `${name}.json`)).desc;
const math = create(all);
const time = createTimeMath(); // one per process, passed to every command

// rlc-time-varying-capacitor: R = 1, L = 0.5, C0 = 0.2, a = 0.5, w = 3, V = 1
const RLC = { R: 1, L: 0.5, C0: 0.2, a: 0.5, w: 3 };
const Ct = (t: number) => RLC.C0 * (1 + RLC.a * Math.sin(RLC.w * t));
const dCt = (t: number) => RLC.C0 * RLC.a * RLC.w * Math.cos(RLC.w * t);
// switched-resistor-rl: R0 = 0.5, w = 2, L0 = 0.4, b = 1, C = 0.1
const SW = { R0: 0.5, w: 2, L0: 0.4, b: 1, C: 0.1 };
const Rt = (t: number) => SW.R0 * (2 + Math.sin(SW.w * t));
const Lt = (t: number) => SW.L0 * (1 + (SW.b * t) / (1 + t));
const dLt = (t: number) => (SW.L0 * SW.b) / (1 + t) ** 2;

const close = (a: number, b: number, rel = 1e-12) => expect(Math.abs(a - b)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(b)));

describe('sysgraph statespace on a time-varying description', () => {
  const rlc = tvExample('rlc-time-varying-capacitor');

  it('prints A(t), B(t) with a symbol per varying value: the charge form q\' = i, λ\' = V − R i − q / C(t) at random points', () => {
    const json = JSON.parse(statespaceReport(rlc, 'json', { math: time }));
    expect(json.kind).toBe('time-varying');
    expect(json.form).toBe('charge-flux');
    expect(json.states).toEqual(['q_C1', 'lambda_L1']);
    expect(json.physicalStates).toEqual(['v_C1', 'i_L1']);
    expect(json.timeVarying.map((v: { element: string }) => v.element)).toEqual(['C1']);
    const value = json.symbols.find((s: { meaning: string }) => s.meaning === 'value').name;
    fc.assert(
      fc.property(fc.double({ min: 0, max: 20, noNaN: true }), fc.double({ min: 0.2, max: 5, noNaN: true }), fc.double({ min: 0.1, max: 2, noNaN: true }), (t, R, L) => {
        const scope = { R, L, [value]: Ct(t) };
        // s = [q, λ], i = λ / L:  q' = λ / L,  λ' = V − R λ / L − q / C(t)
        const A = json.A.map((row: string[]) => row.map((e) => Number(math.evaluate(e, scope))));
        const B = json.B.map((row: string[]) => row.map((e) => Number(math.evaluate(e, scope))));
        [[0, 1 / L], [-1 / Ct(t), -R / L]].forEach((row, i) => row.forEach((v, j) => close(A[i][j], v)));
        [[0], [1]].forEach((row, i) => row.forEach((v, j) => close(B[i][j], v)));
      }),
      { seed: 61, numRuns: 30 },
    );
    const text = statespaceReport(rlc, 'text', { math: time });
    expect(text).toMatch(/A\(t\)/);
    expect(text).toMatch(/C1\.value = /);
    const latex = statespaceReport(rlc, 'latex', { math: time, form: 'across-through' });
    expect(latex).toMatch(/A\(t\) = \\begin\{bmatrix\}/);
    expect(latex).toMatch(/\\frac\{d\}\{dt\}/);
  });

  it('--time T: A(T), B(T) of both forms and both storage laws against the hand-written equations', () => {
    for (const T of [0, 0.37, 2.5]) {
      const at = (form: 'charge-flux' | 'across-through', storageLaw: 'conservative' | 'non-conservative') => JSON.parse(statespaceReport(rlc, 'json', { math: time, time: T, form, storageLaw })).at;
      const { R, L } = RLC;
      // C(t) v' = i − C'(t) v (conservative) or C(t) v' = i (non-conservative);  L i' = V − R i − v
      const across = at('across-through', 'conservative');
      [[-dCt(T) / Ct(T), 1 / Ct(T)], [-1 / L, -R / L]].forEach((row, i) => row.forEach((v, j) => close(across.A[i][j], v)));
      [[0], [1 / L]].forEach((row, i) => row.forEach((v, j) => close(across.B[i][j], v)));
      const plain = at('across-through', 'non-conservative');
      [[0, 1 / Ct(T)], [-1 / L, -R / L]].forEach((row, i) => row.forEach((v, j) => close(plain.A[i][j], v)));
      const charge = at('charge-flux', 'conservative');
      [[0, 1 / L], [-1 / Ct(T), -R / L]].forEach((row, i) => row.forEach((v, j) => close(charge.A[i][j], v)));
      // outputs v_cap = q / C(t), i_cap = i_inductor = λ / L
      [[1 / Ct(T), 0], [0, 1 / L], [0, 1 / L]].forEach((row, i) => row.forEach((v, j) => close(charge.C[i][j], v)));
      // i = C v' + C' v = q' (non-conservative q' = i + C' v): p' = (A0 + E') x  →  q' row gains C'(t) v = C'(t) q / C(t)
      const chargePlain = at('charge-flux', 'non-conservative');
      [[dCt(T) / Ct(T), 1 / L], [-1 / Ct(T), -R / L]].forEach((row, i) => row.forEach((v, j) => close(chargePlain.A[i][j], v)));
    }
    // R(t) and L(t): L(t) i' = V − R(t) i − L'(t) i − v_C
    const sw = tvExample('switched-resistor-rl');
    const T = 1.3;
    const A = JSON.parse(statespaceReport(sw, 'json', { math: time, time: T, form: 'across-through' })).at.A;
    [[0, 1 / SW.C], [-1 / Lt(T), -(Rt(T) + dLt(T)) / Lt(T)]].forEach((row, i) => row.forEach((v, j) => close(A[i][j], v)));
    // MATLAB and Python take the model at --time T
    expect(statespaceReport(sw, 'matlab', { math: time, time: T })).toMatch(/A = \[/);
  });

  it('refuses options that make no sense for a time-varying model, naming the option', () => {
    expect(thrown(() => statespaceReport(rlc, 'text', { math: time, formulation: 'masd' }))).toMatchObject({ code: 'unsupported', field: '--formulation' });
    expect(thrown(() => statespaceReport(rlc, 'text', { math: time, stateChoice: 'b2' }))).toMatchObject({ code: 'unsupported', field: '--state-choice' });
    expect(thrown(() => statespaceReport(rlc, 'text', { math: time, linearise: true }))).toMatchObject({ code: 'unsupported', field: '--linearise' });
    expect(thrown(() => statespaceReport(rlc, 'matlab', { math: time }))).toMatchObject({ code: 'unsupported', field: '--format' });
    expect(thrown(() => statespaceReport(rlc, 'text', { math: time, guess: ['v_C1=1'] }))).toMatchObject({ code: 'bad-option', field: '--guess' });
    const linear = loadSystem('rlc-series').desc;
    expect(thrown(() => statespaceReport(linear, 'text', { form: 'across-through' }))).toMatchObject({ code: 'bad-option', field: '--tv-form' });
    expect(thrown(() => runSimulation(linear, { storageLaw: 'non-conservative' }))).toMatchObject({ code: 'bad-option', field: '--storage-law' });
    expect(thrown(() => analyzeReport(rlc))).toMatchObject({ code: 'unsupported', element: 'C1', field: 'value' });
    expect(thrown(() => runCompare(rlc, { b1VsB2: true }))).toMatchObject({ code: 'unsupported', field: '--b1-vs-b2', elements: ['C1'] });
    expect(thrown(() => runCompare(rlc, { linearVsNonlinear: true }))).toMatchObject({ code: 'unsupported', field: '--linear-vs-nonlinear' });
    expect(thrown(() => runSimulation(rlc, { math: time, initial: ['v_C1=1', 'q_C1=0.2'] }))).toMatchObject({ code: 'bad-option', field: '--initial' });
    expect(thrown(() => runSimulation(rlc, { math: time, initial: ['v_C9=1'] }))).toMatchObject({ code: 'bad-option', field: '--initial', element: 'v_C9' });
  });
});

describe('sysgraph simulate and compare on a time-varying description', () => {
  const rlc = tvExample('rlc-time-varying-capacitor');
  const { R, L } = RLC;
  // the charge form by hand: q' = i, i' = (V − R i − q / C(t)) / L, V = 1
  const hand = (t: number, [q, i]: number[]) => [i, (1 - R * i - q / Ct(t)) / L];

  it('integrates the charge-flux model from a physical initial voltage, as RK4 of the hand-written charge form', () => {
    const notes: string[] = [];
    const run = runSimulation(rlc, { math: time, tEnd: 4, samples: 41, rtol: 1e-10, atol: 1e-12, initial: ['v_C1=0.5'], note: (l) => notes.push(l) });
    const tr = run.result;
    expect(tr.names.slice(1, 3)).toEqual(['q_C1', 'lambda_L1']);
    // v_C1 = 0.5 at t = 0 → q = C(0)·0.5
    expect(tr.columns[1][0]).toBeCloseTo(Ct(0) * 0.5, 14);
    expect(notes.some((l) => /q_C1 = 0\.1/.test(l))).toBe(true);
    const end = rk4(hand, [Ct(0) * 0.5, 0], 4, 40000);
    const last = tr.columns[0].length - 1;
    close(tr.columns[1][last], end[0], 1e-7);
    // the physical states are outputs of the charge-flux trace: v = q / C(t), i
    close(tr.columns[tr.names.indexOf('v_C1')][last], end[0] / Ct(4), 1e-7);
    close(tr.columns[tr.names.indexOf('i_L1')][last], end[1], 1e-7);
    expect(tr.units[tr.names.indexOf('v_C1')]).toBe('V');
    // the across-through form from the same state: the same capacitor voltage
    const across = runSimulation(rlc, { math: time, tEnd: 4, samples: 41, rtol: 1e-10, atol: 1e-12, initial: ['v_C1=0.5'], form: 'across-through' }).result;
    expect(across.names.slice(1, 3)).toEqual(['v_C1', 'i_L1']);
    close(across.columns[1][last], end[0] / Ct(4), 1e-7);
  });

  it('compare: both forms simulated, the physical states and outputs agree, and --plot overlays them', () => {
    const r = runCompare(rlc, { plot: true, tEnd: 6, format: 'json' });
    const json = JSON.parse(r.report);
    expect(json.comparison).toBe('charge-flux-vs-across-through');
    const names = json.simulation.differences.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(['v_cap', 'i_cap', 'i_inductor', 'v_C1', 'i_L1']));
    for (const d of json.simulation.differences) expect(d.maxDifference).toBeLessThan(1e-6 * Math.max(1, d.scale));
    expect(r.plot).toMatch(/^<!doctype html>/);
    expect(r.plot).toContain('v_C1 [V] (charge-flux)');
    expect(r.plot).toContain('v_C1 [V] (across-through)');
  });

  it('the command itself: exit 0 with --time, the examples listed, a typed error for --formulation masd', () => {
    const ok = cli(['statespace', 'time-varying/rlc-time-varying-capacitor', '--time', '1', '--tv-form', 'across-through']);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/A\(1\)/);
    expect(cli(['examples']).stdout).toMatch(/time-varying\/switched-resistor-rl/);
    const bad = cli(['statespace', 'time-varying/rlc-time-varying-capacitor', '--formulation', 'masd']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/\[unsupported\] --formulation/);
  });
});
