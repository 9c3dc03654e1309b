/**
 * The static solver's Newton at the root: a step already below the tolerance is taken undamped, so converging
 * costs one residual sweep per iteration, not up to 60 halvings of a monotonicity test that round-off fails
 * (fuzz description 45046 spent 860 000 residual evaluations in 48 000 iterations). Oracle: a 2×2 block with a
 * root chosen by hand, z = (3.3, 0.7), and a residual floor of 1e-14 standing for round-off:
 *   r1 = 1000 (z1³ + z2 − (3.3³ + 0.7)) + 1e-14 cos(1e15 z1 + 3e14 z2),   r2 = z1 − z2³ − (3.3 − 0.7³).
 * Before the change this block took 144 residual evaluations from (1, 1) and 108 from the root itself.
 */
import { describe, expect, it } from 'vitest';
import { createStaticSolver } from '../src/nonlinear/static-solver';
import type { NonlinearSystem } from '../src/nonlinear/nonlinear-system';

describe('static solver: Newton at the root', () => {
  it('solves a 2×2 block to the hand root with a bounded count of residual evaluations', () => {
    const a = 3.3 ** 3 + 0.7;
    const b = 3.3 - 0.7 ** 3;
    let evaluations = 0;
    const r1 = (e: Float64Array) => (evaluations++, 1000 * (e[0] ** 3 + e[1] - a) + 1e-14 * Math.cos(1e15 * e[0] + 3e14 * e[1]));
    const r2 = (e: Float64Array) => (evaluations++, e[0] - e[1] ** 3 - b);
    const jac = [
      [(e: Float64Array) => 3000 * e[0] ** 2, () => 1000],
      [() => 1, (e: Float64Array) => -3 * e[1] ** 2],
    ];
    const sys = { implicit: [{ name: 'z1', element: 'R1' }, { name: 'z2', element: 'R2' }] } as unknown as NonlinearSystem;
    const solver = createStaticSolver(sys, [r1, r2], jac, [[true, true], [true, true]], new Float64Array(2), 0);
    expect(solver.blocks).toEqual([[0, 1]]);
    const guess = Float64Array.from([1, 1]);
    solver.solve(guess);
    expect(Math.abs(guess[0] - 3.3)).toBeLessThan(1e-12);
    expect(Math.abs(guess[1] - 0.7)).toBeLessThan(1e-12);
    // each iteration: a residual sweep (2) and its line-search test (2); no run of halvings
    expect(evaluations).toBeLessThan(60);
    // a warm start at the root: one sweep, one undamped step
    evaluations = 0;
    solver.solve(guess);
    expect(evaluations).toBeLessThanOrEqual(4);
    expect(Math.abs(guess[0] - 3.3)).toBeLessThan(1e-12);
  });
});
