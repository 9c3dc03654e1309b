/**
 * The diode-clamped RC ladder's ODEs written by hand (diode-ladder.ts), integrated by the trapezoidal rule with a
 * fixed step, Newton on each step with the tridiagonal Jacobian (Thomas algorithm), to |Δv| < 1e-15 V; two runs
 * (h, h/2) combined by Richardson extrapolation (dense-reference.ts). Independent of the engine: no graph, no
 * formulation, no simulate.
 *
 *   g_k(v, u) = (v_{k−1} − v_k)/R − (v_k − v_{k+1})/R − IS·(exp(v_k/(N·Vt)) − 1),   v_0 = u(t), no v_{N+1}
 *   step:  C (y − v) − (h/2) (g(y, u_{n+1}) + g(v, u_n)) = 0
 *   Jacobian: diagonal C + (h/2)(2/R (1/R at k = N) + IS/(N Vt) exp(y_k/(N Vt))), off-diagonals −(h/2)/R.
 * Cost: O(N) per Newton iteration, (tEnd/h)·(1 + 2) steps.
 */
import { richardson } from './dense-reference';
import type { DenseReference, ProbeRun } from './dense-reference';
import { DIODE_LADDER, THERMAL_VOLTAGE, diodeLadderProbes } from './diode-ladder';
import { solveTridiagonal } from './tridiagonal';

const P = DIODE_LADDER;
const NVT = P.emission * THERMAL_VOLTAGE;
const input = (t: number) => P.amplitude * Math.min(t / P.rise, 1);

/** g(v, u) into out. */
function rates(v: Float64Array, u: number, out: Float64Array): void {
  const n = v.length;
  const G = 1 / P.R;
  for (let k = 0; k < n; k++) {
    const left = k === 0 ? u : v[k - 1];
    const right = k === n - 1 ? 0 : (v[k] - v[k + 1]) * G;
    out[k] = (left - v[k]) * G - right - P.is * Math.expm1(v[k] / NVT);
  }
}

/** One trapezoidal run at step h; the probes' values and slopes v' = g/C at every step. */
export function diodeLadderRun(N: number, h: number): ProbeRun {
  const steps = Math.round(P.tEnd / h);
  if (Math.abs(steps * h - P.tEnd) > 1e-9 * h || Math.abs(Math.round(P.rise / h) * h - P.rise) > 1e-9 * h) throw new RangeError(`diodeLadderRun: h = ${h} must divide the rise and the span`);
  const probes = diodeLadderProbes(N).map((k) => k - 1);
  const values = probes.map(() => new Float64Array(steps + 1));
  const slopes = probes.map(() => new Float64Array(steps + 1));
  let v = new Float64Array(N);
  let y = new Float64Array(N);
  const g0 = new Float64Array(N);
  const g1 = new Float64Array(N);
  const a = new Float64Array(N);
  const b = new Float64Array(N);
  const c = new Float64Array(N);
  const r = new Float64Array(N);
  const w = new Float64Array(N);
  const G = 1 / P.R;
  const half = h / 2;
  const record = (j: number, g: Float64Array, state: Float64Array) => {
    probes.forEach((k, p) => {
      values[p][j] = state[k];
      slopes[p][j] = g[k] / P.C;
    });
  };
  rates(v, input(0), g0);
  record(0, g0, v);
  for (let n = 0; n < steps; n++) {
    const u1 = input((n + 1) * h);
    for (let k = 0; k < N; k++) y[k] = v[k] + (h * g0[k]) / P.C;
    for (let it = 0; ; it++) {
      rates(y, u1, g1);
      for (let k = 0; k < N; k++) {
        r[k] = -(P.C * (y[k] - v[k]) - half * (g1[k] + g0[k]));
        b[k] = P.C + half * ((k === N - 1 ? 1 : 2) * G + (P.is / NVT) * Math.exp(y[k] / NVT));
        a[k] = -half * G;
        c[k] = -half * G;
      }
      solveTridiagonal(a, b, c, r, w);
      let dmax = 0;
      for (let k = 0; k < N; k++) {
        y[k] += r[k];
        dmax = Math.max(dmax, Math.abs(r[k]));
      }
      if (dmax < 1e-15) break;
      if (it > 50) throw new Error(`diodeLadderRun: Newton did not converge at step ${n} (|Δ| = ${dmax})`);
    }
    rates(y, u1, g0);
    [v, y] = [y, v];
    record(n + 1, g0, v);
  }
  return { h, values, slopes };
}

/** The reference: runs at h and h/2, extrapolated. */
export function diodeLadderReference(N: number, h = 1e-9): DenseReference {
  return richardson(diodeLadderRun(N, h), diodeLadderRun(N, h / 2));
}
