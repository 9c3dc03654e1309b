/**
 * Rodas (solver 'stiff') on the hand-written diode-clamped RC ladder (fixtures/diode-ladder.ts) against an
 * independent reference written here: the trapezoidal rule at a fixed step h and h/2, Newton with the
 * tridiagonal Jacobian (Thomas algorithm) to |Δv| < 1e-14 V, Richardson extrapolation (4·y_{h/2} − y_h)/3, read
 * at grid points only. The stiff solver measures a nonlinear model's error in the max norm (error-norm.ts), so
 * its global error stays a small multiple of rtol·peak for a large ladder too; and the max norm itself by hand.
 */
import { describe, expect, it } from 'vitest';
import { simulate } from '../src/simulate';
import { ramp } from '../src/signals/ramp';
import { errorNorm, errorNormMax } from '../src/solvers/error-norm';
import { DIODE_LADDER, diodeLadder } from './fixtures/diode-ladder';

const SPAN = 20e-6;
const SAMPLES = 41;
const SLOW = 240_000;

/** The trapezoidal rule on C v' = g(v, u), all states at the SAMPLES grid points. */
function trapezoid(N: number, h: number): Float64Array[] {
  const { R, C, Is, Vt } = DIODE_LADDER;
  const G = 1 / R;
  const u = (t: number) => (5 * t) / SPAN;
  const rates = (v: Float64Array, uu: number, out: Float64Array) => {
    for (let k = 0; k < N; k++) {
      const left = k === 0 ? uu : v[k - 1];
      const right = k === N - 1 ? 0 : (v[k] - v[k + 1]) * G;
      out[k] = (left - v[k]) * G - right - Is * (Math.exp(v[k] / Vt) - 1);
    }
  };
  const steps = Math.round(SPAN / h);
  const every = steps / (SAMPLES - 1);
  let v = new Float64Array(N);
  let y = new Float64Array(N);
  const g0 = new Float64Array(N);
  const g1 = new Float64Array(N);
  const r = new Float64Array(N);
  const b = new Float64Array(N);
  const cp = new Float64Array(N);
  const out = [v.slice()];
  rates(v, 0, g0);
  for (let n = 0; n < steps; n++) {
    const u1 = u((n + 1) * h);
    y.set(v);
    for (let it = 0; ; it++) {
      rates(y, u1, g1);
      // (C + h/2 (G_kk + Is/Vt e^{y/Vt})) Δ_k − h/2 G (Δ_{k−1} + Δ_{k+1}) = −(C (y − v) − h/2 (g1 + g0))
      for (let k = 0; k < N; k++) {
        r[k] = -(C * (y[k] - v[k]) - (h / 2) * (g1[k] + g0[k]));
        b[k] = C + (h / 2) * ((k === N - 1 ? 1 : 2) * G + (Is / Vt) * Math.exp(y[k] / Vt));
      }
      const off = -(h / 2) * G;
      // Thomas algorithm (forward sweep, back substitution)
      cp[0] = off / b[0];
      r[0] /= b[0];
      for (let k = 1; k < N; k++) {
        const m = b[k] - off * cp[k - 1];
        cp[k] = off / m;
        r[k] = (r[k] - off * r[k - 1]) / m;
      }
      for (let k = N - 2; k >= 0; k--) r[k] -= cp[k] * r[k + 1];
      let dmax = 0;
      for (let k = 0; k < N; k++) {
        y[k] += r[k];
        dmax = Math.max(dmax, Math.abs(r[k]));
      }
      if (dmax < 1e-14) break;
      if (it > 60) throw new Error(`no convergence at step ${n}`);
    }
    rates(y, u1, g0);
    [v, y] = [y, v];
    if ((n + 1) % every === 0) out.push(v.slice());
  }
  return out;
}

describe('the stiff solver against a hand-written trapezoidal reference (diode ladder)', () => {
  it('N = 200, rtol 1e-7: every state at every sample within 10·rtol·peak of the extrapolated reference', () => {
    const N = 200;
    const h = 2e-9;
    const coarse = trapezoid(N, h);
    const fine = trapezoid(N, h / 2);
    const model = diodeLadder(N);
    const rtol = 1e-7;
    const run = simulate(model, { tEnd: SPAN, inputs: { Vs: ramp(5, SPAN) }, samples: SAMPLES, solver: 'stiff', rtol, atol: 1e-10 });
    let err = 0;
    let check = 0;
    let peak = 0;
    for (let s = 0; s < SAMPLES; s++) {
      for (let k = 0; k < N; k++) {
        const ref = (4 * fine[s][k] - coarse[s][k]) / 3;
        check = Math.max(check, Math.abs(fine[s][k] - coarse[s][k]));
        peak = Math.max(peak, Math.abs(ref));
        err = Math.max(err, Math.abs(run.columns[k + 1][s] - ref));
      }
    }
    console.log(`Rodas on the diode ladder N = ${N}: error / peak ${(err / peak).toExponential(2)} (rtol ${rtol}); reference runs differ by ${(check / peak).toExponential(2)} of the peak; ${run.stats.steps} steps`);
    expect(peak).toBeGreaterThan(0.5);
    // the unextrapolated runs already agree far below the bound, so the reference is good enough to judge it
    expect(check).toBeLessThan(rtol * peak);
    expect(err).toBeLessThanOrEqual(10 * rtol * peak);
  }, SLOW);
});

describe('the max norm', () => {
  it('is the largest scaled component (by hand), unlike the RMS norm, which dilutes one large component over n', () => {
    const n = 100;
    const e = new Float64Array(n);
    const y = new Float64Array(n).fill(2);
    e[7] = 3e-6; // sc = 1e-8 + 1e-6 · 2 = 2.01e-6
    expect(errorNormMax(e, y, y, 1e-6, 1e-8)).toBeCloseTo(3e-6 / 2.01e-6, 12);
    expect(errorNorm(e, y, y, 1e-6, 1e-8)).toBeCloseTo(3e-6 / 2.01e-6 / Math.sqrt(n), 12);
    const bad = e.slice();
    bad[3] = Number.NaN;
    expect(Number.isNaN(errorNormMax(bad, y, y, 1e-6, 1e-8))).toBe(true);
    expect(errorNormMax(new Float64Array(0), new Float64Array(0), new Float64Array(0), 1e-6, 1e-8)).toBe(0);
  });
});
