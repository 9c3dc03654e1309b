/** Parametric laws (w(ξ), z(ξ)), MASD eq. 40: reading, the incremental value dz/dw, and typed errors. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descriptionToJSON, evaluateExpression, formatDescription } from '../src/index';
import type { OnePort, ParametricLaw, SystemDescription } from '../src/index';
import { expectError, parse } from './helpers';

const PARAMETERS = { C: 0.5, L: 0.25, R: 4, k: 3 };

function single(el: Record<string, unknown>, parameters: Record<string, unknown> = PARAMETERS) {
  return {
    parameters,
    elements: [{ id: 'E', kind: 'voltage-source', from: 'a', to: 'g' }, { id: 'X', from: 'a', to: 'g', ...el }],
  };
}
const element = (d: SystemDescription): OnePort => d.oneports.find((e) => e.id === 'X') as OnePort;
const valueOf = (d: SystemDescription) => evaluateExpression(element(d).value, d.parameters as ReadonlyMap<string, number>);
const curve = (kind: string, parametric: Record<string, unknown>, parameters?: Record<string, unknown>) =>
  parse(single({ kind, law: { parametric } }, parameters));

describe('parametric laws', () => {
  it('read the parameter, the interval and the coordinates in [w, z] order', () => {
    const d = curve('capacitor', { interval: [-1, 1], charge: 'C * s + s ^ 3', across: 's' });
    const law = element(d).law as ParametricLaw;
    expect(law.kind).toBe('parametric');
    expect(law.parameter).toBe('s');
    expect(law.interval).toEqual([-1, 1]);
    expect(law.coordinates.map((c) => c.quantity)).toEqual(['across', 'charge']);
    expect(law.coordinates[1].expression.parameters).toEqual(['C']);
    expect(law.usesTime).toBe(false);
    expect(law.valueAt).toBe(0);
  });

  it('take dz/dw at the origin of a curve through it (hand-derived: C, L, R)', () => {
    // q = C s + s³, v = s: dq/dv(0) = C.  λ = L ξ/(1 + ξ²), i = ξ: L.  v = R x, i = x³ + x: R/(3x² + 1) = R at 0.
    expect(valueOf(curve('capacitor', { interval: [-1, 1], across: 's', charge: 'C * s + s ^ 3' }))).toBeCloseTo(0.5, 15);
    expect(valueOf(curve('inductor', { parameter: 'xi', interval: [-2, 2], through: 'xi', flux: 'L * xi / (1 + xi ^ 2)' }))).toBeCloseTo(0.25, 15);
    expect(valueOf(curve('resistor', { parameter: 'x', interval: [-1, 1], through: 'x ^ 3 + x', across: 'R * x' }))).toBeCloseTo(4, 15);
    // A spring (T-type): i = force, λ = deflection; λ = s/k, i = s gives L = 1/k.
    expect(valueOf(curve('spring', { interval: [-1, 1], through: 's', flux: 's / k' }))).toBeCloseTo(1 / 3, 15);
  });

  it('recognise a curve through the origin when w(0) vanishes for any parameter values', () => {
    // v = k sin(s), q = C s + s²; interval [-1, 3] has midpoint 1, so the origin rule gives C/k, the midpoint
    // rule (C + 2)/(k cos 1).
    const d = curve('capacitor', { interval: [-1, 3], across: 'k * sin(s)', charge: 'C * s + s ^ 2' });
    expect((element(d).law as ParametricLaw).valueAt).toBe(0);
    expect(valueOf(d)).toBeCloseTo(0.5 / 3, 15);
  });

  it('use the midpoint when the curve misses the origin or 0 is outside the interval', () => {
    // v = 1 + s, q = s²: dq/dv = 2s; the midpoint of [-1, 3] is 1 → 2, of [2, 4] is 3 → 6.
    const missing = curve('capacitor', { interval: [-1, 3], across: '1 + s', charge: 's ^ 2' });
    expect((element(missing).law as ParametricLaw).valueAt).toBe(1);
    expect(valueOf(missing)).toBe(2);
    expect(valueOf(curve('capacitor', { interval: [2, 4], across: 's', charge: 's ^ 2' }))).toBe(6);
  });

  it('agree with a central difference of the curve at ξ0 (random polynomials, seeded)', () => {
    // Coefficients in quarters keep the texts short (mathjs's derivative and simplify dominate the run time).
    const coefficient = fc.integer({ min: 1, max: 16 }).map((k) => k / 4);
    fc.assert(
      fc.property(coefficient, coefficient, coefficient, coefficient, fc.boolean(), (a1, a2, b1, b3, throughOrigin) => {
        const w = throughOrigin ? (s: number) => a1 * s + a2 * s * s : (s: number) => a1 * s + a2 * s * s + 1;
        const z = (s: number) => b1 * s + b3 * s * s * s;
        const d = curve(
          'resistor',
          { interval: [-1, 2], through: `${a1} * s + ${a2} * s^2${throughOrigin ? '' : ' + 1'}`, across: `${b1} * s + ${b3} * s^3` },
          {},
        );
        const at = throughOrigin ? 0 : 0.5;
        expect((element(d).law as ParametricLaw).valueAt).toBe(at);
        const h = 1e-5;
        const expected = (z(at + h) - z(at - h)) / (w(at + h) - w(at - h));
        expect(valueOf(d)).toBeCloseTo(expected, 7);
      }),
      { seed: 4011, numRuns: 20 },
    );
  }, 60_000);

  it('mark a coordinate that uses t, and keep t out of the parameters', () => {
    const law = element(curve('capacitor', { interval: [-1, 1], across: 's', charge: 'C * s * (1 + sin(t))' })).law as ParametricLaw;
    expect(law.usesTime).toBe(true);
    expect(law.coordinates[1].expression.parameters).toEqual(['C']);
  });

  it('survive descriptionToJSON and print in formatDescription', () => {
    const d = curve('resistor', { parameter: 'x', interval: [-1, 1], through: 'x ^ 3 + x', across: 'R * x' });
    const again = parse(descriptionToJSON(d));
    expect(element(again).law).toEqual(element(d).law);
    expect(valueOf(again)).toBe(valueOf(d));
    expect(formatDescription(d)).toContain('(i, v) = (x ^ 3 + x, R * x), x in [-1, 1]');
  });
});

describe('bad parametric laws get bad-law naming the element and field', () => {
  it('a coordinate of another element type, or a missing coordinate', () => {
    expectError(() => curve('capacitor', { interval: [-1, 1], across: 's', flux: 's' }), { code: 'bad-law', element: 'X', field: 'law.parametric.flux' });
    expectError(() => curve('capacitor', { interval: [-1, 1], across: 's', flux: 's' }), { code: 'bad-law', element: 'X', field: 'law.parametric.charge' });
    expectError(() => curve('resistor', { interval: [-1, 1], through: 's' }), { code: 'bad-law', element: 'X', field: 'law.parametric.across' });
  });

  it('a missing, reversed, empty or non-finite interval', () => {
    const body = { across: 's', charge: 's' };
    expectError(() => curve('capacitor', body), { code: 'bad-law', element: 'X', field: 'law.parametric.interval' });
    expectError(() => curve('capacitor', { ...body, interval: [1, -1] }), { code: 'bad-law', element: 'X', field: 'law.parametric.interval' });
    expectError(() => curve('capacitor', { ...body, interval: [1, 1] }), { code: 'bad-law', element: 'X', field: 'law.parametric.interval' });
    expectError(() => curve('capacitor', { ...body, interval: [0, Infinity] }), { element: 'X', field: 'law.parametric.interval[1]' });
  });

  it('a curve parameter that shadows a declared parameter or t', () => {
    const body = { interval: [-1, 1], across: 'C', charge: 'C' };
    expectError(() => curve('capacitor', { ...body, parameter: 'C' }), { code: 'bad-law', element: 'X', field: 'law.parametric.parameter', elements: ['C'] });
    expectError(() => curve('capacitor', { ...body, parameter: 't', across: 't', charge: 't' }), {
      code: 'bad-law',
      element: 'X',
      field: 'law.parametric.parameter',
      elements: ['t'],
    });
    // The default "s" while a parameter s is declared.
    expectError(() => curve('capacitor', { interval: [-1, 1], across: 's', charge: 's' }, { s: 1 }), {
      code: 'bad-law',
      element: 'X',
      field: 'law.parametric.parameter',
      elements: ['s'],
    });
  });

  it('a coordinate that does not parse, uses a forbidden function or an unknown name', () => {
    expectError(() => curve('capacitor', { interval: [-1, 1], across: 's', charge: 'C * (s' }), { code: 'bad-law', element: 'X', field: 'law.parametric.charge' });
    expectError(() => curve('capacitor', { interval: [-1, 1], across: 'max(s, 0)', charge: 's' }), { code: 'bad-law', element: 'X', field: 'law.parametric.across' });
    expectError(() => curve('capacitor', { interval: [-1, 1], across: 's', charge: 'q * s' }), {
      code: 'bad-law',
      element: 'X',
      field: 'law.parametric.charge',
      elements: ['q'],
    });
  });

  it('an unknown key is a schema error naming the element', () => {
    expectError(() => curve('capacitor', { interval: [-1, 1], across: 's', charge: 's', extra: 's' }), { element: 'X', field: 'law.parametric.extra' });
  });
});
