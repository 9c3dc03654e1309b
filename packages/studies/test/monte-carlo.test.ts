/**
 * Monte Carlo plans against the distributions' moments, within statistical bounds: for N draws the sample mean
 * has standard error σ/√N, so it must lie within 5σ/√N of the true mean (a false failure about once in 1.7·10^6);
 * the sample variance s² of a normal sample has standard error σ²·√(2/(N−1)).
 */
import { describe, expect, it } from 'vitest';
import { normalQuantile, parseDistribution, samplePlan, seededRandom } from '@sysgraph/studies';

const N = 20000;
const moments = (x: Float64Array) => {
  let m = 0;
  for (const v of x) m += v;
  m /= x.length;
  let s = 0;
  for (const v of x) s += (v - m) ** 2;
  return { mean: m, variance: s / (x.length - 1) };
};

describe('Monte Carlo plans', () => {
  it('normal(1, 0.05): mean and variance within statistical bounds', () => {
    const p = samplePlan([parseDistribution('R=normal(1,0.05)')], N, { seed: 42 });
    const { mean, variance } = moments(p.values[0]);
    expect(Math.abs(mean - 1)).toBeLessThan((5 * 0.05) / Math.sqrt(N));
    expect(Math.abs(variance - 0.0025)).toBeLessThan(5 * 0.0025 * Math.sqrt(2 / (N - 1)));
  });

  it('uniform(a, b): mean (a+b)/2, variance (b−a)²/12, every draw inside', () => {
    const p = samplePlan([parseDistribution('C=uniform(2,5)')], N, { seed: 3 });
    const { mean, variance } = moments(p.values[0]);
    const sd = 3 / Math.sqrt(12);
    expect(Math.abs(mean - 3.5)).toBeLessThan((5 * sd) / Math.sqrt(N));
    // the variance of s² for a uniform: (μ4 − σ⁴(N−3)/(N−1))/N with μ4 = (b−a)⁴/80
    const seVar = Math.sqrt((81 / 80 - sd ** 4) / N);
    expect(Math.abs(variance - sd * sd)).toBeLessThan(5 * seVar);
    expect(p.values[0].every((x) => x > 2 && x < 5)).toBe(true);
  });

  it('lognormal(μ, σ): the mean of ln X is μ, the mean of X is exp(μ + σ²/2)', () => {
    const mu = 0.3;
    const sigma = 0.2;
    const p = samplePlan([parseDistribution(`L=lognormal(${mu},${sigma})`)], N, { seed: 9 });
    const logs = p.values[0].map(Math.log);
    expect(Math.abs(moments(logs).mean - mu)).toBeLessThan((5 * sigma) / Math.sqrt(N));
    const m = Math.exp(mu + sigma ** 2 / 2);
    const sd = m * Math.sqrt(Math.exp(sigma ** 2) - 1);
    expect(Math.abs(moments(p.values[0]).mean - m)).toBeLessThan((5 * sd) / Math.sqrt(N));
  });

  it('the same seed gives the same plan; another seed another', () => {
    const d = [parseDistribution('R=normal(1,0.05)'), parseDistribution('C=uniform(1,2)')];
    const a = samplePlan(d, 100, { seed: 5 });
    const b = samplePlan(d, 100, { seed: 5 });
    const c = samplePlan(d, 100, { seed: 6 });
    expect(Array.from(a.values[1])).toEqual(Array.from(b.values[1]));
    expect(Array.from(a.values[1])).not.toEqual(Array.from(c.values[1]));
  });

  it('Latin hypercube: each of the N strata of each parameter holds exactly one point', () => {
    const n = 500;
    const p = samplePlan([parseDistribution('R=uniform(0,1)'), parseDistribution('C=uniform(10,20)')], n, { seed: 11, lhs: true });
    for (const [k, [a, b]] of [[0, [0, 1]], [1, [10, 20]]] as const) {
      const strata = new Set(Array.from(p.values[k], (x) => Math.floor(((x - a) / (b - a)) * n)));
      expect(strata.size).toBe(n);
    }
  });

  it('the generator is uniform: mean ½ and variance 1/12 within bounds; Φ⁻¹ inverts known quantiles', () => {
    const r = seededRandom(1);
    const x = new Float64Array(N).map(() => r.next());
    const { mean, variance } = moments(x);
    expect(Math.abs(mean - 0.5)).toBeLessThan(5 / Math.sqrt(12 * N));
    expect(Math.abs(variance - 1 / 12)).toBeLessThan(5 * Math.sqrt((1 / 80 - 1 / 144) / N));
    // Φ(1.959963984540054) = 0.975, Φ(−2.326347874040841) = 0.01, Φ(−4.753424308822899) = 1e-6
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326347874040841, 8);
    expect(normalQuantile(1e-6)).toBeCloseTo(-4.753424308822899, 7);
    expect(normalQuantile(0.5)).toBe(0);
  });
});
