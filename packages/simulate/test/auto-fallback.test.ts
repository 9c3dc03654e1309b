/**
 * auto's fallback: when the exponential solver it picks cannot meet the tolerance it refuses with a typed
 * 'solver-failure' naming rtol, and auto runs the model with the stiff solver instead, says so in solverReason and
 * returns a trace within the bound against the ladder's modal closed form.
 */
import { describe, expect, it } from 'vitest';
import { SysgraphError } from '@sysgraph/core';
import { simulate } from '../src/index';
import { rcLadder, rcLadderRampExact } from './fixtures/rc-ladder';

describe('auto falls back from krylov to stiff', { timeout: 120_000 }, () => {
  // 130 sections: above the exact method's 120 states, so auto picks krylov; rtol 1e-13 is below its reach
  const N = 130;
  const R = 1e3 / N;
  const C = 1e-6 / N;
  const model = rcLadder(N, R, C);
  const rise = 4e-6;
  const options = { tEnd: 4e-3, inputs: { Vs: `ramp(1, ${rise})` }, rtol: 1e-13, atol: 1e-16, samples: 21, record: ['v1', `v${N}`] };

  it('krylov refuses with a typed error naming rtol', () => {
    let error: unknown;
    try {
      simulate(model, { ...options, solver: 'krylov' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SysgraphError);
    expect((error as SysgraphError).code).toBe('solver-failure');
    expect((error as SysgraphError).field).toBe('rtol');
  });

  it('auto returns the stiff solver trace, within 10·rtol·peak + atol of the closed form, and says why', () => {
    const result = simulate(model, { ...options, solver: 'auto' });
    expect(result.solver).toBe('stiff');
    expect(result.solverReason).toMatch(/krylov/);
    const t = result.columns[0];
    const first = result.columns[1];
    const last = result.columns[2];
    let peak = 0;
    let error = 0;
    for (let k = 0; k < t.length; k++) {
      const [v1, vN] = rcLadderRampExact(N, R, C, rise, t[k], [1, N]);
      peak = Math.max(peak, Math.abs(v1), Math.abs(vN));
      error = Math.max(error, Math.abs(first[k] - v1), Math.abs(last[k] - vN));
    }
    expect(error).toBeLessThanOrEqual(10 * options.rtol * peak + options.atol);
  });
});
