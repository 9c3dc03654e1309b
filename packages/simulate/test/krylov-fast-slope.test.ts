/**
 * Krylov's augmented form on a nanosecond model with a piecewise-linear input: the slope coordinate β = (t − t0)/τ
 * is in units of the segment, so the basis's rounding in it does not reach the state amplified by the slope
 * column (B·s ~ 10⁹ per second). Oracle: the exact method (dense matrix exponential, affine inputs integrated
 * exactly between breakpoints), an independent computation of the same model.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/index';
import { lossyLine } from './fixtures/lossy-line';

const maxAbs = (a: ArrayLike<number>): number => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]));
  return m;
};

describe('krylov, fast model, pwl input', { timeout: 120_000 }, () => {
  it('agrees with the exact method at rtol 1e-10 after the kinks', () => {
    // 5 sections, 1 ns per section (√(LC) = 1e-9 s), light losses; span 20 ns
    const line = () => lossyLine(5, 0.5, 1e-8, 1e-10, 1e-4);
    const T = 2e-8;
    const common = { tEnd: T, inputs: { Vs: `pwl(0,0, ${0.1 * T},1, ${0.4 * T},1, ${0.5 * T},-0.5, ${0.7 * T},0)` }, samples: 201 };
    const rtol = 1e-10;
    const atol = 1e-16;
    const krylov = simulate(line(), { ...common, solver: 'krylov', rtol, atol });
    const exact = simulate(line(), { ...common, solver: 'exact', rtol: 1e-12, atol: 1e-18 });
    for (let c = 1; c < exact.columns.length; c++) {
      const peak = maxAbs(exact.columns[c]);
      const error = maxAbs(krylov.columns[c].map((v, k) => v - exact.columns[c][k]));
      expect(error).toBeLessThan(10 * (rtol * peak + atol));
    }
  });
});
