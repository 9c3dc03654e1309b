/**
 * Other formats through the page's pipeline (the engine's reader registry sniffs the text): the poster's bond graph
 * (JSON with "bonds") and the StateMint equations of the motor and pump, against hand values.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSystemParser } from '@sysgraph/description';
import { createRestrictedParser } from '@sysgraph/simulate';
import { branchCount } from '../src/engine/packed-graph';
import { runPipeline } from '../src/engine/run-pipeline';
import { DEFAULT_SETTINGS } from '../src/engine/settings';
import { EXAMPLES_ROOT } from './support/examples-root';

const context = () => ({ system: createSystemParser(), signals: createRestrictedParser() });
const example = (file: string) => readFileSync(join(EXAMPLES_ROOT, file), 'utf8');

describe('other formats', () => {
  it("the poster's bond graph: a linear graph, poles of s² + (R/L) s + 1/(LC) (V = 9, R = 2, L = 121, C = 5)", () => {
    const a = runPipeline({ id: 1, text: example('bondgraph/poster-rlc.bg.json'), settings: DEFAULT_SETTINGS }, context()).answer;
    if (!a.ok) throw new Error(JSON.stringify(a.errors));
    expect(branchCount(a.graph)).toBeGreaterThan(0);
    expect(a.equations).toBeUndefined();
    const [R, L, C] = [2, 121, 5];
    const re = -R / (2 * L);
    const im = Math.sqrt(1 / (L * C) - re * re);
    const poles = [...a.frequency!.poles].sort((x, y) => x.im - y.im);
    expect(poles[0].re).toBeCloseTo(re, 12);
    expect(poles[1].im).toBeCloseTo(im, 12);
  });

  it('the motor-and-pump equations: no graph, a note, A and B of formulation.md section 9', () => {
    const run = runPipeline({ id: 1, text: example('equations/motor-pump.sm'), settings: DEFAULT_SETTINGS }, context());
    const a = run.answer;
    if (!a.ok) throw new Error(JSON.stringify(a.errors));
    expect(branchCount(a.graph)).toBe(0);
    expect(a.equations!.note).toContain('no linear graph');
    const [R, L, Kv, kt, D, Rf] = [2, 0.5, 0.8, 3, 0.7, 1.5];
    const den = 1 + kt * Kv * Kv * L;
    expect(a.model.matrices.A.value[0][0]).toBeCloseTo((-kt * (Kv * Kv * R + 1 / (Rf * D * D))) / den, 12);
    expect(a.model.matrices.B.value[0][0]).toBeCloseTo((kt * Kv) / den, 12);
    expect(a.simulation.ok).toBe(true);
    expect(run.followUp!().models).toHaveLength(1);
  });

  it('the car with quadratic drag: a nonlinear set, linearised at rest, simulated against the closed form v∞ tanh(k t)', () => {
    // m v' = Fp − F0 − cd v²: with F = Fp − F0 constant, v(t) = v∞ tanh(t √(F cd) / m), v∞ = √(F / cd)
    const [m, cd, Fp, F0] = [1200, 0.4, 1000, 200];
    const settings = { ...DEFAULT_SETTINGS, tEnd: 200, samples: 201, signals: { Fp: `step(${Fp})`, F0: `step(${F0})` } };
    const run = runPipeline({ id: 1, text: example('equations/car-drag.sm'), settings }, context());
    const a = run.answer;
    if (!a.ok) throw new Error(JSON.stringify(a.errors));
    expect(branchCount(a.graph)).toBe(0);
    expect(a.equations!.note).toContain('nonlinear equation set');
    // at rest (u = 0) the equilibrium is v = 0, where the drag has no slope: A = 0, B = [1/m, −1/m], C = 1, D = 0
    expect(a.nonlinear!.operatingPoint).toMatchObject({ x: [0], u: [0, 0], equilibrium: true });
    expect(a.nonlinear!.states.map((x) => x.name)).toEqual(['vm']);
    expect(a.model.matrices.A.value[0][0]).toBeCloseTo(0, 9);
    expect(a.model.matrices.B.value[0][0]).toBeCloseTo(1 / m, 9);
    expect(a.model.matrices.B.value[0][1]).toBeCloseTo(-1 / m, 9);
    expect(a.model.matrices.C.value[0][0]).toBeCloseTo(1, 9);
    expect(a.frequency).toBeUndefined();
    if (!a.simulation.ok) throw new Error(JSON.stringify(a.simulation));
    const tr = a.simulation.trace;
    const col = tr.names.indexOf('vm');
    const vInf = Math.sqrt((Fp - F0) / cd);
    const k = Math.sqrt((Fp - F0) * cd) / m;
    for (const i of [20, 50, 100, 200]) {
      const t = tr.columns[0][i];
      expect(Math.abs(tr.columns[col][i] - vInf * Math.tanh(k * t))).toBeLessThan(1e-3 * vInf);
    }
  });
});
