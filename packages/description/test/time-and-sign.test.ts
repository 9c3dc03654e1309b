/** The reserved time variable t in values, ratios and couplings, and the sign function. */
import { describe, expect, it } from 'vitest';
import {
  createExpressionParser,
  descriptionToJSON,
  evaluateExpression,
  EXPRESSION_FUNCTION_VALUES,
  EXPRESSION_FUNCTIONS,
  expressionFromText,
  withParameters,
} from '../src/index';
import type { ExplicitLaw } from '../src/index';
import { errorsOf, expectError, parse } from './helpers';

/** A through source feeding one element X from n to g. */
const single = (el: Record<string, unknown>, parameters: Record<string, unknown> = { R0: 2, a: 0.5, k: 4, b: 2, F0: 0.3 }) => ({
  parameters,
  elements: [{ id: 'S', kind: 'through-source', from: 'g', to: 'n' }, { id: 'X', from: 'n', to: 'g', ...el }],
});

describe('the time variable t', () => {
  it('is reserved: a parameter named t is a typed error naming it', () => {
    expectError(() => parse(single({ kind: 'resistor', value: 1 }, { t: 1 })), { code: 'bad-value', element: 't', field: 'name' });
  });

  it('marks a value that uses it as time-varying and is not one of its parameters', () => {
    const d = parse(single({ kind: 'resistor', value: 'R0 * (1 + a * sin(t))' }));
    const x = d.oneports[0];
    expect(x.value.dependsOnTime).toBe(true);
    expect(x.value.parameters).toEqual(['R0', 'a']);
    // Independent evaluation in plain JavaScript at t = 0.7.
    expect(evaluateExpression(x.value, d.parameters, 0.7)).toBeCloseTo(2 * (1 + 0.5 * Math.sin(0.7)), 14);
    const constant = parse(single({ kind: 'resistor', value: 'R0' })).oneports[0].value;
    expect(constant.dependsOnTime).toBe(false);
  });

  it('evaluating a time-varying value without a time is a typed error listing t, never NaN', () => {
    const d = parse(single({ kind: 'resistor', value: 'R0 + t' }));
    expectError(() => evaluateExpression(d.oneports[0].value, d.parameters), { code: 'missing-parameter-value', elements: ['t'] });
    const both = expressionFromText('c * t', ['c']);
    expectError(() => evaluateExpression(both, new Map([['c', null]])), { code: 'missing-parameter-value', elements: ['c', 't'] });
    // A constant expression ignores the time.
    expect(evaluateExpression(expressionFromText('2'), new Map())).toBe(2);
  });

  it('reaches spring reciprocals, two-port ratios and mutual couplings', () => {
    const spring = parse(single({ kind: 'spring', value: 'k * (1 + t)' })).oneports[0];
    expect(spring.value.dependsOnTime).toBe(true);
    expect(evaluateExpression(spring.value, new Map([['k', 4]]), 1)).toBeCloseTo(1 / 8, 15);
    const d = parse({
      parameters: { n: 2 },
      elements: [
        { id: 'J', kind: 'current-source', from: 'g', to: 'a' },
        { id: 'L1', kind: 'inductor', from: 'a', to: 'g', value: 1 },
        { id: 'L2', kind: 'inductor', from: 'b', to: 'g', value: 1 },
        { id: 'T', kind: 'transformer', ports: [{ from: 'a', to: 'g' }, { from: 'b', to: 'g' }], ratio: 'n + cos(t)' },
      ],
      mutuals: [{ id: 'M', between: ['L1', 'L2'], coupling: '0.5 * cos(t)' }],
    });
    expect(d.twoPorts[0].ratio.dependsOnTime).toBe(true);
    expect(d.twoPorts[0].ratio.parameters).toEqual(['n']);
    expect(d.mutuals[0].value.dependsOnTime).toBe(true);
  });

  it('checks time-varying values at t = 0 in parseSystem, and at the given time in withParameters', () => {
    // R0 sin(t) is 0 at t = 0; R0 cos(t) is 2 at t = 0 and −2 at t = π.
    expectError(() => parse(single({ kind: 'resistor', value: 'R0 * sin(t)' })), { code: 'non-positive-value', element: 'X' });
    const d = parse(single({ kind: 'resistor', value: 'R0 * cos(t)' }));
    expect(withParameters(d, { R0: 3 }).parameters.get('R0')).toBe(3);
    expectError(() => withParameters(d, {}, { time: Math.PI }), { code: 'non-positive-value', element: 'X', field: 'value' });
    expectError(() => withParameters(d, { t: 1 }), { code: 'unknown-parameter', element: 't' });
    expectError(() => withParameters(d, {}, { time: Number.NaN }), { code: 'bad-value', field: 'time' });
  });

  it('a source constant may not depend on t (a time-varying source is an input)', () => {
    const d = () =>
      parse({
        elements: [
          { id: 'S', kind: 'current-source', from: 'g', to: 'n', value: '2 * sin(t)' },
          { id: 'R', kind: 'resistor', from: 'n', to: 'g', value: 1 },
        ],
      });
    expectError(d, { code: 'bad-value', element: 'S', field: 'value' });
  });

  it('survives descriptionToJSON', () => {
    const d = parse(single({ kind: 'resistor', value: 'R0 * (2 + sin(t))' }));
    const again = parse(descriptionToJSON(d));
    expect(again.oneports[0].value.text).toBe(d.oneports[0].value.text);
    expect(again.oneports[0].value.dependsOnTime).toBe(true);
  });
});

describe('sign', () => {
  it('is a whitelisted function with sign(0) = 0', () => {
    expect(EXPRESSION_FUNCTIONS).toContain('sign');
    const sign = EXPRESSION_FUNCTION_VALUES.get('sign') as (x: number) => number;
    expect([sign(-3), sign(0), sign(2.5)]).toEqual([-1, 0, 1]);
    const e = expressionFromText('sign(x)', ['x']);
    expect(evaluateExpression(e, new Map([['x', 0]]))).toBe(0);
    expect(evaluateExpression(e, new Map([['x', -0.1]]))).toBe(-1);
  });

  it('differentiates as 0 away from the origin: d(x sign(x))/dx = sign(x)', () => {
    const ep = createExpressionParser();
    const x = new Set(['x']);
    const d = ep.derivative(ep.parse('x * sign(x) + 3 * x', x), 'x', x);
    for (const at of [-2, 0.5, 3]) expect(evaluateExpression(d, new Map([['x', at]]))).toBe(Math.sign(at) + 3);
  });

  it('a Coulomb-friction damper law i = b v + F0 sign(v) has R = 1/b at the origin', () => {
    const d = parse(single({ kind: 'damper', law: { through: 'b * v + F0 * sign(v)' } }));
    const law = d.oneports[0].law as ExplicitLaw;
    expect(law.expression.parameters).toEqual(['F0', 'b']);
    expect(evaluateExpression(d.oneports[0].value, d.parameters)).toBeCloseTo(1 / 2, 15);
  });

  it('does not accept a sign of two arguments', () => {
    expect(errorsOf(() => expressionFromText('sign(x, 1)', ['x']))[0].code).toBe('bad-value');
  });
});

describe('derivatives of abs', () => {
  it('d|x|/dx = sign(x), 0 at the origin (not 0/0): a law v = R i |i| has R = 0 there', () => {
    const ep = createExpressionParser();
    const x = new Set(['x']);
    const d = ep.derivative(ep.parse('abs(x) + x * abs(x)', x), 'x', x);
    // d/dx (|x| + x|x|) = sign(x) + 2|x|
    for (const at of [-2, 0, 0.5]) expect(evaluateExpression(d, new Map([['x', at]]))).toBe(Math.sign(at) + 2 * Math.abs(at));
    const law = parse(single({ kind: 'resistor', law: { across: 'R0 * i * abs(i)' } }));
    expect(evaluateExpression(law.oneports[0].value, law.parameters)).toBe(0);
  });
});
