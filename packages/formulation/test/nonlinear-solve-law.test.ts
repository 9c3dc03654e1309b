/** solveLaw / solveOnInterval on laws steep at zero (orifice q = c·sign(Δp)·sqrt(|Δp|)): exact roots known in closed form. */
import { describe, expect, it } from 'vitest';
import { solveLaw, solveOnInterval } from '../src/index';

const orifice = (c: number) => ({
  value: (v: number) => c * Math.sign(v) * Math.sqrt(Math.abs(v)),
  slope: (v: number) => c / (2 * Math.sqrt(Math.abs(v))),
});

describe('solveLaw near a square-root singularity', () => {
  it.each([
    [1e-3, 1e-3],
    [1e-3, -5],
    [-0.3, 2],
    [1e-9, 1e-3],
    [-1e-12, 7],
    [4, 0],
  ])('target %s from guess %s: the root (target/c)²·sign, to 1e-13 relative', (target, guess) => {
    const c = 2;
    const r = solveLaw(orifice(c), target, guess);
    expect(r.converged).toBe(true);
    const exact = Math.sign(target) * (target / c) ** 2;
    expect(Math.abs(r.z - exact)).toBeLessThanOrEqual(1e-13 * Math.abs(exact));
  });

  it('target 0: a root within 1e-290 of 0', () => {
    const r = solveLaw(orifice(2), 0, 1);
    expect(r.converged).toBe(true);
    expect(Math.abs(r.z)).toBeLessThan(1e-290);
  });

  it('on an interval', () => {
    const r = solveOnInterval(orifice(3), 0.06, [-1, 1], 0.9);
    expect(r.converged).toBe(true);
    expect(r.z).toBeCloseTo(4e-4, 15);
  });
});
