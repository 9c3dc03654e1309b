/**
 * The command line on descriptions with laws (examples/nonlinear): the nonlinear model printed, linearised at an
 * operating point, simulated, and compared with its linear model; b1 against b2. Expected numbers come from
 * the hand-written equations of the examples (examples/nonlinear/README.md): equilibria by a scalar Newton
 * written here, stiffnesses k + 3 k3 λ0², poles of m s² + b s + k_eff, and RK4 integrations of the equations.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { all, create } from 'mathjs';
import { loadSystem } from '../src/load-system';
import { statespaceReport } from '../src/commands/statespace';
import { runSimulation } from '../src/commands/simulate';
import { runCompare } from '../src/commands/compare-command';
import { rk4, thrown } from './support/hand';
import { sysgraph } from './support/command';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = (args: string[]) => sysgraph(args);
const nonlinear = (name: string) => loadSystem(join(root, 'examples/nonlinear', `${name}.json`)).desc;
const math = create(all);

// diode-rc: R = 1 kΩ, C = 1 µF, Is = 1e-12 A, Vt = 25 mV;  C v' = (E − v)/R − Is (exp(v/Vt) − 1)
const DIODE = { R: 1000, C: 1e-6, Is: 1e-12, Vt: 0.025 };
// hardening-spring-mass: m = 1, k = 4, k3 = 20, b = 0.4;  m v' = F − b v − (k λ + k3 λ³), λ' = v
const SPRING = { m: 1, k: 4, k3: 20, b: 0.4 };

/** The root of h on [lo, hi] by Newton from the midpoint, safeguarded by bisection. */
function scalarNewton(h: (x: number) => number, dh: (x: number) => number, lo: number, hi: number): number {
  let x = (lo + hi) / 2;
  for (let k = 0; k < 200; k++) {
    const fx = h(x);
    if (Math.abs(fx) < 1e-15) break;
    if (fx > 0) hi = x;
    else lo = x;
    let next = x - fx / dh(x);
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x))) return next;
    x = next;
  }
  return x;
}

/** The diode clamp's equilibrium: (E − v)/R = Is (exp(v/Vt) − 1); h increases with v. */
const diodeEquilibrium = (E: number) => {
  const { R, Is, Vt } = DIODE;
  return scalarNewton((v) => Is * Math.expm1(v / Vt) - (E - v) / R, (v) => (Is / Vt) * Math.exp(v / Vt) + 1 / R, 0, Math.max(E, 1));
};
/** The spring's deflection under a force F: k λ + k3 λ³ = F. */
const springDeflection = (F: number) => scalarNewton((l) => SPRING.k * l + SPRING.k3 * l ** 3 - F, (l) => SPRING.k + 3 * SPRING.k3 * l * l, -Math.abs(F) - 1, Math.abs(F) + 1);

describe('sysgraph statespace on a description with laws', () => {
  it('prints f, g and the Jacobians, and f is the hand-written equation at random points', () => {
    const json = JSON.parse(statespaceReport(nonlinear('diode-rc'), 'json', {}));
    expect(json.kind).toBe('nonlinear');
    expect(json.states.map((x: { name: string }) => x.name)).toEqual(['v_C1']);
    expect(json.inputs).toEqual(['E']);
    fc.assert(
      fc.property(fc.double({ min: -1, max: 0.7, noNaN: true }), fc.double({ min: -10, max: 10, noNaN: true }), (v, E) => {
        const scope = { ...DIODE, v_C1: v, E };
        const f = Number(math.evaluate(json.f[0], scope));
        const exact = ((E - v) / DIODE.R - DIODE.Is * Math.expm1(v / DIODE.Vt)) / DIODE.C;
        expect(Math.abs(f - exact)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(exact)));
        const dfdx = Number(math.evaluate(json.dfdx[0][0], scope));
        expect(dfdx).toBeCloseTo(-((DIODE.Is / DIODE.Vt) * Math.exp(v / DIODE.Vt) + 1 / DIODE.R) / DIODE.C, 6);
      }),
      { seed: 6, numRuns: 40 },
    );
    const latex = statespaceReport(nonlinear('diode-rc'), 'latex', {});
    expect(latex).toMatch(/\\dot\{v_\{C1\}\}/);
    expect(latex).toMatch(/\\frac\{\\partial f\}\{\\partial x\}/);
    expect(statespaceReport(nonlinear('hardening-spring-mass'), 'text', {})).toMatch(/lambda_spring' = /);
  });

  it('--linearise: the diode clamp at E = 5 V, against a scalar Newton and the slope of the law there', () => {
    const json = JSON.parse(statespaceReport(nonlinear('diode-rc'), 'json', { linearise: true, inputs: ['E=5'] }));
    const v = diodeEquilibrium(5);
    expect(Math.abs(json.operatingPoint.states.v_C1 - v)).toBeLessThan(1e-12);
    const g = (DIODE.Is / DIODE.Vt) * Math.exp(v / DIODE.Vt); // di/dv of the diode at v*
    expect(json.A[0][0]).toBeCloseTo(-(g + 1 / DIODE.R) / DIODE.C, 4);
    expect(json.B[0][0]).toBeCloseTo(1 / (DIODE.R * DIODE.C), 6);
    expect(json.C).toEqual([[1], [expect.closeTo(g, 12)]]);
    expect(json.operatingPoint.outputs.i_diode).toBeCloseTo((5 - v) / DIODE.R, 12);
  });

  it('--linearise: the hardening spring has the stiffness k + 3 k3 λ0² at the deflection of F', () => {
    for (const F of [0.5, 2, -3]) {
      const json = JSON.parse(statespaceReport(nonlinear('hardening-spring-mass'), 'json', { linearise: true, inputs: [`F=${F}`], guess: ['lambda_spring=0.1'] }));
      const l0 = springDeflection(F);
      const stiffness = SPRING.k + 3 * SPRING.k3 * l0 * l0;
      expect(json.states).toEqual(['v_mass', 'lambda_spring']);
      expect(json.operatingPoint.states.lambda_spring).toBeCloseTo(l0, 12);
      expect(json.A).toEqual([
        [expect.closeTo(-SPRING.b / SPRING.m, 12), expect.closeTo(-stiffness / SPRING.m, 10)],
        [expect.closeTo(1, 12), expect.closeTo(0, 12)],
      ]);
      expect(json.C[1][1]).toBeCloseTo(stiffness, 10);
    }
    // every format of the linear models, with the operating point in a comment
    const matlab = statespaceReport(nonlinear('hardening-spring-mass'), 'matlab', { linearise: true, inputs: ['F=1'] });
    expect(matlab).toMatch(/^% operating point/);
    expect(matlab).toMatch(/sys = ss\(A, B, C, D/);
  });

  it('refuses what a nonlinear model does not have, naming the option', () => {
    const diode = nonlinear('diode-rc');
    expect(thrown(() => statespaceReport(diode, 'matlab', {}))).toMatchObject({ code: 'unsupported', field: '--format' });
    expect(thrown(() => statespaceReport(diode, 'text', { stateChoice: 'b2' }))).toMatchObject({ code: 'unsupported', field: '--state-choice' });
    expect(thrown(() => statespaceReport(diode, 'text', { formulation: 'masd' }))).toMatchObject({ code: 'unsupported', field: '--formulation' });
    expect(thrown(() => statespaceReport(diode, 'text', { inputs: ['E=1'] }))).toMatchObject({ code: 'bad-option', field: '--input' });
    expect(thrown(() => statespaceReport(diode, 'text', { linearise: true, inputs: ['X=1'] }))).toMatchObject({ code: 'bad-option', field: '--input', element: 'X' });
    expect(thrown(() => statespaceReport(diode, 'text', { linearise: true, inputs: ['E=abc'] }))).toMatchObject({ code: 'bad-option', field: '--input', element: 'E' });
    expect(thrown(() => statespaceReport(loadSystem('rlc-series').desc, 'text', { linearise: true }))).toMatchObject({ code: 'bad-option', field: '--linearise' });
  });
});

describe('sysgraph simulate on a description with laws', () => {
  it('integrates the nonlinear model: the spring against RK4 of the hand-written equations', () => {
    const run = runSimulation(nonlinear('hardening-spring-mass'), { tEnd: 6, samples: 61, inputs: ['F=step(2)'], rtol: 1e-9, atol: 1e-12 });
    const r = run.result;
    expect(r.names).toEqual(['t', 'v_mass', 'lambda_spring', 'velocity', 'spring_force']);
    expect(r.units).toEqual(['s', 'm/s', '', 'm/s', 'N']);
    const { m, k, k3, b } = SPRING;
    const end = rk4((_t, [v, l]) => [(2 - b * v - (k * l + k3 * l ** 3)) / m, v], [0, 0], 6, 60000);
    const last = r.columns[0].length - 1;
    expect(r.columns[0][last]).toBeCloseTo(6, 12);
    expect(Math.abs(r.columns[1][last] - end[0])).toBeLessThan(1e-6);
    expect(Math.abs(r.columns[2][last] - end[1])).toBeLessThan(1e-6);
    expect(Math.abs(r.columns[4][last] - (k * end[1] + k3 * end[1] ** 3))).toBeLessThan(1e-5);
  });

  it('settles the diode clamp at the equilibrium of the scalar Newton, the end time from ∂f/∂x at rest', () => {
    const notes: string[] = [];
    const run = runSimulation(nonlinear('diode-rc'), { samples: 101, note: (l) => notes.push(l) });
    // ∂f/∂x at v = 0 is −(1/R + Is/Vt)/C ≈ −1000 /s: five time constants, 5 ms
    expect(run.tEnd).toBeCloseTo(0.005, 12);
    expect(notes.some((l) => l.startsWith('t-end = 0.005'))).toBe(true);
    const v = run.result.columns[run.result.names.indexOf('v_out')];
    expect(Math.abs(v[v.length - 1] - diodeEquilibrium(5))).toBeLessThan(1e-5);
    expect(thrown(() => runSimulation(nonlinear('diode-rc'), { solver: 'no-such' }))).toMatchObject({ code: 'bad-option', field: '--solver' });
    expect(thrown(() => runSimulation(nonlinear('diode-rc'), { solver: 'exact' }))).toMatchObject({ code: 'bad-option' });
  });
});

describe('sysgraph compare --linear-vs-nonlinear', () => {
  it('at the operating point: the incremental stiffness, the poles of m s² + b s + k_eff, both models agreeing', () => {
    const r = JSON.parse(runCompare(nonlinear('hardening-spring-mass'), { linearVsNonlinear: true, input: ['F=2'], signal: ['F=step(0.01)'], format: 'json' }).report);
    const l0 = springDeflection(2);
    const stiffness = SPRING.k + 3 * SPRING.k3 * l0 * l0;
    expect(r.incrementalValues).toEqual([expect.objectContaining({ element: 'spring', variable: 'lambda', at: expect.closeTo(l0, 12), slope: expect.closeTo(stiffness, 10), value: expect.closeTo(1 / stiffness, 12) })]);
    expect(r.linearised.states).toEqual(['v_mass', 'lambda_spring']);
    expect(r.linear.states).toEqual(['v_mass', 'i_spring']);
    // m s² + b s + k_eff = 0
    const { m, b } = SPRING;
    const re = -b / (2 * m);
    const im = Math.sqrt(stiffness / m - re * re);
    for (const side of [r.poles.linearised, r.poles.linear]) {
      expect(side).toEqual([
        { re: expect.closeTo(re, 10), im: expect.closeTo(-im, 10) },
        { re: expect.closeTo(re, 10), im: expect.closeTo(im, 10) },
      ]);
    }
    expect(r.difference.poles).toBeLessThan(1e-10);
    expect(r.difference.transfer).toBeLessThan(1e-10);
    expect(r.operatingPoint.outputs.spring_force).toBeCloseTo(2, 12);
  });

  it('in simulation: the linear model is the nonlinear one to second order in the input step', () => {
    const diff = (step: number) => {
      const r = JSON.parse(runCompare(nonlinear('hardening-spring-mass'), { linearVsNonlinear: true, input: ['F=1'], signal: [`F=step(${step})`], tEnd: 10, samples: 201, rtol: 1e-10, atol: 1e-13, format: 'json' }).report);
      const d = r.simulation.differences.find((x: { name: string }) => x.name === 'spring_force');
      expect(d.role).toBe('output');
      return d.maxDifference as number;
    };
    const small = diff(0.01);
    const double = diff(0.02);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(0.05 * 0.01); // a few per cent of the step's response

    expect(double / small).toBeGreaterThan(3.5);
    expect(double / small).toBeLessThan(4.5);
  });

  it('from rest, the diode clamp: the nonlinear model settles at the Newton solution, the linear one near E', () => {
    const notes: string[] = [];
    const r = JSON.parse(runCompare(nonlinear('diode-rc'), { linearVsNonlinear: true, format: 'json', samples: 101, note: (l) => notes.push(l) }).report);
    expect(r.operatingPoint.inputs).toEqual({ E: 0 });
    expect(r.operatingPoint.states.v_C1).toBe(0);
    expect(notes.some((l) => l.startsWith('operating point: input E = 0'))).toBe(true);
    expect(r.simulation.deviations).toEqual({ E: '5' });
    const v = r.simulation.differences.find((x: { name: string }) => x.name === 'v_out');
    // the linear model's diode is the slope Is/Vt at 0 (4e-11 S): v → 5 R_d/(R + R_d), R_d = Vt/Is; from 0 at 1/RC
    const Rd = DIODE.Vt / DIODE.Is;
    const tEnd = r.simulation.tEnd;
    const tau = (DIODE.R * Rd * DIODE.C) / (DIODE.R + Rd);
    const linearEnd = ((5 * Rd) / (DIODE.R + Rd)) * (1 - Math.exp(-tEnd / tau));
    expect(v.maxDifference).toBeCloseTo(linearEnd - diodeEquilibrium(5), 3);
  });

  it('writes one self-contained page with the nonlinear and linear traces of every compared variable overlaid', () => {
    const r = runCompare(nonlinear('hardening-spring-mass'), { linearVsNonlinear: true, input: ['F=1'], samples: 51, plot: true });
    const html = r.plot!;
    expect(html).not.toMatch(/<script src=/);
    const data = JSON.parse(/const d = (\{.*\});\n/.exec(html)![1]) as { t: number[]; charts: { series: { label: string; dash: number[] | null; values: number[] }[] }[] };
    const series = data.charts.flatMap((c) => c.series);
    expect(series.filter((s) => s.label.endsWith('(nonlinear)')).length).toBe(3); // velocity, spring_force, v_mass
    expect(series.filter((s) => s.label.endsWith('(linear)') && s.dash !== null).length).toBe(3);
    for (const s of series) expect(s.values.length).toBe(data.t.length);
  });

  it('refuses a linear description, two comparisons at once and options of the other modes', () => {
    expect(thrown(() => runCompare(loadSystem('rlc-series').desc, { linearVsNonlinear: true }))).toMatchObject({ code: 'bad-option', field: '--linear-vs-nonlinear' });
    expect(thrown(() => runCompare(nonlinear('diode-rc'), { linearVsNonlinear: true, b1VsB2: true }))).toMatchObject({ code: 'bad-option' });
    expect(thrown(() => runCompare(nonlinear('diode-rc'), { b1VsB2: true }))).toMatchObject({ code: 'unsupported', field: '--b1-vs-b2', elements: ['D'] });
    expect(thrown(() => runCompare(loadSystem('rlc-series').desc, { input: ['Vs=1'] }))).toMatchObject({ code: 'bad-option', field: '--input' });
    expect(thrown(() => runCompare(loadSystem('rlc-series').desc, { plot: true }))).toMatchObject({ code: 'bad-option', field: '--plot' });
    expect(thrown(() => runCompare(loadSystem('rlc-series').desc, { b1VsB2: true, input: ['Vs=1'] }))).toMatchObject({ code: 'bad-option', field: '--input' });
    expect(thrown(() => runCompare(nonlinear('diode-rc'), { linearVsNonlinear: true, signal: ['X=step(1)'] }))).toMatchObject({ code: 'bad-option', field: '--signal', element: 'X' });
  });
});

describe('sysgraph compare --b1-vs-b2', () => {
  it('gives the series RLC poles −1 ± j√7 for both state choices and the same outputs in simulation', () => {
    const r = JSON.parse(runCompare(loadSystem('rlc-series').desc, { b1VsB2: true, format: 'json' }).report);
    expect(r.b1.states).toEqual(['v_C1', 'i_L1']);
    expect(r.b2.states).not.toEqual(r.b1.states);
    for (const side of [r.poles.b1, r.poles.b2]) {
      expect(side).toEqual([
        { re: expect.closeTo(-1, 10), im: expect.closeTo(-Math.sqrt(7), 10) },
        { re: expect.closeTo(-1, 10), im: expect.closeTo(Math.sqrt(7), 10) },
      ]);
    }
    expect(r.simulation.differences.map((d: { name: string }) => d.name)).toEqual(['v_C1', 'i_L1']);
    for (const d of r.simulation.differences) expect(d.maxDifference).toBeLessThan(1e-9 * Math.max(1, d.scale));
    // the b2 states are the charge C v_C and the flux L i_L (C = 0.25, L = 0.5)
    const t = r.simulation;
    expect(t.samples).toBe(401);
    const plot = runCompare(loadSystem('rlc-series').desc, { b1VsB2: true, plot: true, samples: 11 }).plot!;
    expect(plot).toMatch(/\(b1\)/);
    expect(plot).toMatch(/\(b2\)/);
  });
});

describe('the command line with laws', () => {
  it('exits 0 with the report, 1 with the typed error on stderr, and writes the overlay page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-'));
    const plot = join(dir, 'overlay.html');
    const ok = cli(['compare', 'examples/nonlinear/diode-rc.json', '--linear-vs-nonlinear', '--input', 'E=5', '--samples', '21', '--plot', plot]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/Poles \(eigenvalues of A\)/);
    expect(readFileSync(plot, 'utf8')).toMatch(/\(nonlinear\)/);
    const bad = cli(['compare', 'rlc-series', '--linear-vs-nonlinear']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^error \[bad-option\] --linear-vs-nonlinear:/m);
    const unsupported = cli(['statespace', 'examples/nonlinear/diode-rc.json', '--format', 'python']);
    expect(unsupported.status).toBe(1);
    expect(unsupported.stderr).toMatch(/^error \[unsupported\] --format:/m);
  });
});
