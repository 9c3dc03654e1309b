import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { gridPlan, parseAxis, parseDistribution, parsePlan } from '@sysgraph/studies';

const typed = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SysgraphError);
    return e as SysgraphError;
  }
  throw new Error('expected a SysgraphError');
};

describe('axes', () => {
  it('a:b:n gives n linearly spaced points, both ends exact', () => {
    const a = parseAxis('R=1:10:20');
    expect(a.name).toBe('R');
    expect(a.values.length).toBe(20);
    expect(a.values[0]).toBe(1);
    expect(a.values[19]).toBe(10);
    for (let k = 0; k < 20; k++) expect(a.values[k]).toBeCloseTo(1 + (9 * k) / 19, 12);
  });

  it('a..b:log:n gives n log-spaced points (constant ratio)', () => {
    const a = parseAxis('R=1e-3..1e3:log:31');
    expect(a.values.length).toBe(31);
    expect(a.values[0]).toBe(1e-3);
    expect(a.values[30]).toBe(1e3);
    expect(a.values[15]).toBeCloseTo(1, 12);
    for (let k = 1; k < 31; k++) expect(a.values[k] / a.values[k - 1]).toBeCloseTo(10 ** 0.2, 10);
  });

  it('lists and single values', () => {
    expect(Array.from(parseAxis('R=1,2,5').values)).toEqual([1, 2, 5]);
    expect(Array.from(parseAxis('C=3').values)).toEqual([3]);
  });

  it('bad specs are typed errors naming the parameter and the option', () => {
    for (const [text, element] of [['R=1:10:1', 'R'], ['R=1:10:2.5', 'R'], ['L=0..10:log:5', 'L'], ['L=-1..10:log:5', 'L'], ['C=1,x', 'C'], ['C=', 'C'], ['C=1:2', 'C']] as const) {
      const e = typed(() => parseAxis(text));
      expect(e.code).toBe('bad-option');
      expect(e.element).toBe(element);
      expect(e.field).toBe('--param');
    }
    expect(typed(() => parseAxis('=1,2')).field).toBe('--param');
  });
});

describe('grids', () => {
  it('the product of the axes, the first varying slowest', () => {
    const p = gridPlan([parseAxis('R=1,2'), parseAxis('C=10,20,30')]);
    expect(p.size).toBe(6);
    expect(Array.from(p.values[0])).toEqual([1, 1, 1, 2, 2, 2]);
    expect(Array.from(p.values[1])).toEqual([10, 20, 30, 10, 20, 30]);
  });

  it('a parameter given twice is refused, naming it', () => {
    const e = typed(() => gridPlan([parseAxis('R=1,2'), parseAxis('R=3')]));
    expect(e.element).toBe('R');
  });
});

describe('distributions and the plan of the options', () => {
  it('parses normal, uniform and lognormal', () => {
    expect(parseDistribution('R=normal(1, 0.05)')).toMatchObject({ name: 'R', kind: 'normal', a: 1, b: 0.05 });
    expect(parseDistribution('C=uniform(0.9e-6,1.1e-6)')).toMatchObject({ name: 'C', kind: 'uniform', a: 0.9e-6, b: 1.1e-6 });
    expect(parseDistribution('L=lognormal(0,0.1)')).toMatchObject({ kind: 'lognormal' });
  });

  it('bad distributions are typed errors naming the parameter and --dist', () => {
    for (const [text, element] of [['R=gamma(1,2)', 'R'], ['R=normal(1)', 'R'], ['R=normal(1,-1)', 'R'], ['C=uniform(2,1)', 'C'], ['C=uniform(a,1)', 'C'], ['C=normal', 'C']] as const) {
      const e = typed(() => parseDistribution(text));
      expect(e.code).toBe('bad-option');
      expect(e.element).toBe(element);
      expect(e.field).toBe('--dist');
    }
  });

  it('refuses a grid mixed with a sample, --dist without --sample, and --seed on a grid', () => {
    expect(typed(() => parsePlan({ param: ['R=1,2'], sample: 10, dist: ['C=uniform(1,2)'] })).field).toBe('--param');
    expect(typed(() => parsePlan({ dist: ['C=uniform(1,2)'] })).field).toBe('--sample');
    expect(typed(() => parsePlan({ param: ['R=1,2'], seed: 3 })).field).toBe('--seed');
    expect(typed(() => parsePlan({ sample: 0, dist: ['C=uniform(1,2)'] })).field).toBe('--sample');
  });
});
