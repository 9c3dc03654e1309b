/**
 * The Krylov run's error budget (krylov/error-budget.ts): a step on [t, t + σ] may spend
 * min(1/2, SHARE·σ/(t_end − t)) of what is left (all of it on the last step); the sum over the steps never exceeds the budget whatever the number
 * and lengths of the steps, where a fixed fraction per step (the rule before) grows with their number. And an
 * undamped LC ladder under a step, many steps long, stays within 10·rtol·peak + atol of its modal closed form.
 */
import { describe, expect, it } from 'vitest';
import { stepBudget, stepShare } from '../src/krylov/error-budget';
import { FAMILIES } from '../../../benchmarks/src/accuracy-matrix/families';
import { INPUTS } from '../../../benchmarks/src/accuracy-matrix/inputs';
import { referenceTraces, runCell } from '../../../benchmarks/src/accuracy-matrix/cell';

/** Every step spends all it may; returns the total spent and what a fixed 0.2 per step would have spent. */
function spendAll(steps: readonly number[], budget: number, share: number): { spent: number; fixed: number } {
  const tEnd = steps.reduce((a, b) => a + b, 0);
  let t = 0;
  let spent = 0;
  for (const sigma of steps) {
    spent += stepShare(sigma, t, tEnd, share) * stepBudget(budget, spent);
    t += sigma;
  }
  return { spent, fixed: 0.2 * budget * steps.length };
}

describe('Krylov error budget', () => {
  it('the estimates of a run add up to at most the budget, for any number of steps (a fixed fraction does not)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (const count of [1, 3, 40, 620, 5000]) {
      const steps = Array.from({ length: count }, () => 1e-3 + random());
      const { spent, fixed } = spendAll(steps, 0.5, 2);
      expect(spent, `${count} steps`).toBeLessThanOrEqual(0.5 * (1 + 1e-6));
      if (count >= 620) expect(fixed).toBeGreaterThan(10 * 0.5);
    }
  });

  it('an undamped LC ladder (200 states) under a step: krylov within 10·rtol·peak + atol of the modal closed form', { timeout: 120_000 }, () => {
    const c = FAMILIES.find((f) => f.name === 'lc-ladder')!.make(200);
    const step = INPUTS.find((i) => i.name === 'step')!;
    const cell = runCell(c, step, referenceTraces(c, step), 'krylov', 1e-6, 1e-9, 50_000);
    expect(cell.verdict, `ratio ${cell.ratio}, steps ${cell.steps}`).toBe('pass');
  });
});
