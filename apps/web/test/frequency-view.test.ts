/**
 * The worker's poles, zeros and Bode data against closed forms: the series RLC circuit (R = 1, L = 0.5, C = 0.25)
 * with H_vC(s) = 1 / (LC s² + RC s + 1) and H_iL(s) = C s / (LC s² + RC s + 1); poles by the quadratic formula.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSystemParser } from '@sysgraph/description';
import { createRestrictedParser } from '@sysgraph/simulate';
import { runPipeline } from '../src/engine/run-pipeline';
import { DEFAULT_SETTINGS } from '../src/engine/settings';
import { WEB_ROOT } from './support/build-page';

const context = () => ({ system: createSystemParser(), signals: createRestrictedParser() });
const example = (file: string) => readFileSync(join(WEB_ROOT, '..', '..', 'examples', file), 'utf8');
const [R, L, C] = [1, 0.5, 0.25];

describe('frequency view', () => {
  it('series RLC: poles −R/2L ± j·sqrt(1/LC − (R/2L)²), |H| and phase of both outputs on the whole grid', () => {
    const a = runPipeline({ id: 1, text: example('rlc-series.json'), settings: DEFAULT_SETTINGS }, context()).answer;
    if (!a.ok) throw new Error('no model');
    const f = a.frequency!;
    const re = -R / (2 * L);
    const im = Math.sqrt(1 / (L * C) - re * re); // sqrt(7)
    const poles = [...f.poles].sort((x, y) => x.im - y.im);
    expect(poles).toHaveLength(2);
    expect(poles[0].re).toBeCloseTo(re, 12);
    expect(poles[0].im).toBeCloseTo(-im, 12);
    expect(poles[1].im).toBeCloseTo(im, 12);
    const vc = f.pairs.find((p) => p.output.includes('C1'))!;
    const il = f.pairs.find((p) => p.output.includes('L1'))!;
    f.omega.forEach((w, k) => {
      const den = { re: 1 - L * C * w * w, im: R * C * w };
      const mag = Math.hypot(den.re, den.im);
      expect(vc.magnitudeDb[k]).toBeCloseTo(-20 * Math.log10(mag), 9);
      expect(il.magnitudeDb[k]).toBeCloseTo(20 * Math.log10((C * w) / mag), 9);
      expect(vc.phaseDeg[k]).toBeCloseTo((-Math.atan2(den.im, den.re) * 180) / Math.PI, 9);
    });
    // ω → 0: |H_vC| → 1 (0 dB); the grid starts a decade below |pole| = 1/sqrt(LC), where |H_vC| = 1/|0.99 + 0.0707j|
    expect(f.omega[0]).toBeCloseTo(1 / Math.sqrt(L * C) / 10, 12);
    expect(Math.abs(vc.magnitudeDb[0])).toBeLessThan(0.1);
    expect(f.dcGain![0][0]).toBeCloseTo(1, 12);
    // resonance: |H_iL| peaks at ω0 = 1/sqrt(LC) with 1/R
    let best = 0;
    il.magnitudeDb.forEach((m, k) => {
      if (m > il.magnitudeDb[best]) best = k;
    });
    expect(Math.abs(f.omega[best] - 1 / Math.sqrt(L * C)) / (1 / Math.sqrt(L * C))).toBeLessThan(0.02);
    expect(il.magnitudeDb[best]).toBeCloseTo(20 * Math.log10(1 / R), 2);
    // H_iL = C s / …: one zero at the origin
    const z = f.zeros.find((p) => p.output === il.output)!.zeros;
    expect(z).toHaveLength(1);
    expect(Math.hypot(z[0].re, z[0].im)).toBeLessThan(1e-9);
  });
});
