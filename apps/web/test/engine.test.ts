/**
 * The app's own logic in node, without a browser: the pipeline against closed forms, the comparison of state
 * choices against an independent similarity transform, the end-time suggestion against known eigenvalues,
 * the error locator, settings from untrusted links, the share-link round trip and the graph layout.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSystemParser } from '@sysgraph/description';
import { createRestrictedParser } from '@sysgraph/simulate';
import type { Dense, StateSpace } from '@sysgraph/formulation';
import { compareStateSpaces as compareModels, compile, suggestEndTime } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import { runPipeline } from '../src/engine/run-pipeline';
import { createModelMemo } from '../src/engine/model-memo';
import { createTimeMath } from '@sysgraph/formulation';
import { DEFAULT_SETTINGS, readSettings } from '../src/engine/settings';
import { stateLatex } from '../src/engine/derivation-view';
import { unpackGraph } from '../src/engine/packed-graph';
import { jsonPositions, locateError } from '../src/ui/error-location';
import { decodeShare, encodeShare } from '../src/ui/share';
import { layoutGraph } from '../src/ui/graph-layout';
import { WEB_ROOT } from './support/build-page';
import { rk4 } from './support/rk4';

const example = (file: string) => readFileSync(join(WEB_ROOT, '..', '..', 'examples', file), 'utf8');
const context = () => ({ system: createSystemParser(), signals: createRestrictedParser() });

describe('runPipeline', () => {
  it('derives the series RLC model of the textbook and simulates its step response', () => {
    const run = runPipeline({ id: 7, text: example('rlc-series.json'), settings: DEFAULT_SETTINGS }, context());
    const a = run.answer;
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.id).toBe(7);
    // v_C' = i_L / C, i_L' = (Vs − R i_L − v_C) / L, R = 1, L = 0.5, C = 0.25
    expect(a.model.matrices.A.value).toEqual([[0, 4], [-2, -2]]);
    expect(a.model.matrices.B.value).toEqual([[0], [2]]);
    expect(a.model.states).toEqual(['v_C1', 'i_L1']);
    // step(1) (the source's constant): v_C(t) = 1 − e^{−t}(cos √7 t + sin √7 t / √7)
    expect(a.simulation.ok).toBe(true);
    if (!a.simulation.ok) return;
    const tr = a.simulation.trace;
    const t = tr.columns[0];
    const vC = tr.columns[tr.names.indexOf('v_C1')];
    const w = Math.sqrt(7);
    for (const k of [10, 100, t.length - 1]) {
      const exact = 1 - Math.exp(-t[k]) * (Math.cos(w * t[k]) + Math.sin(w * t[k]) / w);
      expect(Math.abs(vC[k] - exact)).toBeLessThan(1e-6);
    }
    // the follow-up: MASD applies to this circuit and agrees; b1 and b2 agree on the invariants
    const f = run.followUp!();
    expect(f.masdAvailable).toBe(true);
    expect(f.comparison.rows.map((r) => `${r.left}/${r.right}`)).toEqual(['general-b1/masd-b1', 'general-b2/masd-b2', 'general-b1/general-b2']);
    for (const r of f.comparison.rows) expect(r.largest).toBeLessThan(1e-12);
    expect(f.overlay?.rightKey).toBe('general-b2');
  });

  it('stops at the stage at fault and names the element and field', () => {
    const bad = example('rlc-series.json').replace('"value": "L"', '"value": "L +"');
    const a = runPipeline({ id: 1, text: bad, settings: DEFAULT_SETTINGS }, context()).answer;
    expect(a.ok).toBe(false);
    if (a.ok) return;
    expect(a.errors[0]).toMatchObject({ stage: 'parse', code: 'bad-value', element: 'L1', field: 'value' });
  });

  it('keeps the model when only a signal is bad, and names the input', () => {
    const a = runPipeline({ id: 1, text: example('rlc-series.json'), settings: { ...DEFAULT_SETTINGS, signals: { Vs: 'import("x")' } } }, context()).answer;
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.simulation.ok).toBe(false);
    if (a.simulation.ok) return;
    expect(a.simulation.errors[0]).toMatchObject({ stage: 'simulate', code: 'bad-signal', element: 'Vs' });
  });
});

describe('runPipeline on a description with laws', () => {
  // hardening-spring-mass: m = 1, k = 4, k3 = 20, b = 0.4, F = 1;  m v' = F − b v − (k λ + k3 λ³), λ' = v
  const [m, k, k3, b] = [1, 4, 20, 0.4];

  it('shows the nonlinear model, linearised at rest, and simulates the nonlinear equations', () => {
    const run = runPipeline({ id: 3, text: example('nonlinear/hardening-spring-mass.json'), settings: { ...DEFAULT_SETTINGS, tEnd: 8, samples: 81 } }, context());
    const a = run.answer;
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.nonlinear?.states.map((x) => [x.name, x.quantity])).toEqual([['v_mass', 'across'], ['lambda_spring', 'flux']]);
    expect(a.nonlinear?.latex.f).toContain('\\dot');
    expect(a.nonlinear?.lawElements).toEqual(['spring']);
    // at rest λ = 0: the cubic term has no slope, so A = [[−b/m, −k/m], [1, 0]]
    expect(a.model.key).toBe('linearised');
    expect(a.nonlinear?.operatingPoint).toMatchObject({ x: [0, 0], equilibrium: true });
    expect(a.model.matrices.A.value).toEqual([[-b / m, -k / m], [1, 0]]);
    expect(a.simulation.ok).toBe(true);
    if (!a.simulation.ok) return;
    const tr = a.simulation.trace;
    expect(tr.names).toEqual(['t', 'v_mass', 'lambda_spring', 'velocity', 'spring_force']);
    const last = tr.columns[0].length - 1;
    const end = rk4((_t, [v, l]) => [(1 - b * v - (k * l + k3 * l ** 3)) / m, v], [0, 0], 8, 80000);
    expect(Math.abs(tr.columns[1][last] - end[0])).toBeLessThan(1e-5);
    expect(Math.abs(tr.columns[2][last] - end[1])).toBeLessThan(1e-5);

    // the follow-up: the linearisation against the linear model (k only), and the linear response for the overlay
    const f = run.followUp!();
    expect(f.masdAvailable).toBe(false);
    expect(f.comparison.rows).toHaveLength(1);
    expect(f.comparison.rows[0]).toMatchObject({ left: 'linearised', right: 'general-b1', measure: 'invariants' });
    expect(f.comparison.rows[0].largest).toBeLessThan(1e-12);
    expect(f.models.map((x) => x.key)).toEqual(['linearised', 'general-b1']);
    expect(f.overlay?.kind).toBe('linear-vs-nonlinear');
    const lin = f.overlay!.right;
    const linEnd = rk4((_t, [v, l]) => [(1 - b * v - k * l) / m, v], [0, 0], 8, 80000);
    expect(Math.abs(lin.columns[lin.names.indexOf('spring_force')][last] - k * linEnd[1])).toBeLessThan(1e-5);
  });

  it('keeps the derived model per description text, and only the newest few', () => {
    let built = 0;
    const memo = createModelMemo(2);
    const make = () => {
      built++;
      return {} as CompiledModel;
    };
    const first = memo.get('a', make);
    expect(memo.get('a', make)).toBe(first);
    memo.get('b', make);
    memo.get('c', make);
    expect(built).toBe(3);
    memo.get('a', make); // dropped: the memo holds b and c
    expect(built).toBe(4);
    // the pipeline with a memo: a settings change reuses the model
    const inner = createModelMemo();
    let derived = 0;
    const counting = { get: (t: string, build: () => CompiledModel) => inner.get(t, () => (derived++, build())) };
    const ctx = { ...context(), models: counting };
    const text = example('nonlinear/diode-rc.json');
    const one = runPipeline({ id: 1, text, settings: DEFAULT_SETTINGS }, ctx).answer;
    const two = runPipeline({ id: 2, text, settings: { ...DEFAULT_SETTINGS, samples: 50 } }, ctx).answer;
    expect(one.ok && two.ok).toBe(true);
    if (!one.ok || !two.ok) return;
    expect(derived).toBe(1);
    expect(two.model.matrices.A.value).toEqual(one.model.matrices.A.value);
    // A at rest: −(1/R + Is/Vt)/C with R = 1 kΩ, C = 1 µF, Is = 1e-12 A, Vt = 25 mV
    expect(one.model.matrices.A.value[0][0]).toBeCloseTo(-(1 / 1000 + 1e-12 / 0.025) / 1e-6, 8);
  });

  it('names the stage and element of a bad law', () => {
    const bad = example('nonlinear/diode-rc.json').replace('"through": "Is*(exp(v/Vt) - 1)"', '"through": "Is*(exp(q/Vt) - 1)"');
    const a = runPipeline({ id: 1, text: bad, settings: DEFAULT_SETTINGS }, context()).answer;
    expect(a.ok).toBe(false);
    if (a.ok) return;
    expect(a.errors[0]).toMatchObject({ stage: 'parse', element: 'D' });
  });
});

describe('runPipeline on a description with values in t', () => {
  // rlc-time-varying-capacitor: R = 1, L = 0.5, C(t) = 0.2 (1 + 0.5 sin 3t), V = 1
  const [R, L] = [1, 0.5];
  const C = (t: number) => 0.2 * (1 + 0.5 * Math.sin(3 * t));
  const dC = (t: number) => 0.2 * 0.5 * 3 * Math.cos(3 * t);
  const ctx = { ...context(), timeMath: createTimeMath() };
  const text = example('time-varying/rlc-time-varying-capacitor.json');

  it('shows A(t), B(t) in LaTeX and the matrices at the chosen t; simulates the charge form from rest', () => {
    const run = runPipeline({ id: 4, text, settings: { ...DEFAULT_SETTINGS, tvTime: 0.5, tEnd: 4, samples: 41 } }, ctx);
    const a = run.answer;
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.timeVarying?.form).toBe('charge-flux');
    expect(a.timeVarying?.latex?.A[1][0]).toContain('C1');
    expect(a.timeVarying?.latex?.symbols).toHaveLength(2); // C1_t and its rate
    expect(a.model.key).toBe('time-varying');
    // q' = λ / L, λ' = V − R λ / L − q / C(t) at t = 0.5
    const A = a.model.matrices.A.value;
    [[0, 1 / L], [-1 / C(0.5), -R / L]].forEach((row, i) => row.forEach((v, j) => expect(A[i][j]).toBeCloseTo(v, 12)));
    expect(a.simulation.ok).toBe(true);
    if (!a.simulation.ok) return;
    const tr = a.simulation.trace;
    expect(tr.names).toEqual(['t', 'q_C1', 'lambda_L1', 'v_cap', 'i_cap', 'i_inductor', 'v_C1', 'i_L1']);
    // RK4 of the hand-written charge form q' = i, L i' = V − R i − q / C(t)
    const x = rk4((t, [q, i]) => [i, (1 - R * i - q / C(t)) / L], [0, 0], 4, 40000);
    const last = tr.columns[0].length - 1;
    expect(Math.abs(tr.columns[tr.names.indexOf('v_C1')][last] - x[0] / C(4))).toBeLessThan(1e-5);
    expect(Math.abs(tr.columns[tr.names.indexOf('i_L1')][last] - x[1])).toBeLessThan(1e-5);

    // the follow-up: the across-through form simulated, the physical states agreeing
    const fu = run.followUp!();
    expect(fu.overlay?.kind).toBe('tv-forms');
    expect(fu.overlay?.right.names.slice(1, 3)).toEqual(['v_C1', 'i_L1']);
    expect(fu.comparison.rows[0]).toMatchObject({ left: 'tv-charge-flux', right: 'tv-across-through', measure: 'simulation' });
    expect(fu.comparison.rows[0].largest).toBeLessThan(1e-4);
  });

  it('the across-through form and the non-conservative law on request', () => {
    const at = (storageLaw: 'conservative' | 'non-conservative') => {
      const a = runPipeline({ id: 5, text, settings: { ...DEFAULT_SETTINGS, tvForm: 'across-through', storageLaw, tvTime: 1.1, samples: 11 } }, ctx).answer;
      if (!a.ok) throw new Error('expected a model');
      return a.model.matrices.A.value;
    };
    // C(t) v' = i − C'(t) v  (conservative);  C(t) v' = i  (non-conservative)
    const A = at('conservative');
    [[-dC(1.1) / C(1.1), 1 / C(1.1)], [-1 / L, -R / L]].forEach((row, i) => row.forEach((v, j) => expect(A[i][j]).toBeCloseTo(v, 12)));
    expect(at('non-conservative')[0][0]).toBe(0);
  });

  it('settings from a link keep only a valid form, law and time', () => {
    const s = readSettings({ tvForm: 'across-through', storageLaw: 'nope', tvTime: 'alert(1)' });
    expect(s).toMatchObject({ tvForm: 'across-through', storageLaw: 'conservative', tvTime: 0 });
  });
});

describe('runPipeline on MASD example 4.2 (a law not differentiable at rest)', () => {
  it('rebuilds the model with secants in the Jacobians and says so', () => {
    const a = runPipeline({ id: 6, text: example('nonlinear/masd-4-2-reservoirs.json'), settings: { ...DEFAULT_SETTINGS, tEnd: 10, samples: 11, solver: 'stiff' } }, context()).answer;
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    expect(a.nonlinear?.secantWidth).toBe(1e-6);
    expect(a.simulation.ok).toBe(true);
    if (!a.simulation.ok) return;
    expect(a.simulation.trace.solver).toBe('stiff');
  });
});

/** A model as StateSpace<Dense<number>> for compareModels. */
function model(states: string[], A: number[][], B: number[][], C: number[][], D: number[][], Bd: number[][]): StateSpace<Dense<number>> {
  const E = D.map((r) => r.map(() => 0));
  return { formulation: 'general', backend: 'numeric', stateChoice: 'b1', states, inputs: ['u'], outputs: C.map((_, k) => `y${k}`), A, B, C, D, E, Bd, descriptor: { E: A, A0: A, B0: B, B1: B }, diagnostics: [] };
}

const mul = (a: number[][], b: number[][]) => a.map((r) => b[0].map((_, j) => r.reduce((s, v, k) => s + v * b[k][j], 0)));

describe('compareModels', () => {
  it('finds b1 and b2 equal on the invariants for any diagonal change of states (T = diag(t))', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: 3, maxLength: 3 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.double({ min: 0.2, max: 5, noNaN: true }), { minLength: 3, maxLength: 3 }),
        (A, t) => {
          const B = [[1], [0.5], [-1]];
          const C = [[1, 0, 2]];
          const D = [[0.3]];
          const Bd = [[0], [0], [0]];
          const T = t.map((x, i) => t.map((_, j) => (i === j ? x : 0)));
          const Ti = t.map((x, i) => t.map((_, j) => (i === j ? 1 / x : 0)));
          // x₂ = T x: A₂ = T A T⁻¹, B₂ = T B, C₂ = C T⁻¹
          const b1 = model(['v_a', 'v_b', 'i_c'], A, B, C, D, Bd);
          const b2 = model(['q_a', 'q_b', 'phi_c'], mul(mul(T, A), Ti), mul(T, B), mul(C, Ti), D, mul(T, Bd));
          const d = compareModels(b1, b2);
          expect(d.measure).toBe('invariants');
          expect(d.largest).toBeLessThanOrEqual(1e-9 * Math.max(1, d.scale));
        },
      ),
      { seed: 20240501, numRuns: 200 },
    );
  });

  it('reports a real difference between two models with the same states', () => {
    const a = model(['x'], [[-1]], [[1]], [[1]], [[0]], [[0]]);
    const b = model(['x'], [[-1.5]], [[1]], [[1]], [[0]], [[0]]);
    expect(compareModels(a, b)).toMatchObject({ measure: 'matrices', largest: 0.5 });
  });
});

describe('suggestEndTime (the engine\'s, shared with the command line)', () => {
  it('covers five times the slowest time constant or two periods of the slowest oscillation, to two digits', () => {
    expect(suggestEndTime([[-4]])).toBe(1.3); // τ = 0.25 s: 1.25 → 1.3
    expect(suggestEndTime([[-1, 0], [0, -100]])).toBe(5); // τ = 1 s: 5
    expect(suggestEndTime([[-0.001]])).toBe(5000); // τ = 1000 s
    expect(suggestEndTime([[0, 1], [-4, 0]])).toBe(6.3); // ω = 2 rad/s, undamped: 2 periods = 2π s
    expect(suggestEndTime([[0, 1], [0, 0]])).toBe(1); // a double integrator: no time constant, 1 s
    expect(suggestEndTime([])).toBe(1);
  });

  it('is what the page uses when no end time is set', () => {
    const run = runPipeline({ id: 9, text: example('rlc-series.json'), settings: { ...DEFAULT_SETTINGS, tEnd: null } }, context()).answer;
    if (!run.ok) throw new Error('expected a model');
    // R = 1, L = 0.5, C = 0.25: s² + 2 s + 8 = 0, s = −1 ± j√7: max(5 / 1, 4π / √7) = 5
    expect(run.tEnd).toBe(5);
    expect(compile(example('rlc-series.json')).endTime().tEnd).toBe(5);
  });
});

describe('locateError', () => {
  const text = '{\n  "elements": [\n    { "id": "R1", "kind": "resistor",\n      "value": "R *" }\n  ]\n}';
  it('finds the key of a JSON path, else its nearest existing parent, else the element id', () => {
    expect(locateError(text, { stage: 'parse', code: 'bad-value', message: '', path: 'elements[0].value' })).toBe(4);
    expect(locateError(text, { stage: 'parse', code: 'missing-field', message: '', path: 'elements[0].from' })).toBe(3);
    expect(locateError(text, { stage: 'structure', code: 'x', message: '', element: 'R1' })).toBe(3);
    expect(locateError('{\n  "a": ,\n}', { stage: 'parse', code: 'invalid-json', message: 'Unexpected token , in JSON at position 9' })).toBe(2);
  });
  it('records the position of every value of valid JSON and refuses invalid JSON', () => {
    const p = jsonPositions(text)!;
    expect(text.slice(p.get('.elements[0].value')!)).toMatch(/^"R \*"/);
    expect(jsonPositions('{"a": [1, 2,]}')).toBeUndefined();
  });
});

describe('readSettings', () => {
  it('keeps only known fields of the right type from untrusted data', () => {
    const s = readSettings({ formulation: 'masd', stateChoice: 'b3', signals: { Vs: 'step(2)', 'bad name': 'x', F: 3 }, tEnd: -1, solver: 'eval', samples: 1e9, style: 'symbolic', plotted: ['x:a', 4], symbolicParams: ['M1', 'bad name', 7], extra: 1 });
    expect(s).toEqual({ formulation: 'masd', stateChoice: 'b1', signals: { Vs: 'step(2)' }, tEnd: null, solver: 'auto', samples: DEFAULT_SETTINGS.samples, style: 'symbolic', plotted: ['x:a'], tvForm: 'charge-flux', storageLaw: 'conservative', tvTime: 0, symbolicParams: ['M1'], paramValues: {} });
    expect(readSettings('nonsense')).toEqual(DEFAULT_SETTINGS);
  });
});

describe('share links', () => {
  it('round-trips the description and settings through the hash', async () => {
    const state = { description: example('motor-pump.json'), settings: { ...DEFAULT_SETTINGS, stateChoice: 'b2' as const, tEnd: 3, signals: { Vs: 'ramp(5, 0.5)' } } };
    const hash = await encodeShare(state);
    expect(hash).toMatch(/^(m1|j1)\.[A-Za-z0-9_-]+$/);
    expect(await decodeShare(hash)).toEqual(state);
  });
  it('reads damaged or foreign hashes as nothing', async () => {
    expect(await decodeShare('m1.%%%')).toBeUndefined();
    expect(await decodeShare('x1.abc')).toBeUndefined();
    expect(await decodeShare(`j1.${Buffer.from('{"description": 5}').toString('base64url')}`)).toBeUndefined();
  });
});

describe('layoutGraph', () => {
  it('is deterministic, puts each ground below its component and keeps components apart', () => {
    const run = runPipeline({ id: 1, text: example('motor-pump.json'), settings: DEFAULT_SETTINGS }, context()).answer;
    if (!run.ok) throw new Error('motor-pump failed');
    const graph = unpackGraph(run.graph);
    const a = layoutGraph(graph);
    const b = layoutGraph(JSON.parse(JSON.stringify(graph)));
    expect([...a.nodes]).toEqual([...b.nodes]);
    for (const n of graph.nodes) {
      const y = a.nodes.get(n.name)!.y;
      const others = graph.nodes.filter((m) => m.component === n.component && m.name !== n.name).map((m) => a.nodes.get(m.name)!.y);
      if (n.ground) for (const o of others) expect(y).toBeGreaterThan(o);
    }
    for (let k = 1; k < a.components.length; k++) expect(a.components[k].x0).toBeGreaterThan(a.components[k - 1].x1);
    expect(a.branches.size).toBe(graph.branches.length);
  });
});

describe('stateLatex', () => {
  it('sets one-letter and Greek heads as symbols with upright subscripts, other names as words', () => {
    expect(stateLatex('v_C1')).toBe('v_{\\mathrm{C1}}');
    expect(stateLatex('phi_L', { dot: true })).toBe('\\dot{\\phi}_{\\mathrm{L}}');
    expect(stateLatex('coupling_force')).toBe('\\mathrm{coupling\\_force}');
    expect(stateLatex('v1')).toBe('\\mathrm{v1}');
  });
});
