import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dcGain, frequencyResponse, poles, transferAt } from '../src/index';
import type { NumericModel } from '../src/index';
import { example, numericAt, ownValues, symbolicRun } from './support/pipeline';

const SEED = 7_2024;

/** RC low-pass: v_C' = (Vs − v_C)/(R C), y = v_C. */
const lowPass = (R: number, C: number): NumericModel => ({ A: [[-1 / (R * C)]], B: [[1 / (R * C)]], C: [[1]], D: [[0]], E: [[0]] });

const rcDescription = (R: number, C: number) => ({
  name: 'rc-low-pass',
  parameters: { R: { value: R }, C: { value: C } },
  elements: [
    { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
    { id: 'R', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
    { id: 'C', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
  ],
  outputs: [{ name: 'v_C', element: 'C', variable: 'across' }],
  ground: 'g',
});

describe('frequencyResponse against the RC low-pass closed form |H| = 1/√(1 + (ωRC)²), ∠H = −atan(ωRC)', () => {
  it('−3.01 dB and −45° at ω = 1/RC (model from the pipeline)', () => {
    const R = 2.2e3;
    const C = 4.7e-6;
    const run = symbolicRun(rcDescription(R, C));
    const model = numericAt(run, ownValues(run));
    const wc = 1 / (R * C);
    // Three log-spaced points from wc/10 to 10 wc: the middle one is wc.
    const fr = frequencyResponse(model, 0, 0, wc / 10, wc * 10, 3);
    expect(fr.omega[1]).toBeCloseTo(wc, 9);
    expect(fr.magnitudeDb[1]).toBeCloseTo(20 * Math.log10(Math.SQRT1_2), 10); // −3.0103 dB
    expect(fr.phaseDeg[1]).toBeCloseTo(-45, 10);
  });

  it('the whole curve at 60 points over four decades', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e4, noNaN: true }), fc.double({ min: 1e-7, max: 1e-3, noNaN: true }), (R, C) => {
        const wc = 1 / (R * C);
        const fr = frequencyResponse(lowPass(R, C), 0, 0, wc / 100, wc * 100, 60);
        for (let k = 0; k < 60; k++) {
          const x = fr.omega[k] * R * C;
          expect(fr.magnitudeDb[k]).toBeCloseTo(-10 * Math.log10(1 + x * x), 9);
          expect(fr.phaseDeg[k]).toBeCloseTo((-Math.atan(x) * 180) / Math.PI, 9);
        }
      }),
      { seed: SEED, numRuns: 20 },
    );
  });

  it('the phase is unwrapped: a three-section RC ladder goes continuously towards −270°', () => {
    // Three identical sections, R = C = 1: A from the nodal equations C v' = (v_{k−1} − v_k)/R − (v_k − v_{k+1})/R.
    const model: NumericModel = {
      A: [[-2, 1, 0], [1, -2, 1], [0, 1, -1]],
      B: [[1], [0], [0]],
      C: [[0, 0, 1]],
      D: [[0]],
      E: [[0]],
    };
    const fr = frequencyResponse(model, 0, 0, 1e-3, 1e3, 200);
    for (let k = 1; k < 200; k++) expect(fr.phaseDeg[k]).toBeLessThanOrEqual(fr.phaseDeg[k - 1] + 1e-9);
    expect(fr.phaseDeg[199]).toBeLessThan(-260);
    expect(fr.phaseDeg[199]).toBeGreaterThan(-270);
  });
});

describe('dcGain', () => {
  it('a resistive divider: R2/(R1 + R2) (no state: D only)', () => {
    const run = symbolicRun({
      name: 'divider',
      parameters: { R1: { value: 1.5e3 }, R2: { value: 4.7e3 } },
      elements: [
        { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R1' },
        { id: 'R2', kind: 'resistor', from: 'b', to: 'g', value: 'R2' },
      ],
      outputs: [{ name: 'v2', element: 'R2', variable: 'across' }],
      ground: 'g',
    });
    const model = numericAt(run, ownValues(run));
    expect(model.states).toEqual([]);
    expect(dcGain(model)[0][0]).toBeCloseTo(4.7 / 6.2, 14);
  });

  it('a divider with a capacitor across R2: the DC gain is still R2/(R1 + R2) (D − C A⁻¹ B)', () => {
    const run = symbolicRun({
      name: 'loaded-divider',
      parameters: { R1: { value: 3 }, R2: { value: 5 }, C: { value: 0.1 } },
      elements: [
        { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
        { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R1' },
        { id: 'R2', kind: 'resistor', from: 'b', to: 'g', value: 'R2' },
        { id: 'C', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
      ],
      outputs: [
        { name: 'v2', element: 'R2', variable: 'across' },
        { name: 'i1', element: 'R1', variable: 'through' },
      ],
      ground: 'g',
    });
    const model = numericAt(run, ownValues(run));
    expect(model.states).toHaveLength(1);
    const g = dcGain(model);
    expect(g[0][0]).toBeCloseTo(5 / 8, 14);
    expect(g[1][0]).toBeCloseTo(1 / 8, 14); // i = Vs/(R1 + R2)
  });

  it('a pole at s = 0 (a capacitor charged by a current source) has no DC gain: bad-option', () => {
    const model: NumericModel = { A: [[0]], B: [[1]], C: [[1]], D: [[0]], E: [[0]] };
    expect(() => dcGain(model)).toThrowError(expect.objectContaining({ code: 'bad-option', field: 's' }));
  });
});

describe('transferAt and poles against the series RLC closed forms', () => {
  it('H_vC(s) = 1/(L C s² + R C s + 1) and H_iL(s) = C s/(L C s² + R C s + 1) at random complex s', () => {
    const run = symbolicRun(example('rlc-series'));
    const model = numericAt(run, ownValues(run));
    const [R, L, C] = [1, 0.5, 0.25];
    fc.assert(
      fc.property(fc.double({ min: -4, max: 4, noNaN: true }), fc.double({ min: 0.01, max: 4, noNaN: true }), (re, im) => {
        // den = L C s² + R C s + 1 with s = re + i im
        const s2 = { re: re * re - im * im, im: 2 * re * im };
        const den = { re: L * C * s2.re + R * C * re + 1, im: L * C * s2.im + R * C * im };
        const d2 = den.re ** 2 + den.im ** 2;
        const vC = { re: den.re / d2, im: -den.im / d2 };
        const iL = { re: C * (re * vC.re - im * vC.im), im: C * (re * vC.im + im * vC.re) };
        const h = transferAt(model, { re, im });
        for (const [got, want] of [[h[0][0], vC], [h[1][0], iL]]) {
          expect(Math.hypot(got.re - want.re, got.im - want.im)).toBeLessThan(1e-12 * Math.max(1, Math.hypot(want.re, want.im)));
        }
      }),
      { seed: SEED, numRuns: 50 },
    );
  });

  it('poles: −1 ± i√7 (s² + (R/L) s + 1/(L C) with R = 1, L = 0.5, C = 0.25), sorted by real then imaginary part', () => {
    const run = symbolicRun(example('rlc-series'));
    const p = poles(numericAt(run, ownValues(run)));
    expect(p).toHaveLength(2);
    expect(p[0].re).toBeCloseTo(-1, 12);
    expect(p[0].im).toBeCloseTo(-Math.sqrt(7), 12);
    expect(p[1].re).toBeCloseTo(-1, 12);
    expect(p[1].im).toBeCloseTo(Math.sqrt(7), 12);
  });

  it('poles of a mass–spring–damper: (−b ± √(b² − 4 m k))/(2 m)', () => {
    const run = symbolicRun(example('mass-spring-damper'));
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 10, noNaN: true }), fc.double({ min: 0.1, max: 10, noNaN: true }), fc.double({ min: 0.01, max: 10, noNaN: true }), (m, k, b) => {
        const p = poles(numericAt(run, new Map([['m', m], ['k', k], ['b', b]])));
        const disc = b * b - 4 * m * k;
        const want = disc >= 0
          ? [{ re: (-b - Math.sqrt(disc)) / (2 * m), im: 0 }, { re: (-b + Math.sqrt(disc)) / (2 * m), im: 0 }]
          : [{ re: -b / (2 * m), im: -Math.sqrt(-disc) / (2 * m) }, { re: -b / (2 * m), im: Math.sqrt(-disc) / (2 * m) }];
        const scale = Math.max(1, Math.hypot(want[0].re, want[0].im), Math.hypot(want[1].re, want[1].im));
        // A double root (disc ≈ 0) is ill-conditioned: the eigenvalues split by about √ε·|λ|.
        const tol = Math.abs(disc) < 1e-6 * b * b ? 1e-6 : 1e-9;
        p.forEach((z, i) => expect(Math.hypot(z.re - want[i].re, z.im - want[i].im)).toBeLessThan(tol * scale));
      }),
      { seed: SEED, numRuns: 50 },
    );
  });

  it('transferAt at a pole is refused, naming s', () => {
    const model = lowPass(1, 1);
    expect(() => transferAt(model, { re: -1, im: 0 })).toThrowError(expect.objectContaining({ code: 'bad-option', field: 's' }));
  });

  it('D and E enter as D + s E', () => {
    const model: NumericModel = { A: [], B: [], C: [[]], D: [[2]], E: [[3]] };
    expect(transferAt(model, { re: 0.5, im: 2 })).toEqual([[{ re: 2 + 1.5, im: 6 }]]);
  });
});
