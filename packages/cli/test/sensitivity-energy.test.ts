/**
 * sysgraph sensitivity and sysgraph energy: the reports carry the figures of the API (checked here against the
 * series RLC by hand: ∂A/∂R[i_L, i_L] = −1/L, λ = −R/2L ± j√(1/LC − R²/4L²), ∂Re λ/∂R = −1/2L), the formats
 * parse, and bad options are typed errors naming the field.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { SysgraphError } from '@sysgraph/core';
import { loadSystem } from '../src/load-system';
import { parseSystem } from '@sysgraph/description';
import { sensitivityReport } from '../src/commands/sensitivity';
import { energyReport } from '../src/commands/energy';
import { sysgraph } from './support/command';

const base = { params: [] as string[], outputs: [] as string[], input: [] as string[], initial: [] as string[], format: 'json' as const };

describe('sysgraph sensitivity', () => {
  it('matrices and poles of rlc-series (R = 1, L = 0.5, C = 0.25) by hand', () => {
    const { desc } = loadSystem('rlc-series');
    const json = JSON.parse(sensitivityReport(desc, { ...base, params: ['R,C'], matrices: true, poles: true }));
    const ii = json.states.indexOf('i_L1');
    expect(json.derivatives.R.A[ii][ii]).toBeCloseTo(-2, 12);
    expect(json.poles).toHaveLength(2);
    for (const p of json.poles) expect(p.derivatives.R.re).toBeCloseTo(-1, 10);
  });

  it('trajectory as CSV: t, the outputs, then the sensitivities', () => {
    const { desc } = loadSystem('rlc-series');
    const csv = sensitivityReport(desc, { ...base, params: ['L'], outputs: ['v_C1'], trajectory: true, tEnd: 2, samples: 11, format: 'csv' });
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('t,v_C1,d(v_C1)/d(L)');
    expect(lines).toHaveLength(12);
  });

  it('adjoint at chosen times equals the forward trajectory at those times', () => {
    const { desc } = loadSystem('rlc-series');
    const adj = JSON.parse(sensitivityReport(desc, { ...base, params: ['R,L,C'], adjoint: true, at: ['0.8,2'], input: ['Vs=sine(1,0.7)'], rtol: 1e-10 })).adjoint;
    expect(adj.times).toEqual([0.8, 2]);
    for (const [i, T] of [0.8, 2].entries()) {
      const fwd = JSON.parse(sensitivityReport(desc, { ...base, params: ['R,L,C'], trajectory: true, tEnd: T, samples: 2, input: ['Vs=sine(1,0.7)'], solver: 'dopri5', rtol: 1e-12, atol: 1e-15 })).trajectory;
      for (const p of ['R', 'L', 'C']) {
        for (const o of fwd.outputs as string[]) {
          const f = fwd.derivatives[p][o][1];
          expect(Math.abs(adj.derivatives[p][o][i] - f), `∂${o}/∂${p} at ${T}`).toBeLessThanOrEqual(1e-7 * (Math.abs(f) + 1));
        }
      }
    }
    const csv = sensitivityReport(desc, { ...base, params: ['R'], adjoint: true, at: ['1'], format: 'csv' }).trim().split('\n');
    expect(csv[0]).toBe('t,quantity,parameter,value,derivative,normalised,quadrature_error');
    expect(csv).toHaveLength(3);
  });

  it('--at without --adjoint, or a time not after the start, is a typed error naming --at', () => {
    const { desc } = loadSystem('rlc-series');
    for (const opts of [{ at: ['1'] }, { adjoint: true, at: ['0'] }, { adjoint: true, at: ['x'] }]) {
      try {
        sensitivityReport(desc, { ...base, params: ['R'], ...opts });
        expect.unreachable();
      } catch (e) {
        expect((e as SysgraphError).field).toBe('--at');
      }
    }
  });

  it('a ladder above the sparse threshold: sparse derivatives as triplets, by hand', () => {
    // RC ladder, R = 2, C = 0.5: A = (1/RC)·tridiag(1, −2, 1) with −1/RC in the last corner, so ∂A/∂R = −A/R
    const N = 1100;
    const elements: Record<string, unknown>[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g', value: 1 }];
    for (let k = 1; k <= N; k++) elements.push({ id: `R${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: 'R' }, { id: `C${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: 'C' });
    const desc = parseSystem({ name: 'ladder', parameters: { R: 2, C: 0.5 }, elements, ground: 'g' });
    const json = JSON.parse(sensitivityReport(desc, { ...base, params: ['R'] }));
    expect(json.method).toBe('numeric-sparse');
    const dA = json.derivatives.R.A;
    expect(dA.v).toHaveLength(3 * N - 2);
    const last = json.states.indexOf(`v_C${N}`);
    dA.i.forEach((i: number, q: number) => {
      const expected = i === dA.j[q] ? (i === last ? 0.5 : 1) : -0.5;
      expect(dA.v[q]).toBeCloseTo(expected, 12);
    });
    expect(() => sensitivityReport(desc, { ...base, params: ['R'], poles: true })).toThrow(SysgraphError);
  });

  it('an unknown parameter or output is a typed error naming it', () => {
    const { desc } = loadSystem('rlc-series');
    expect(() => sensitivityReport(desc, { ...base, params: ['Q'] })).toThrow(SysgraphError);
    try {
      sensitivityReport(desc, { ...base, params: ['R'], outputs: ['nope'], trajectory: true });
      expect.unreachable();
    } catch (e) {
      expect((e as SysgraphError).element).toBe('nope');
    }
  });

  it('the command exits non-zero with the typed error', () => {
    const r = sysgraph(['sensitivity', 'rlc-series', '--params', 'Q']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('Q');
  }, 120_000);
});

describe('sysgraph energy', () => {
  it('rlc-series: Tellegen to rounding, the balance holds, passive', () => {
    const { desc } = loadSystem('rlc-series');
    const json = JSON.parse(energyReport(desc, { ...base, tEnd: 5 }));
    expect(json.tellegen).toBeLessThan(1e-13);
    expect(json.balance.holds).toBe(true);
    expect(json.passivity.passive).toBe(true);
    // the supplied energy is the dissipated plus the stored at the end
    expect(Math.abs(json.supplied - json.dissipated - json.stored.end)).toBeLessThan(1e-4 * json.supplied);
  });

  it('forward Euler with a coarse step: the balance fails and names the solver', () => {
    const { desc } = loadSystem('rlc-series');
    const json = JSON.parse(energyReport(desc, { ...base, tEnd: 20, solver: 'euler', dt: 0.05 }));
    expect(json.balance.holds).toBe(false);
    expect(json.notes.join(' ')).toContain('euler');
  });
});
