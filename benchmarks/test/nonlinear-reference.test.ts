/**
 * The nonlinear benchmark's own pieces: the tridiagonal solver against a dense elimination, the Hermite reading
 * exact on cubics, the diode-ladder and spring-chain references against an independent explicit integrator
 * (classical Runge–Kutta at a step far below the references', on the ODEs written out again here), and the
 * generators read by the engine's parsers with the expected elements and laws.
 */
import { describe, expect, it } from 'vitest';
import { createSystemParser, readSpiceNetlist } from '@sysgraph/description';
import { solveTridiagonal } from '../src/nonlinear/tridiagonal';
import { referenceAt } from '../src/nonlinear/dense-reference';
import { DIODE_LADDER, THERMAL_VOLTAGE, diodeLadderNetlist, diodeLadderProbes } from '../src/nonlinear/diode-ladder';
import { diodeLadderReference } from '../src/nonlinear/diode-ladder-reference';
import { SPRING_CHAIN, springChain, springChainProbes } from '../src/nonlinear/spring-chain';
import { springChainReference } from '../src/nonlinear/spring-chain-reference';

/** Classical RK4 of y' = f(t, y) from 0, recording y at the times `at` (multiples of h). */
function rk4(f: (t: number, y: Float64Array) => Float64Array, y0: Float64Array, h: number, at: readonly number[]): Float64Array[] {
  let y = Float64Array.from(y0);
  const out: Float64Array[] = [];
  let t = 0;
  for (const target of at) {
    const steps = Math.round((target - t) / h);
    for (let s = 0; s < steps; s++) {
      const k1 = f(t, y);
      const k2 = f(t + h / 2, y.map((x, i) => x + (h / 2) * k1[i]));
      const k3 = f(t + h / 2, y.map((x, i) => x + (h / 2) * k2[i]));
      const k4 = f(t + h, y.map((x, i) => x + h * k3[i]));
      y = y.map((x, i) => x + (h / 6) * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]));
      t += h;
    }
    t = target;
    out.push(Float64Array.from(y));
  }
  return out;
}

describe('solveTridiagonal', () => {
  it('solves diagonally dominant systems as a dense elimination does', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (const n of [1, 2, 5, 40]) {
      const a = Float64Array.from({ length: n }, rand);
      const c = Float64Array.from({ length: n }, rand);
      const b = Float64Array.from({ length: n }, (_, i) => 3 + Math.abs(a[i]) + Math.abs(c[i]) + rand());
      const x = Float64Array.from({ length: n }, rand);
      const d = new Float64Array(n);
      for (let i = 0; i < n; i++) d[i] = b[i] * x[i] + (i > 0 ? a[i] * x[i - 1] : 0) + (i < n - 1 ? c[i] * x[i + 1] : 0);
      solveTridiagonal(a, b, c, d, new Float64Array(n));
      for (let i = 0; i < n; i++) expect(Math.abs(d[i] - x[i])).toBeLessThan(1e-13);
    }
  });
});

describe('referenceAt', () => {
  it('reads a cubic exactly from its values and slopes on the grid', () => {
    const h = 0.25;
    const p = (t: number) => 2 - t + 0.5 * t * t - 0.3 * t ** 3;
    const dp = (t: number) => -1 + t - 0.9 * t * t;
    const grid = Array.from({ length: 9 }, (_, j) => j * h);
    const ref = { h, values: [Float64Array.from(grid, p)], slopes: [Float64Array.from(grid, dp)] };
    const times = Float64Array.from([0, 0.1, 0.37, 1.2, 1.99, 2]);
    const got = referenceAt(ref, 0, times);
    times.forEach((t, i) => expect(Math.abs(got[i] - p(t))).toBeLessThan(1e-13));
  });
});

describe('the diode-ladder reference', () => {
  it('agrees with RK4 at a 50 ps step on the ODEs written out again (N = 3)', () => {
    const N = 3;
    const P = DIODE_LADDER;
    const nvt = P.emission * 1.380649e-23 * 300.15 / 1.602176634e-19;
    const f = (t: number, v: Float64Array) => {
      const u = P.amplitude * Math.min(t / P.rise, 1);
      return v.map((x, k) => {
        const left = k === 0 ? u : v[k - 1];
        const right = k === N - 1 ? x : v[k + 1];
        return ((left - x) / P.R - (x - right) / P.R - P.is * (Math.exp(x / nvt) - 1)) / P.C;
      });
    };
    const times = [2e-6, 5e-6, 10e-6, 13e-6, 20e-6];
    const exact = rk4(f, new Float64Array(N), 5e-11, times);
    const ref = diodeLadderReference(N);
    const probes = diodeLadderProbes(N);
    let peak = 0;
    let err = 0;
    probes.forEach((k, p) => {
      const y = referenceAt(ref, p, Float64Array.from(times));
      times.forEach((_, i) => {
        peak = Math.max(peak, Math.abs(exact[i][k - 1]));
        err = Math.max(err, Math.abs(y[i] - exact[i][k - 1]));
      });
    });
    expect(peak).toBeGreaterThan(0.3);
    expect(err / peak).toBeLessThan(1e-9);
    expect(THERMAL_VOLTAGE).toBe(nvt);
  }, 60_000);
});

describe('the spring-chain reference', () => {
  it('agrees with RK4 at a 0.1 ms step on the ODEs written out again (N = 4)', () => {
    const N = 4;
    const P = SPRING_CHAIN;
    // y = [v_1 … v_N, λ_1 … λ_N]
    const f = (_t: number, y: Float64Array) => {
      const v = (i: number) => (i === 0 ? 0 : y[i - 1]);
      const s = (i: number) => (i > N ? 0 : P.k * y[N + i - 1] + P.k3 * y[N + i - 1] ** 3 + P.b * (v(i - 1) - v(i)));
      const out = new Float64Array(2 * N);
      for (let i = 1; i <= N; i++) {
        out[i - 1] = (s(i) - s(i + 1) + (i === N ? P.force : 0)) / P.m;
        out[N + i - 1] = v(i - 1) - v(i);
      }
      return out;
    };
    const times = [1, 5, 10, 15, 20];
    const exact = rk4(f, new Float64Array(2 * N), 1e-4, times);
    const ref = springChainReference(N);
    let peak = 0;
    let err = 0;
    springChainProbes(N).forEach((k, p) => {
      const y = referenceAt(ref, p, Float64Array.from(times));
      times.forEach((_, i) => {
        peak = Math.max(peak, Math.abs(exact[i][k - 1]));
        err = Math.max(err, Math.abs(y[i] - exact[i][k - 1]));
      });
    });
    expect(peak).toBeGreaterThan(0.1);
    expect(err / peak).toBeLessThan(1e-9);
  }, 60_000);
});

describe('the generators', () => {
  it('write a diode-ladder netlist of N diodes sharing one model, read as laws', () => {
    const d = readSpiceNetlist(diodeLadderNetlist(5, '/tmp/out.txt')).description;
    expect(d.oneports.filter((e) => e.law !== undefined).map((e) => e.id)).toEqual(['D1', 'D2', 'D3', 'D4', 'D5']);
    expect(d.oneports.filter((e) => e.kind === 'capacitor')).toHaveLength(5);
    expect(d.outputs.map((o) => o.name)).toEqual(['v(n1)', 'v(n3)']);
  }, 60_000);

  it('build a spring chain of N masses, N hardening springs and N dampers', () => {
    const d = createSystemParser().parse(springChain(6));
    expect(d.oneports.filter((e) => e.law !== undefined)).toHaveLength(6);
    expect(d.oneports.filter((e) => e.kind === 'mass')).toHaveLength(6);
    expect(d.outputs.map((o) => o.name)).toEqual(['v6', 'v3']);
  }, 60_000);
});
