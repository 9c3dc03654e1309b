/** Constitutive laws in place of values: reading, the incremental value at the origin, and typed errors. */
import { describe, expect, it } from 'vitest';
import { descriptionToJSON, evaluateExpression, formatDescription } from '../src/index';
import type { ExplicitLaw, OnePort, SystemDescription } from '../src/index';
import { expectError, parse } from './helpers';

const PARAMETERS = { C: 0.5, L: 0.25, R: 4, k: 3, k3: 0.5, b: 2, Is: 1e-12, Vt: 0.025 };

/** A source feeding one element `el` (between a and g); the element's id is X. */
function single(el: Record<string, unknown>, parameters: Record<string, unknown> = PARAMETERS) {
  return {
    name: 'law',
    parameters,
    elements: [{ id: 'E', kind: 'voltage-source', from: 'a', to: 'g' }, { id: 'X', from: 'a', to: 'g', ...el }],
  };
}
const element = (d: SystemDescription): OnePort => d.oneports.find((e) => e.id === 'X') as OnePort;
const valueOf = (d: SystemDescription) => evaluateExpression(element(d).value, d.parameters as ReadonlyMap<string, number>);

describe('laws', () => {
  it('read the form, the variable and the parameters; t marks a time-varying law', () => {
    const d = parse(single({ kind: 'spring', law: { through: 'k*lambda + k3*lambda^3 + b*sin(t)' } }));
    const law = element(d).law as ExplicitLaw;
    expect(law.kind).toBe('explicit');
    expect(law.form).toBe('through');
    expect(law.variable).toBe('lambda');
    expect(law.expression.parameters).toEqual(['b', 'k', 'k3']);
    expect(law.usesVariable).toBe(true);
    expect(law.usesTime).toBe(true);
  });

  it('a linear law gives the generalised value of the linear element (C, L = 1/k, R)', () => {
    // Hand-derived slopes at the origin: q = C v → C; v = q/C → 1/(1/C); λ = L i → L; i = k λ → 1/k;
    // v = R i → R; i = v/R → 1/(1/R); i = b v (a damper, R = 1/b) → 1/b.
    const cases: [Record<string, unknown>, number][] = [
      [{ kind: 'capacitor', law: { charge: 'C*v' } }, 0.5],
      [{ kind: 'capacitor', law: { across: 'q/C' } }, 0.5],
      [{ kind: 'inductor', law: { flux: 'L*i' } }, 0.25],
      [{ kind: 'spring', law: { through: 'k*lambda' } }, 1 / 3],
      [{ kind: 'resistor', law: { across: 'R*i' } }, 4],
      [{ kind: 'resistor', law: { through: 'v/R' } }, 4],
      [{ kind: 'damper', law: { through: 'b*v' } }, 0.5],
    ];
    for (const [el, expected] of cases) expect(valueOf(parse(single(el)))).toBeCloseTo(expected, 14);
  });

  it('a nonlinear law gives its slope at the origin: the diode R = Vt/Is, the hardening spring L = 1/k', () => {
    expect(valueOf(parse(single({ kind: 'resistor', law: { through: 'Is*(exp(v/Vt) - 1)' } }))) / (0.025 / 1e-12)).toBeCloseTo(1, 12);
    expect(valueOf(parse(single({ kind: 'spring', law: { through: 'k*lambda + k3*lambda^3' } })))).toBeCloseTo(1 / 3, 14);
  });

  it('survive descriptionToJSON and print in formatDescription', () => {
    const d = parse(single({ kind: 'capacitor', law: { across: 'q/C + q^3' } }));
    const again = parse(descriptionToJSON(d));
    const law = (x: SystemDescription) => element(x).law as ExplicitLaw;
    expect(law(again).expression.text).toBe(law(d).expression.text);
    expect(law(again).form).toBe('across');
    expect(formatDescription(d)).toContain('v = q / C + q ^ 3');
  });
});

describe('bad laws get typed errors naming the element', () => {
  it('a form that the element type does not have', () => {
    expectError(() => parse(single({ kind: 'capacitor', law: { flux: 'L*i' } })), { code: 'bad-law', element: 'X', field: 'law.flux' });
    expectError(() => parse(single({ kind: 'resistor', law: { charge: 'C*v' } })), { code: 'bad-law', element: 'X', field: 'law.charge' });
  });

  it('an unknown variable (the law of q = Q(v) uses q)', () => {
    expectError(() => parse(single({ kind: 'capacitor', law: { charge: 'C*q' } })), {
      code: 'unknown-parameter',
      element: 'X',
      field: 'law.charge',
      elements: ['q'],
    });
  });

  it('a law that does not parse, or uses a function that is not allowed', () => {
    expectError(() => parse(single({ kind: 'capacitor', law: { charge: 'C*(v' } })), { code: 'bad-value', element: 'X', field: 'law.charge' });
    expectError(() => parse(single({ kind: 'capacitor', law: { charge: 'max(v, 0)' } })), { code: 'bad-value', element: 'X' });
  });

  it('a parameter with the name of a law variable', () => {
    expectError(() => parse(single({ kind: 'capacitor', law: { charge: 'C*v' } }, { C: 1, v: 2 })), {
      code: 'bad-law',
      element: 'X',
      field: 'law.charge',
      elements: ['v'],
    });
  });

  it('a law and a value together, neither, several forms, or a law on a source', () => {
    expectError(() => parse(single({ kind: 'capacitor', value: 1, law: { charge: 'C*v' } })), { element: 'X', field: 'value' });
    expectError(() => parse(single({ kind: 'capacitor' })), { code: 'missing-field', element: 'X', field: 'value' });
    expectError(() => parse(single({ kind: 'capacitor', law: { charge: 'C*v', across: 'q/C' } })), { element: 'X', field: 'law' });
    expectError(() => parse(single({ kind: 'capacitor', law: {} })), { element: 'X', field: 'law' });
    expectError(() => parse(single({ kind: 'current-source', law: { through: 'v' } })), { element: 'X', field: 'law' });
  });
});
