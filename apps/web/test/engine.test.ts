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
import { compareModels } from '../src/engine/compare';
import { suggestEndTime } from '../src/engine/end-time';
import { runPipeline } from '../src/engine/run-pipeline';
import { DEFAULT_SETTINGS, readSettings } from '../src/engine/settings';
import { stateLatex } from '../src/engine/derivation-view';
import { jsonPositions, locateError } from '../src/ui/error-location';
import { decodeShare, encodeShare } from '../src/ui/share';
import { layoutGraph } from '../src/ui/graph-layout';
import { WEB_ROOT } from './support/build-page';

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

describe('suggestEndTime', () => {
  it('covers six times the slowest time constant, rounded up to 1, 2 or 5 × 10ᵏ', () => {
    expect(suggestEndTime([[-4]])).toBe(2); // τ = 0.25 s: 1.5 → 2
    expect(suggestEndTime([[-1, 0], [0, -100]])).toBe(10); // τ = 1 s: 6 → 10
    expect(suggestEndTime([[-0.001]])).toBe(10000); // τ = 1000 s: 6000 → 10⁴
    expect(suggestEndTime([[0, 1], [0, 0]])).toBeGreaterThan(0); // a double integrator: some span
    expect(suggestEndTime([])).toBe(1);
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
    const s = readSettings({ formulation: 'masd', stateChoice: 'b3', signals: { Vs: 'step(2)', 'bad name': 'x', F: 3 }, tEnd: -1, solver: 'eval', samples: 1e9, style: 'symbolic', plotted: ['x:a', 4], extra: 1 });
    expect(s).toEqual({ formulation: 'masd', stateChoice: 'b1', signals: { Vs: 'step(2)' }, tEnd: null, solver: 'auto', samples: DEFAULT_SETTINGS.samples, style: 'symbolic', plotted: ['x:a'] });
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
    const a = layoutGraph(run.graph);
    const b = layoutGraph(JSON.parse(JSON.stringify(run.graph)));
    expect([...a.nodes]).toEqual([...b.nodes]);
    for (const n of run.graph.nodes) {
      const y = a.nodes.get(n.name)!.y;
      const others = run.graph.nodes.filter((m) => m.component === n.component && m.name !== n.name).map((m) => a.nodes.get(m.name)!.y);
      if (n.ground) for (const o of others) expect(y).toBeGreaterThan(o);
    }
    for (let k = 1; k < a.components.length; k++) expect(a.components[k].x0).toBeGreaterThan(a.components[k - 1].x1);
    expect(a.branches.size).toBe(run.graph.branches.length);
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
