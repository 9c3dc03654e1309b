import { describe, expect, it } from 'vitest';
import { SysgraphError, SysgraphErrors, isSysgraphError } from '../src/index';

describe('SysgraphError', () => {
  it('carries the code and the culprit', () => {
    const e = new SysgraphError('bad-value', 'R1.value: expected a positive number', {
      element: 'R1',
      field: 'value',
      expected: 'a positive number',
    });
    expect(isSysgraphError(e)).toBe(true);
    expect(e.code).toBe('bad-value');
    expect(e.toJSON()).toMatchObject({ element: 'R1', field: 'value' });
  });
  it('collects several errors, the first one leading', () => {
    const a = new SysgraphError('duplicate-id', 'a', { element: 'x' });
    const b = new SysgraphError('self-loop', 'b', { element: 'y' });
    const all = new SysgraphErrors([a, b]);
    expect(all.code).toBe('duplicate-id');
    expect(all.errors.map((e) => e.element)).toEqual(['x', 'y']);
  });
});
