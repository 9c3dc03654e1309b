/**
 * analyze of a description with laws (the linearisation at an operating point) and compareFormulations, each
 * against equations written here by hand: the hardening spring's equilibrium from a scalar Newton on
 * k λ + k3 λ³ = F0 and its poles from m s² + b s + (k + 3 k3 λ0²); every formulation of the series RLC equal to the reference.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyze, compareFormulations, compile, describePoint } from '../src/index';
import { thrown } from './support/thrown';

// m v' = F − b v − (k λ + k3 λ³), λ' = v
const m = 1.5;
const k = 4;
const k3 = 20;
const b = 0.4;
const spring = {
  name: 'hardening',
  parameters: { m, k, k3, b },
  elements: [
    { id: 'F', kind: 'force-source', from: 'g', to: 'v', value: 1 },
    { id: 'mass', kind: 'mass', from: 'v', to: 'g', value: 'm' },
    { id: 'spring', kind: 'spring', from: 'v', to: 'g', law: { through: 'k*lambda + k3*lambda^3' } },
    { id: 'damper', kind: 'damper', from: 'v', to: 'g', value: 'b' },
  ],
  outputs: [{ name: 'velocity', element: 'mass', variable: 'across' }],
  ground: 'g',
};

/** λ0 with k λ0 + k3 λ0³ = F0 (scalar Newton, written here). */
function deflection(F0: number): number {
  let x = 0;
  for (let n = 0; n < 100; n++) x -= (k * x + k3 * x ** 3 - F0) / (k + 3 * k3 * x * x);
  return x;
}

/** The roots of m s² + b s + kEff, sorted by imaginary part. */
function roots(kEff: number): { re: number; im: number }[] {
  const re = -b / (2 * m);
  const d = kEff / m - re * re;
  return d >= 0 ? [{ re, im: -Math.sqrt(d) }, { re, im: Math.sqrt(d) }] : [{ re: re - Math.sqrt(-d), im: 0 }, { re: re + Math.sqrt(-d), im: 0 }];
}

describe('analyze: a description with laws through its linearisation', { timeout: 60_000 }, () => {
  for (const F0 of [0, 3]) {
    it(`at F = ${F0}: the equilibrium deflection and the poles of m s² + b s + (k + 3 k3 λ0²)`, () => {
      const model = compile(spring);
      expect(model.family).toBe('laws');
      const a = analyze(model, { operatingPoint: { inputs: { F: F0 } }, at: [{ re: 0, im: 1 }] });
      const lambda0 = deflection(F0);
      const at = a.linearisedAt;
      expect(at).toBeDefined();
      expect(at?.inputs.F).toBe(F0);
      expect(at?.laws).toEqual(['spring']);
      const lambdaState = Object.keys(at?.states ?? {}).find((s) => s.includes('spring'));
      expect(lambdaState).toBeDefined();
      expect(at?.states[lambdaState ?? '']).toBeCloseTo(lambda0, 10);
      const kEff = k + 3 * k3 * lambda0 * lambda0;
      const want = roots(kEff);
      const got = [...a.poles].sort((p, q) => p.im - q.im || p.re - q.re);
      for (let i = 0; i < 2; i++) {
        expect(got[i].re).toBeCloseTo(want[i].re, 9);
        expect(got[i].im).toBeCloseTo(want[i].im, 9);
      }
      // velocity / F: H(s) = s / (m s² + b s + kEff); DC gain 0
      expect(a.dcGain?.[0][0]).toBeCloseTo(0, 12);
      const s = { re: 0, im: 1 };
      const den = { re: kEff - m, im: b };
      const h = { re: (s.im * den.im) / (den.re ** 2 + den.im ** 2), im: (s.im * den.re) / (den.re ** 2 + den.im ** 2) };
      expect(a.H?.[0].value[0][0].re).toBeCloseTo(h.re, 10);
      expect(a.H?.[0].value[0][0].im).toBeCloseTo(h.im, 10);
      expect(describePoint(at!)).toContain(`F = ${F0}`);
    });
  }

  it('refuses H(s) in the parameters of a law, and an unknown input, naming them', () => {
    const model = compile(spring);
    const e = thrown(() => analyze(model, { symbolic: true }));
    expect(e.code).toBe('unsupported');
    expect(e.element).toBe('spring');
    expect(e.field).toBe('law');
    const u = thrown(() => analyze(model, { operatingPoint: { inputs: { G: 1 } } }));
    expect(u.element).toBe('G');
  });

  it('refuses values in t naming the element', () => {
    const e = thrown(() =>
      analyze(
        compile({
          name: 'rt',
          parameters: {},
          elements: [
            { id: 'V', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
            { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: '1 + t' },
            { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 1 },
          ],
          outputs: [{ name: 'v', element: 'C1', variable: 'across' }],
          ground: 'g',
        }),
      ),
    );
    expect(e.code).toBe('unsupported');
    expect(e.element).toBe('R1');
  });
});

describe('compareFormulations', { timeout: 60_000 }, () => {
  // the series RLC of the examples (R = 1, L = 0.5, C = 0.25): two states v_C1, i_L1
  const rlc = readFileSync(fileURLToPath(new URL('../../../examples/rlc-series.json', import.meta.url)), 'utf8');

  it('every formulation of the series RLC agrees with the reference; the rows name how they were compared', () => {
    const c = compareFormulations(compile(rlc));
    expect(c.states).toEqual(['v_C1', 'i_L1']);
    expect(c.rows[0]).toMatchObject({ formulation: 'general (dense, b1)', difference: 0, comparedBy: 'reference' });
    const names = c.rows.map((r) => r.formulation);
    expect(names).toEqual(['general (dense, b1)', 'general (sparse, b1)', 'general (dense, b2: charges, fluxes)', 'MASD closed form (b1)', 'general (symbolic, evaluated)']);
    for (const r of c.rows) expect(r.difference, r.formulation).not.toBeNull();
    expect(c.largest).toBeLessThan(1e-12);
    expect(c.rows[2].comparedBy).toContain('poles');
    expect(c.masd.applicable).toBe(true);
    expect(c.lawElements).toEqual([]);
  });

  it("a description with laws: the linear models with each law's slope at the origin, the law elements listed", () => {
    const c = compareFormulations(compile(spring));
    expect(c.lawElements).toEqual(['spring']);
    expect(c.states).toHaveLength(2);
    expect(c.largest).toBeLessThan(1e-12);
  });
});
