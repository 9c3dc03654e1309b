import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { all, create } from 'mathjs';
import { loadSystem } from '../src/load-system';
import { structureReport } from '../src/commands/structure';
import { statespaceReport } from '../src/commands/statespace';
import { runSimulation, suggestEndTime } from '../src/commands/simulate';
import { compareReport } from '../src/commands/compare';
import { sysgraph } from './support/command';

const cli = (args: string[]) => sysgraph(args);

describe('sysgraph structure', () => {
  it('gives the tutorial tree, links and state for the default example', () => {
    const json = JSON.parse(structureReport(loadSystem(undefined).desc, 'json'));
    expect(new Set(json.tree)).toEqual(new Set(['Vs', 'R', 'L', 'motor.2', 'pump.1', 'pump.2']));
    expect(new Set(json.links)).toEqual(new Set(['motor.1', 'shaft', 'Rf']));
    expect(json.states).toEqual(['i_shaft']);
    expect(json.F.rows.length).toBe(3);
    expect(json.F.nnz).toBe(json.F.nonzeros.length);
    expect(Array.isArray(json.diagnostics)).toBe(true);
  });
  it('counts the tutorial\'s equations: B − S elemental, N − c − S_A continuity, B − N + c − S_T compatibility', () => {
    const json = JSON.parse(structureReport(loadSystem(undefined).desc, 'json'));
    expect(json.derivation.elemental.length).toBe(8);
    expect(json.derivation.continuity.length).toBe(5);
    expect(json.derivation.compatibility.length).toBe(3);
  });
});

describe('sysgraph statespace', () => {
  it('gives the tutorial state equation in the parameters (spec section 9)', () => {
    const { desc } = loadSystem(undefined);
    const json = JSON.parse(statespaceReport(desc, 'json', { symbolic: true }));
    expect(json.states).toEqual(['i_shaft']);
    // τ_k' = [k_t K_v V_s − k_t(K_v² R + 1/(R_f D²)) τ_k] / (1 + k_t K_v² L), checked at random parameter values.
    const { evaluate } = awaitMath();
    for (const p of [{ R: 2, L: 0.5, Kv: 0.8, kt: 3, D: 0.7, Rf: 1.5 }, { R: 0.3, L: 2.2, Kv: 1.7, kt: 0.4, D: 1.9, Rf: 0.6 }]) {
      const a = -p.kt * (p.Kv ** 2 * p.R + 1 / (p.Rf * p.D ** 2)) / (1 + p.kt * p.Kv ** 2 * p.L);
      const b = (p.kt * p.Kv) / (1 + p.kt * p.Kv ** 2 * p.L);
      expect(evaluate(json.A[0][0], p)).toBeCloseTo(a, 12);
      expect(evaluate(json.B[0][0], p)).toBeCloseTo(b, 12);
    }
  });
  it('writes MATLAB and python-control code with the model in it', () => {
    const { desc } = loadSystem('rlc-series');
    expect(statespaceReport(desc, 'matlab', {})).toMatch(/sys = ss\(A, B, C, D/);
    expect(statespaceReport(desc, 'python', {})).toMatch(/control\.ss\(A, B, C, D/);
    expect(statespaceReport(desc, 'latex', {})).toMatch(/\\begin\{bmatrix\}/);
  });
});

function awaitMath() {
  // mathjs evaluates the exported expression strings in a scope that defines every parameter.
  const math = create(all);
  return { evaluate: (text: string, scope: Record<string, number>) => Number(math.evaluate(text, { ...scope })) };
}

describe('sysgraph simulate and compare', () => {
  it('simulates the series RLC step response against its closed form', () => {
    const { desc } = loadSystem('rlc-series');
    const run = runSimulation(desc, { tEnd: 5, samples: 51, inputs: ['Vs=step(1)'] });
    const t = run.result.columns[0];
    const vc = run.result.columns[run.result.names.indexOf('v_C1')];
    // R = 1, L = 0.5, C = 0.25: v'' + (R/L) v' + v/(LC) = u/(LC): α = 1, ω0² = 8, ωd = √7.
    const wd = Math.sqrt(7);
    for (let k = 0; k < t.length; k++) {
      const exact = 1 - Math.exp(-t[k]) * (Math.cos(wd * t[k]) + Math.sin(wd * t[k]) / wd);
      expect(Math.abs(vc[k] - exact)).toBeLessThan(1e-6);
    }
  });
  it('suggests an end time of five slowest time constants', () => {
    expect(suggestEndTime([[-2]])).toBeCloseTo(2.5, 10);
  });
  it('compares the formulations of the gear system and finds them equal', () => {
    const text = compareReport(loadSystem('cellier-gear').desc);
    const worst = Number(/Largest difference between formulations: (\S+)/.exec(text)![1]);
    expect(worst).toBeLessThan(1e-9);
  });
});

describe('sysgraph analyze', () => {
  it('gives the series RLC poles, DC gain and H(s) in the parameters', async () => {
    const { analyzeReport } = await import('../src/commands/analyze');
    const json = JSON.parse(analyzeReport(loadSystem('rlc-series').desc, { symbolic: true, s: '1j', format: 'json' }));
    // R = 1, L = 0.5, C = 0.25: s² + 2s + 8 = 0 → −1 ± j√7.
    expect(json.poles.map((z: { re: number; im: number }) => [z.re, z.im])).toEqual([
      [expect.closeTo(-1, 10), expect.closeTo(-Math.sqrt(7), 10)],
      [expect.closeTo(-1, 10), expect.closeTo(Math.sqrt(7), 10)],
    ]);
    expect(json.dcGain[0][0]).toBeCloseTo(1, 12);
    // H_vC(j) = 8 / (8 − 1 + 2j)
    const h = json.H.value[0][0];
    expect(h.re).toBeCloseTo((8 * 7) / (49 + 4), 12);
    expect(h.im).toBeCloseTo((-8 * 2) / (49 + 4), 12);
    expect(json.symbolicH).toMatch(/s\^2/);
  });
});

describe('the command line', () => {
  it('exits 0 on success and non-zero with the typed error on stderr', () => {
    const ok = cli(['structure', 'rlc-series', '--format', 'json']);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).states.length).toBe(2);
    const bad = cli(['statespace', 'no-such-system']);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/error \[bad-option\]/);
  });
  it('runs the main job and writes a self-contained plot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sysgraph-'));
    const plot = join(dir, 'plot.html');
    const r = sysgraph(['--plot', plot]);
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toMatch(/State variables: +i_shaft/);
    expect(existsSync(plot)).toBe(true);
    const html = readFileSync(plot, 'utf8');
    expect(html).toMatch(/uPlot/);
    expect(html).not.toMatch(/<script src=/);
  });
  it('has --help on every command', () => {
    for (const c of ['structure', 'statespace', 'compare', 'analyze', 'simulate', 'examples']) {
      const r = cli([c, '--help']);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/Usage: sysgraph/);
    }
  });
});
