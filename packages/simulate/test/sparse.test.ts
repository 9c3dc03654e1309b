/** The sparse path: CSR models integrated by the stiff solver with the sparse LU, no dense n×n matrix. */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import { rcLadder, rcLadderRampExact } from './fixtures/rc-ladder';

describe('sparse RC ladder', { timeout: 120_000 }, () => {
  it('2 000 states, ramp input: stiff sparse solver matches the exact modal solution', () => {
    const N = 2000;
    const R = 1e3 / N;
    const C = 1e-6 / N;
    const rise = 4e-6;
    const r = simulate(rcLadder(N, R, C), {
      tEnd: 4e-3,
      solver: 'stiff',
      inputs: { Vs: `ramp(1, ${rise})` },
      samples: 21,
      rtol: 1e-6,
      atol: 1e-9,
      record: ['v1', 'v1000', 'v2000', 'vN'],
    });
    expect(r.names).toEqual(['t', 'v1', 'v1000', 'v2000', 'vN']);
    const t = r.columns[0];
    let err = 0;
    for (let k = 0; k < t.length; k++) {
      const exact = rcLadderRampExact(N, R, C, rise, t[k], [1, 1000, 2000]);
      err = Math.max(err, Math.abs(r.columns[1][k] - exact[0]), Math.abs(r.columns[2][k] - exact[1]), Math.abs(r.columns[3][k] - exact[2]));
    }
    expect(err).toBeLessThan(1e-5);
    expect(r.columns[4]).toEqual(r.columns[3]); // output y = v_N
    // factorisations are reused while h is unchanged
    expect(r.stats.factorizations).toBeLessThan(r.stats.steps);
  });

  it('200 states: sparse stiff (standard and mass-matrix form) agrees with the dense exact method', () => {
    const N = 200;
    const R = 1e3 / N;
    const C = 1e-6 / N;
    const common = { tEnd: 4e-3, inputs: { Vs: 'ramp(1, 4e-6)' }, samples: 41 };
    const sparse = simulate(rcLadder(N, R, C), { ...common, solver: 'stiff', rtol: 1e-8, atol: 1e-11 });
    const descriptor = simulate(rcLadder(N, R, C, true), { ...common, solver: 'stiff', rtol: 1e-8, atol: 1e-11 });
    const exact = simulate(rcLadder(N, R, C), { ...common, solver: 'exact' });
    for (let c = 1; c < exact.columns.length; c += 37) {
      for (let k = 0; k < 41; k++) {
        expect(Math.abs(sparse.columns[c][k] - exact.columns[c][k])).toBeLessThan(1e-6);
        expect(Math.abs(descriptor.columns[c][k] - exact.columns[c][k])).toBeLessThan(1e-6);
      }
    }
    // and the exact method against the modal closed form
    for (let k = 0; k < 41; k++) {
      const ex = rcLadderRampExact(N, R, C, 4e-6, exact.columns[0][k], [1, 100, 200]);
      expect(Math.abs(exact.columns[1][k] - ex[0])).toBeLessThan(1e-9);
      expect(Math.abs(exact.columns[100][k] - ex[1])).toBeLessThan(1e-9);
      expect(Math.abs(exact.columns[200][k] - ex[2])).toBeLessThan(1e-9);
    }
  });

  it('auto picks stiff for the large sparse ladder driven by an expression of t, and says why', () => {
    const N = 600;
    const r = simulate(rcLadder(N, 1e3 / N, 1e-6 / N), { tEnd: 4e-3, inputs: { Vs: '1 - exp(-t/1e-5)' }, samples: 5, record: ['vN'] });
    expect(r.solver).toBe('stiff');
    expect(r.solverReason).toMatch(/stiffness/);
  });
});
