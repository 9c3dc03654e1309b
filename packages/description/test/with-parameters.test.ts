import { describe, expect, it } from 'vitest';
import { evaluateExpression, withParameters } from '../src/index';
import { expectError, parse, rc } from './helpers';

describe('withParameters', () => {
  it('returns a copy with the values set, leaving the original alone', () => {
    const d = parse({ ...rc(), parameters: { R: 2, C: null } });
    const e = withParameters(d, { C: 0.25, R: 3 });
    expect([...e.parameters]).toEqual([['R', 3], ['C', 0.25]]); // input order kept
    expect(d.parameters.get('C')).toBeNull();
    expect(evaluateExpression(e.oneports[1].value, e.parameters)).toBe(0.25);
    expect(e.oneports).toBe(d.oneports);
  });

  it('rejects unknown names and non-finite values', () => {
    const d = parse(rc());
    expectError(() => withParameters(d, { Q: 1 }), { code: 'unknown-parameter', element: 'Q' });
    expectError(() => withParameters(d, { R: Number.NaN }), { code: 'bad-value', element: 'R' });
  });

  it('runs the positivity checks again, naming element and parameter', () => {
    const d = parse(rc());
    expectError(() => withParameters(d, { R: -1 }), { code: 'non-positive-value', element: 'R1', field: 'value', elements: ['R'] });
    const spring = parse({
      parameters: { k: 2 },
      elements: [
        { id: 'F', kind: 'force-source', from: 'g', to: 'v' },
        { id: 'K', kind: 'spring', from: 'v', to: 'g', value: 'k' },
      ],
    });
    expectError(() => withParameters(spring, { k: 0 }), { code: 'non-positive-value', element: 'K', elements: ['k'] });
  });

  it('runs the ratio and coupling checks again', () => {
    const d = parse({
      parameters: { n: 2, L1: 1, L2: 1, M: 0.5 },
      elements: [
        { id: 'J', kind: 'current-source', from: 'g', to: 'a' },
        { id: 'L1', kind: 'inductor', from: 'a', to: 'g', value: 'L1' },
        { id: 'L2', kind: 'inductor', from: 'b', to: 'g', value: 'L2' },
        { id: 'T', kind: 'transformer', ports: [{ from: 'a', to: 'g' }, { from: 'b', to: 'g' }], ratio: 'n' },
      ],
      mutuals: [{ id: 'M12', between: ['L1', 'L2'], value: 'M' }],
    });
    expectError(() => withParameters(d, { n: 0 }), { code: 'bad-value', element: 'T', field: 'ratio' });
    expectError(() => withParameters(d, { M: 1 }), { code: 'bad-mutual-inductance', element: 'M12' });
    expect(withParameters(d, { M: -0.9 }).parameters.get('M')).toBe(-0.9);
  });
});
