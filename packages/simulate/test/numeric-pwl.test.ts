/** The numeric fast path of pwl texts: same numbers as written, refused (undefined) for anything but literals. */
import { describe, expect, it } from 'vitest';
import { numericPwlPoints } from '../src/signals/numeric-pwl';
import { parseSignal } from '../src/signals/parse-signal';

describe('numericPwlPoints', () => {
  it('reads plain decimal literals as the numbers written', () => {
    expect(numericPwlPoints('pwl(0, 0, 1e-3, -1.5, .002, +2, 3E2, 0.0006000000000000001)')).toEqual([0, 0, 0.001, -1.5, 0.002, 2, 300, 0.0006000000000000001]);
  });
  it('leaves expressions, names and malformed texts to the expression parser', () => {
    for (const t of ['pwl(0, 1/2)', 'pwl(0, a)', 'pwl(0, 1, )', 'pwl(0, (1))', 'step(1)', 'pwl(0 1)', 'pwl(1e, 2)']) expect(numericPwlPoints(t)).toBeUndefined();
  });
  it('gives the same signal as the expression parser would (hand values at and between the corners)', () => {
    const s = parseSignal('pwl(0, 0, 1e-3, 1, 2e-3, 0)', 'I1');
    expect([s.value(0), s.value(5e-4), s.value(1e-3), s.value(1.5e-3), s.value(3e-3)]).toEqual([0, 0.5, 1, 0.5, 0]);
    expect(parseSignal('pwl(0, 0, 1, 2)', 'I1').value(0.25)).toBe(0.5);
  });
  it('keeps the typed errors of pwl: a decreasing time names the point', () => {
    expect(() => parseSignal('pwl(1, 0, 0, 1)', 'I1')).toThrow(expect.objectContaining({ code: 'bad-signal', field: 'points[2]' }));
  });
});
