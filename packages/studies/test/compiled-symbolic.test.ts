/**
 * The symbolic model compiled once per study gives the numeric formulation's table: the same metrics and traces
 * on a grid of the series RLC and on the motor-pump example (a gyrator), the same typed failure at a singular
 * point, and the numeric route where the model is not rational in the swept parameters.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { compile } from '@sysgraph/engine';
import { createPointEvaluator, gridPlan, parseAxis } from '@sysgraph/studies';
import type { StudySettings } from '@sysgraph/studies';
import { RLC } from './fixtures';

const example = (name: string) => readFileSync(new URL(`../../../examples/${name}.json`, import.meta.url), 'utf8');

function bothRoutes(text: string, names: string[], points: number[][], settings: StudySettings) {
  const model = compile(text);
  const fast = createPointEvaluator(model, names, settings);
  const slow = createPointEvaluator(model, names, { ...settings, compileSymbolic: false });
  return { fast, slow, rows: points.map((p, i) => {
    const a = new Float64Array(fast.width);
    const b = new Float64Array(slow.width);
    return { a, b, fa: fast.evaluate(p, a, i), fb: slow.evaluate(p, b, i) };
  }) };
}

function expectClose(a: Float64Array, b: Float64Array, label: string) {
  for (let k = 0; k < a.length; k++) {
    if (Number.isNaN(b[k])) expect(Number.isNaN(a[k]), `${label}[${k}]`).toBe(true);
    else expect(Math.abs(a[k] - b[k]), `${label}[${k}]`).toBeLessThanOrEqual(1e-9 * (1 + Math.abs(b[k])));
  }
}

describe('compiled symbolic model against the numeric formulation', () => {
  it('series RLC over a grid of R and C: poles, DC gains, H(jω), step metrics, traces', () => {
    const plan = gridPlan([parseAxis('R=0.2:3:5'), parseAxis('C=0.1:1:4')]);
    const points = Array.from({ length: plan.size }, (_, i) => plan.names.map((_, k) => plan.values[k][i]));
    const { fast, slow, rows } = bothRoutes(RLC, [...plan.names], points, { metrics: ['poles', 'dc', 'H', 'step(v_C1)', 'peak(i_L1)'], freq: [0.5, 3], traces: ['v_C1'], tEnd: 10, samples: 101 });
    expect(fast.route).toBe('compiled-symbolic');
    expect(slow.route).toBe('numeric');
    rows.forEach(({ a, b, fa, fb }, i) => {
      expect(fa).toEqual(fb);
      expectClose(a, b, `point ${i}`);
    });
  });

  it('motor-pump (a gyrator) over its resistance and motor constant', () => {
    const model = compile(example('motor-pump'));
    const names = ['R', 'Kv'].filter((p) => model.description.parameters.has(p));
    const base = names.map((p) => model.description.parameters.get(p) as number);
    const points = [0.5, 1, 2].map((f) => base.map((v) => v * f));
    const { fast, rows } = bothRoutes(example('motor-pump'), names, points, { metrics: ['poles', 'dc'] });
    expect(fast.route).toBe('compiled-symbolic');
    rows.forEach(({ a, b }, i) => expectClose(a, b, `point ${i}`));
  });

  it('a singular point: both routes give the numeric typed failure', () => {
    const { rows } = bothRoutes(RLC, ['L'], [[0.5], [0]], { metrics: ['poles'] });
    expect(rows[0].fa).toBeUndefined();
    expect(rows[1].fb).toBeDefined();
    expect(rows[1].fa).toEqual(rows[1].fb);
  });

  it('not rational in the swept parameter: the numeric route', () => {
    const model = compile(example('masd-4-1'));
    const names = [...model.description.parameters.keys()].filter((p) => /alpha/.test(p));
    expect(names.length).toBeGreaterThan(0);
    expect(createPointEvaluator(model, names, { metrics: ['poles'] }).route).toBe('numeric');
  });
});
