/**
 * SolverStats.staticNewtonIterations and lawInversions: the run's share of a nonlinear model's static solver work
 * (NonlinearModel.staticWork), not the model's total since it was built. The oracle is a model written here that
 * counts its own calls of f: one "Newton iteration" and two "inversions" per evaluation, started at nonzero totals.
 */
import { describe, expect, it } from 'vitest';
import { formatStats, simulate } from '../src/index';
import type { NonlinearModel } from '../src/index';

function countingModel(): { model: NonlinearModel; calls: () => number } {
  let fCalls = 0;
  // totals left over from work before the run (a DC operating point, an earlier run)
  const before = { newtonIterations: 40, lawInversions: 7 };
  const model: NonlinearModel = {
    kind: 'nonlinear',
    stateNames: ['x'],
    inputNames: [],
    outputNames: [],
    f: (_t, x, _u, _du, dx) => {
      fCalls++;
      dx[0] = -50 * x[0];
    },
    g: () => {},
    jacobian: () => [[-50]],
    staticWork: () => ({ newtonIterations: before.newtonIterations + fCalls, lawInversions: before.lawInversions + 2 * fCalls }),
  };
  return { model, calls: () => fCalls };
}

describe('the static solver counters of a run', () => {
  it.each(['stiff', 'dopri5'] as const)('%s: the Newton iterations and inversions during the run, from the model', (solver) => {
    const { model, calls } = countingModel();
    const r = simulate(model, { tEnd: 0.2, initial: { x: 1 }, solver, samples: 5 });
    expect(calls()).toBeGreaterThan(0);
    expect(r.stats.staticNewtonIterations).toBe(calls());
    expect(r.stats.lawInversions).toBe(2 * calls());
    expect(formatStats(r.stats)).toContain(`static Newton iterations ${calls()}`);
    // a second run on the same model counts only its own
    const before = calls();
    const again = simulate(model, { tEnd: 0.2, initial: { x: 1 }, solver, samples: 5 });
    expect(again.stats.staticNewtonIterations).toBe(calls() - before);
  });

  it('a model without static work reports 0 and the printout leaves the counters out', () => {
    const model: NonlinearModel = {
      kind: 'nonlinear',
      stateNames: ['x'],
      inputNames: [],
      outputNames: [],
      f: (_t, x, _u, _du, dx) => void (dx[0] = -x[0]),
      g: () => {},
    };
    const r = simulate(model, { tEnd: 1, initial: { x: 1 }, solver: 'stiff', samples: 3 });
    expect(r.stats.staticNewtonIterations).toBe(0);
    expect(r.stats.lawInversions).toBe(0);
    expect(formatStats(r.stats)).not.toContain('static Newton');
  });
});
