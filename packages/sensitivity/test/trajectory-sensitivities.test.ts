/**
 * Trajectory sensitivities: the RC step in closed form (v = 1 − e^(−t/RC), ∂v/∂R = −(t/(R²C)) e^(−t/RC),
 * ∂v/∂C = −(t/(RC²)) e^(−t/RC)); the examples against central differences of the engine's own simulations.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '@sysgraph/engine';
import { trajectorySensitivities } from '../src/index';
import { compiled, example } from './helpers';
import { rc, rcLadder } from './fixtures';

describe('RC step in closed form', () => {
  for (const [R, C] of [[1e3, 1e-6], [2, 0.25]]) {
    it(`R = ${R}, C = ${C}`, () => {
      const tau = R * C;
      const s = trajectorySensitivities(compiled(rc(R, C)), ['R', 'C'], { outputs: ['v_C1'], tEnd: 5 * tau, solver: 'dopri5', rtol: 1e-10, atol: 1e-14, samples: 101 });
      const [dR, dC] = [s.derivatives[0][0], s.derivatives[1][0]];
      let worst = 0;
      s.t.forEach((t, r) => {
        const e = Math.exp(-t / tau);
        expect(Math.abs(s.y[0][r] - (1 - e))).toBeLessThanOrEqual(1e-8);
        worst = Math.max(worst, Math.abs(dR[r] + (t / (R * R * C)) * e) * R, Math.abs(dC[r] + (t / (R * C * C)) * e) * C);
        // normalised: (R/v) ∂v/∂R = −(t/τ) e / (1 − e)
        if (r > 0) expect(s.normalised[0][0][r]).toBeCloseTo(-(t / tau) * e / (1 - e), 6);
      });
      // ∂v/∂θ · θ is of order 1/e: agreement to 1e-7 absolute in the normalised scale
      expect(worst).toBeLessThanOrEqual(1e-7);
      expect(Number.isNaN(s.normalised[0][0][0])).toBe(true);
    });
  }
});

describe('against central differences of the engine simulation', () => {
  for (const [name, tEnd] of [['rlc-series', 6], ['motor-pump', 2], ['two-mass', 5]] as const) {
    it(name, () => {
      const text = example(name);
      const nominal = compiled(text);
      const base = Object.fromEntries([...nominal.description.parameters.entries()].filter(([, v]) => v !== null && v !== 0)) as Record<string, number>;
      const params = Object.keys(base);
      const outputs = nominal.outputNames.length > 0 ? [...nominal.outputNames] : [...nominal.stateNames];
      const opts = { tEnd, solver: 'dopri5' as const, rtol: 1e-11, atol: 1e-14, samples: 41 };
      const s = trajectorySensitivities(nominal, params, { ...opts, outputs, method: 'numeric' });
      const run = (ps: Record<string, number>) => simulate(compiled(text, ps), { ...opts, record: outputs }).result;
      params.forEach((theta, k) => {
        const h = 1e-5 * Math.abs(base[theta]);
        const up = run({ ...base, [theta]: base[theta] + h });
        const down = run({ ...base, [theta]: base[theta] - h });
        outputs.forEach((o, j) => {
          const a = up.columns[up.names.indexOf(o)];
          const b = down.columns[down.names.indexOf(o)];
          const scale = Math.max(...s.y[j].map(Math.abs)) / Math.abs(base[theta]) + Math.max(...s.derivatives[k][j].map(Math.abs));
          let worst = 0;
          for (let r = 0; r < a.length; r++) worst = Math.max(worst, Math.abs((a[r] - b[r]) / (2 * h) - s.derivatives[k][j][r]));
          expect(worst, `${name} ∂${o}/∂${theta}`).toBeLessThanOrEqual(1e-6 * scale);
        });
      });
    });
  }
});

describe('one parameter per run when all at once would leave the exact method', () => {
  it('an RC ladder of 45 states and 2 parameters (135 > 120 states at once): against central differences', () => {
    const text = rcLadder(45);
    const model = compiled(text);
    const out = 'v_C45';
    const s = trajectorySensitivities(model, ['R', 'C'], { outputs: [out], tEnd: 200, samples: 21 });
    expect(s.notes.some((n) => n.includes('one parameter at a time'))).toBe(true);
    const run = (ps: Record<string, number>) => simulate(compiled(text, ps), { tEnd: 200, samples: 21, solver: 'exact', rtol: 1e-10, atol: 1e-13, record: [out] }).result;
    const base = { R: 1, C: 0.5 };
    (['R', 'C'] as const).forEach((theta, k) => {
      const h = 1e-5 * base[theta];
      const up = run({ ...base, [theta]: base[theta] + h }).columns[1];
      const down = run({ ...base, [theta]: base[theta] - h }).columns[1];
      const scale = 1 / base[theta];
      for (let r = 0; r < up.length; r++) expect(Math.abs((up[r] - down[r]) / (2 * h) - s.derivatives[k][0][r]), `∂${out}/∂${theta} at ${s.t[r]}`).toBeLessThanOrEqual(1e-6 * scale);
    });
  });
});
