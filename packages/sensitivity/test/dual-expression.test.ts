/** Forward-mode derivatives of element expressions against central differences of evaluateExpression. */
import { describe, expect, it } from 'vitest';
import { createExpressionParser, evaluateExpression } from '@sysgraph/description';
import { dualExpression } from '../src/index';

const TEXTS = [
  'sqrt(a*b) + exp(a/b) - log(b) * sin(a) + cos(a*b)^2',
  'tan(a/3) + abs(a-b) * sign(b) + a^b + 2^a / (1 + a)^3',
  '1 / (b)',
  '-a * (+b) - 3',
];

describe('dualExpression', () => {
  const parser = createExpressionParser();
  const declared = new Set(['a', 'b', 'c']);
  for (const text of TEXTS) {
    for (const [a, b] of [[0.7, 1.3], [1.9, 0.4]]) {
      it(`${text} at a = ${a}, b = ${b}`, () => {
        const expr = parser.parse(text, declared);
        const values = new Map<string, number | null>([['a', a], ['b', b], ['c', 5]]);
        const index = new Map([['a', 0], ['b', 1], ['c', 2]]);
        const dual = dualExpression(expr, values, index, 3);
        expect(dual.v).toBeCloseTo(evaluateExpression(expr, values), 14);
        (['a', 'b'] as const).forEach((name, k) => {
          const h = 1e-6;
          const up = new Map(values).set(name, (values.get(name) as number) + h);
          const down = new Map(values).set(name, (values.get(name) as number) - h);
          const cd = (evaluateExpression(expr, up) - evaluateExpression(expr, down)) / (2 * h);
          expect(Math.abs(dual.d[k] - cd), `∂/∂${name}`).toBeLessThanOrEqual(1e-7 * Math.max(1, Math.abs(cd)));
        });
        expect(Math.abs(dual.d[2])).toBe(0);
      });
    }
  }
});
