import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createExpressionParser,
  evaluateExpression,
  expressionFromNumber,
  expressionFromText,
} from '../src/index';
import { errorsOf, expectError } from './helpers';

const ep = createExpressionParser();
/** Names that mathjs predefines as units, constants or functions, used as plain parameters. */
const TRICKY = ['m', 'g', 'N', 'J', 'C', 'L', 'e', 'i', 'E', 'pi'];

describe('restricted expressions', () => {
  it('treats mathjs units and constants as declared parameters', () => {
    const values = new Map<string, number>([
      ['m', 2], ['g', 3], ['N', 5], ['J', 7], ['C', 11], ['L', 13], ['e', 17], ['i', 19], ['E', 23], ['pi', 29],
    ]);
    const expr = ep.parse('m*g + N/J - C^2 + L*e*i - E + pi', values);
    expect(expr.parameters).toEqual([...TRICKY].sort());
    // Independent evaluation in plain JavaScript.
    const expected = 2 * 3 + 5 / 7 - 11 ** 2 + 13 * 17 * 19 - 23 + 29;
    expect(evaluateExpression(expr, values)).toBeCloseTo(expected, 12);
  });

  it('reads implicit multiplication "2 m" as 2 times the parameter m, not metres', () => {
    const expr = ep.parse('2 m', new Set(['m']));
    expect(evaluateExpression(expr, new Map([['m', 4]]))).toBe(8);
  });

  it('uses pi as the constant only when no parameter is named pi', () => {
    const constant = ep.parse('2 * pi', new Set());
    expect(constant.parameters).toEqual([]);
    expect(evaluateExpression(constant, new Map())).toBe(2 * Math.PI);
    const declared = ep.parse('2 * pi', new Set(['pi']));
    expect(declared.parameters).toEqual(['pi']);
    expect(evaluateExpression(declared, new Map([['pi', 3]]))).toBe(6);
  });

  it('accepts the whitelisted functions', () => {
    const values = new Map([['x', 0.3]]);
    const expr = ep.parse('sqrt(x) + exp(x) + log(x) + sin(x) + cos(x) + tan(x) + abs(-x)', values);
    const x = 0.3;
    const expected = Math.sqrt(x) + Math.exp(x) + Math.log(x) + Math.sin(x) + Math.cos(x) + Math.tan(x) + Math.abs(-x);
    expect(evaluateExpression(expr, values)).toBeCloseTo(expected, 14);
  });

  it.each([
    'import({}, {})',
    'f(x) = x',
    'a = 2',
    '[1,2]',
    'x.y',
    "createUnit('foo')",
    "evaluate('1')",
    'a ? x : y',
    '1:3',
    'x == a',
    'x!',
    "x'",
    '"text"',
    'true',
    '{a: 1}',
    'x[1]',
    'x; a',
    'x to cm',
    'x mod a',
    'log(x, 2)',
    'f(x)',
    'x(2)',
    'NaN',
    'Infinity',
    '1e999',
    '(',
    '',
    '   ',
  ])('rejects %j with bad-value', (text) => {
    const err = expectError(() => ep.parse(text, new Set(['x', 'a']), { element: 'R1', field: 'value' }), {
      code: 'bad-value',
      element: 'R1',
      field: 'value',
    });
    expect(err).toBeDefined();
  });

  it('rejects deep nesting and overlong text with bad-value, not a stack overflow', () => {
    const deep = `${'('.repeat(500)}x${')'.repeat(500)}`;
    expectError(() => ep.parse(deep, new Set(['x']), { element: 'R1', field: 'value' }), { code: 'bad-value', element: 'R1' });
    const long = Array.from({ length: 400 }, () => 'x').join('+');
    expectError(() => ep.parse(long, new Set(['x']), { element: 'R1', field: 'value' }), { code: 'bad-value', element: 'R1' });
  });

  it('reports undeclared names as unknown-parameter, listing them', () => {
    expectError(() => ep.parse('k * q + k', new Set(['x']), { element: 'S', field: 'value' }), {
      code: 'unknown-parameter',
      element: 'S',
      field: 'value',
      elements: ['k', 'q'],
    });
  });

  it('keeps reciprocals exact as fraction nodes', () => {
    const three = ep.reciprocal(ep.fromNumber(3));
    expect(three.text).toBe('1 / 3');
    expect(evaluateExpression(three, new Map())).toBe(1 / 3);
    const k = ep.reciprocal(ep.parse('2 * k', new Set(['k'])));
    expect(k.text).toBe('1 / (2 * k)');
    expect(evaluateExpression(k, new Map([['k', 5]]))).toBe(1 / 10);
  });

  it('keeps numbers as written and re-parses negative numbers to the same value', () => {
    expect(expressionFromNumber(0.3333333333333333).text).toBe('0.3333333333333333');
    expect(expressionFromNumber(0.1).text).toBe('0.1');
    const neg = expressionFromNumber(-2);
    expect(evaluateExpression(neg, new Map())).toBe(-2);
    const squared = expressionFromText(`(${neg.text}) ^ 2`);
    expect(evaluateExpression(squared, new Map())).toBe(4);
    expect(evaluateExpression(ep.reciprocal(neg), new Map())).toBe(-0.5);
  });

  it('evaluateExpression lists the parameters without values', () => {
    const expr = ep.parse('a * b + c', new Set(['a', 'b', 'c']));
    expectError(() => evaluateExpression(expr, new Map([['a', 1], ['b', null]])), {
      code: 'missing-parameter-value',
      elements: ['b', 'c'],
    });
  });

  it('expressionFromNumber rejects non-finite numbers', () => {
    expect(errorsOf(() => expressionFromNumber(Number.NaN))[0].code).toBe('bad-value');
    expect(errorsOf(() => expressionFromNumber(Infinity))[0].code).toBe('bad-value');
  });

  it('evaluates random expressions exactly as plain JavaScript does (seeded)', () => {
    const names = TRICKY;
    const values = new Map(names.map((n, k) => [n, 0.5 + k / 3]));
    type Gen = { text: string; value: number };
    const leaf: fc.Arbitrary<Gen> = fc.oneof(
      fc.constantFrom(...names).map((n) => ({ text: n, value: values.get(n) as number })),
      fc.integer({ min: 0, max: 50 }).map((k) => ({ text: String(k), value: k })),
    );
    const { tree } = fc.letrec<{ tree: Gen }>((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.tuple(tie('tree'), fc.constantFrom('+', '-', '*', '/'), tie('tree')).map(([a, op, b]) => ({
          text: `(${a.text}) ${op} (${b.text})`,
          value: op === '+' ? a.value + b.value : op === '-' ? a.value - b.value : op === '*' ? a.value * b.value : a.value / b.value,
        })),
        tie('tree').map((a) => ({ text: `-(${a.text})`, value: -a.value })),
        tie('tree').map((a) => ({ text: `sqrt(abs(${a.text}))`, value: Math.sqrt(Math.abs(a.value)) })),
      ),
    }));
    fc.assert(
      fc.property(tree, (g) => {
        const expr = ep.parse(g.text, values);
        const got = evaluateExpression(expr, values);
        expect(Object.is(got, g.value) || got === g.value).toBe(true);
        // The normalised text parses back to the same value.
        expect(Object.is(evaluateExpression(ep.parse(expr.text, values), values), got) || Number.isNaN(got)).toBe(true);
      }),
      { seed: 20240611, numRuns: 300 },
    );
  });
});
