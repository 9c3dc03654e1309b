/**
 * Each metric against its closed form:
 *   RC step, τ = RC: v_C = 1 − e^(−t/τ); final 1, rise time 10–90 % = τ ln 9, settling to 2 % = τ ln 50, no
 *   overshoot; pole −1/τ; DC gain 1.
 *   Series RLC: s² + (R/L) s + 1/(LC) = 0; ζ = (R/2)√(C/L), ω_n = 1/√(LC); overshoot exp(−ζπ/√(1−ζ²)) at
 *   t_p = π/(ω_n√(1−ζ²)); DC gain of v_C 1, of i_L 0; H(jω) of v_C: 1/(1 − ω²LC + jωRC).
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { compile } from '@sysgraph/engine';
import { createPointEvaluator, parseMetrics, parsePlan, sweep, traceMetrics } from '@sysgraph/studies';
import { RC, RLC } from './fixtures';

const col = (names: readonly string[], row: Float64Array, name: string) => {
  const j = names.indexOf(name);
  if (j < 0) throw new Error(`no column ${name} in ${names.join(', ')}`);
  return row[j];
};

describe('trace metrics of sampled closed forms', () => {
  it('a first-order rise: final, rise τ ln 9, settling τ ln 50, no overshoot', () => {
    const tau = 0.3;
    const t = Float64Array.from({ length: 20001 }, (_, k) => (k * 20 * tau) / 20000);
    const y = t.map((s) => 2 * (1 - Math.exp(-s / tau)));
    const m = traceMetrics(t, y, 0.02);
    expect(m.final).toBeCloseTo(2, 6);
    expect(m.rise).toBeCloseTo(tau * Math.log(9), 6);
    expect(m.settling).toBeCloseTo(tau * Math.log(50), 5);
    expect(m.overshoot).toBe(0);
  });

  it('a falling response: the peak is the minimum', () => {
    const t = Float64Array.from({ length: 2001 }, (_, k) => k / 100);
    const y = t.map((s) => Math.exp(-s));
    const m = traceMetrics(t, y);
    expect(m.final).toBeCloseTo(0, 6);
    expect(m.rise).toBeCloseTo(Math.log(9), 3);
  });
});

describe('metrics of a study point against closed forms', () => {
  it('RC: pole, DC gain, final value, rise time, settling time, overshoot', () => {
    const model = compile(RC);
    const R = 2000;
    const C = 1e-6;
    const tau = R * C;
    const ev = createPointEvaluator(model, ['R'], { metrics: ['poles', 'dc', 'step(v_C1)'], tEnd: 20 * tau, samples: 20001 });
    const row = new Float64Array(ev.width);
    expect(ev.evaluate([R], row, 0)).toBeUndefined();
    const c = (n: string) => col(ev.layout.metrics, row, n);
    expect(c('pole1.re')).toBeCloseTo(-1 / tau, 6);
    expect(c('pole1.im')).toBe(0);
    expect(c('dc(v_C1/Vs)')).toBeCloseTo(1, 12);
    expect(c('final(v_C1)')).toBeCloseTo(1, 6);
    expect(c('rise(v_C1)') / (tau * Math.log(9))).toBeCloseTo(1, 4);
    expect(c('settling(v_C1)') / (tau * Math.log(50))).toBeCloseTo(1, 4);
    expect(c('overshoot(v_C1)')).toBeLessThan(1e-6);
  });

  it('RLC: poles, DC gains, H(jω), overshoot and time of peak', () => {
    const model = compile(RLC);
    const [R, L, C] = [0.8, 0.5, 0.25];
    const ev = createPointEvaluator(model, ['R'], { metrics: ['poles', 'dc', 'H', 'overshoot(v_C1)', 'peak-time(v_C1)', 'peak(v_C1)', 'settling(v_C1, 0.05)'], freq: [2], tEnd: 30, samples: 30001 });
    const row = new Float64Array(ev.width);
    ev.evaluate([R], row, 0);
    const c = (n: string) => col(ev.layout.metrics, row, n);
    // s = −R/(2L) ± j√(1/(LC) − (R/2L)²)
    const re = -R / (2 * L);
    const im = Math.sqrt(1 / (L * C) - re * re);
    expect(c('pole1.re')).toBeCloseTo(re, 10);
    expect(c('pole1.im')).toBeCloseTo(-im, 10);
    expect(c('pole2.im')).toBeCloseTo(im, 10);
    expect(c('dc(v_C1/Vs)')).toBeCloseTo(1, 12);
    expect(c('dc(i_L1/Vs)')).toBeCloseTo(0, 12);
    // H(j2) = 1/(1 − 4LC + j2RC)
    const w = 2;
    const hr = 1 - w * w * L * C;
    const hi = w * R * C;
    expect(c('mag(v_C1/Vs, w=2)')).toBeCloseTo(1 / Math.hypot(hr, hi), 10);
    expect(c('phase(v_C1/Vs, w=2)')).toBeCloseTo((-Math.atan2(hi, hr) * 180) / Math.PI, 8);
    const zeta = (R / 2) * Math.sqrt(C / L);
    const wn = 1 / Math.sqrt(L * C);
    expect(c('overshoot(v_C1)')).toBeCloseTo(Math.exp((-zeta * Math.PI) / Math.sqrt(1 - zeta * zeta)), 5);
    expect(c('peak(v_C1)')).toBeCloseTo(1 + Math.exp((-zeta * Math.PI) / Math.sqrt(1 - zeta * zeta)), 5);
    expect(c('peak-time(v_C1)')).toBeCloseTo(Math.PI / (wn * Math.sqrt(1 - zeta * zeta)), 2);
    expect(ev.layout.metrics).toContain('settling(v_C1, 0.05)');
    // the 5 % band is reached no later than the envelope e^(−ζω_n t)/√(1−ζ²) enters it
    expect(c('settling(v_C1, 0.05)')).toBeLessThanOrEqual(Math.log(1 / (0.05 * Math.sqrt(1 - zeta * zeta))) / (zeta * wn) + 1e-3);
  });

  it('a source value that depends on a swept parameter is re-evaluated at each point', async () => {
    const table = await sweep(compile(RLC), parsePlan({ param: ['V0=1,3'] }), { settings: { metrics: ['final(v_C1)'], tEnd: 60 } });
    expect(table.rows[0]).toBeCloseTo(1, 5);
    expect(table.rows[1]).toBeCloseTo(3, 5);
  });

  it('a sweep over R: each row is its own point', async () => {
    const table = await sweep(compile(RC), parsePlan({ param: ['R=1000,2000,4000'] }), { settings: { metrics: ['poles'] } });
    expect(Array.from(table.rows.filter((_, k) => k % 2 === 0))).toEqual([-1000, -500, -250].map((x) => expect.closeTo(x, 8)));
  });

  it('a point whose model cannot be formed gives NaN and its typed error, not a failed study', async () => {
    const table = await sweep(compile(RC), parsePlan({ param: ['C=1e-6,0'] }), { settings: { metrics: ['poles'] } });
    expect(table.rows[0]).toBeCloseTo(-1000, 8);
    expect(Number.isNaN(table.rows[2])).toBe(true);
    expect(table.failures.map((f) => f.point)).toEqual([1]);
  });

  it('unknown parameters, metrics and signals are typed errors naming them', () => {
    const model = compile(RC);
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(SysgraphError);
        return e as SysgraphError;
      }
      throw new Error('expected an error');
    };
    expect(err(() => createPointEvaluator(model, ['X'], { metrics: ['poles'] }))).toMatchObject({ code: 'unknown-parameter', element: 'X' });
    expect(err(() => createPointEvaluator(model, ['R'], { metrics: ['final(v_Z)'] }))).toMatchObject({ element: 'v_Z', field: '--metric' });
    expect(err(() => createPointEvaluator(model, ['R'], { metrics: ['H'] }))).toMatchObject({ field: '--freq' });
    expect(err(() => parseMetrics(['wobble(v_C1)']))).toMatchObject({ element: 'wobble(v_C1)', field: '--metric' });
    expect(err(() => createPointEvaluator(model, ['R'], { metrics: ['poles'], traces: ['nope'] }))).toMatchObject({ element: 'nope', field: '--traces' });
  });
});
