/**
 * Recorded outputs read only the states in their rows of C (output-rows.ts), so the dense output forms only those
 * rows: the 400-section RC ladder's output v_N through krylov and stiff, recorded alone (a hint of
 * one row) and with every column (no hint), both against the closed-form modal ramp response
 * (fixtures/rc-ladder.ts) at rtol 1e-8.
 */
import { describe, expect, it } from 'vitest';
import { csrFromTriplets } from '@sysgraph/linalg';
import { simulate } from '../src/index';
import { outputStateRows } from '../src/output-rows';
import { rcLadder, rcLadderRampExact } from './fixtures/rc-ladder';

describe('output rows', { timeout: 120_000 }, () => {
  it('are the recorded states and the columns of the recorded outputs’ rows of C', () => {
    const C = csrFromTriplets(2, 10, [0, 0, 1], [5, 7, 2], [1, 2, 1]);
    expect(Array.from(outputStateRows({ rows: 2, cols: 10, csr: C, isZero: false } as never, 10, [1], [0])!)).toEqual([1, 5, 7]);
    expect(outputStateRows({ rows: 2, cols: 10, csr: C, isZero: false } as never, 10, [0, 1, 3], [0, 1])).toBeUndefined();
  });

  for (const solver of ['krylov', 'stiff'] as const) {
    it(`${solver}: v_N recorded alone equals the closed form, as with every column recorded`, () => {
      const N = 400;
      const R = 1 / N;
      const Cap = 1e-3 / N;
      const rise = 1e-6;
      const model = rcLadder(N, R, Cap, true);
      const options = { tEnd: 2e-3, solver, inputs: { Vs: `ramp(1, ${rise})` }, rtol: 1e-8, atol: 1e-11, samples: 41 } as const;
      const alone = simulate(model, { ...options, record: ['vN'] });
      const all = simulate(model, options);
      const t = alone.columns[0];
      const a = alone.columns[alone.names.indexOf('vN')];
      const b = all.columns[all.names.indexOf('vN')];
      for (let i = 0; i < t.length; i++) {
        const exact = rcLadderRampExact(N, R, Cap, rise, t[i], [N])[0];
        expect(Math.abs(a[i] - exact), `t = ${t[i]}`).toBeLessThan(10 * 1e-8 + 1e-11);
        expect(Math.abs(b[i] - exact), `t = ${t[i]}`).toBeLessThan(10 * 1e-8 + 1e-11);
      }
    });
  }
});
