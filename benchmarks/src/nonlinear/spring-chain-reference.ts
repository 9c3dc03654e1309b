/**
 * The spring chain's ODEs written by hand (spring-chain.ts), integrated by the trapezoidal rule with a fixed step:
 * the deflections are eliminated, λ⁺ = λ + (h/2)(Dv + Dv⁺) with (Dv)_i = v_{i−1} − v_i, leaving Newton on the
 * velocities alone with a symmetric tridiagonal Jacobian (Thomas algorithm), to |Δv| < 1e-14; runs at h and h/2
 * combined by Richardson extrapolation (dense-reference.ts). Independent of the engine.
 *
 *   r_i(v⁺) = m (v⁺_i − v_i) − (h/2) (a_i(λ⁺, v⁺) + a_i(λ, v)),  a_i = s_i − s_{i+1} + F0·[i = N]
 *   σ_i = (k + 3 k3 λ⁺_i²)(h/2) + b:   J_ii = m + (h/2)(σ_i + σ_{i+1}),  J_{i,i−1} = −(h/2) σ_i,  J_{i,i+1} = −(h/2) σ_{i+1}
 * Cost: O(N) per Newton iteration.
 */
import { richardson } from './dense-reference';
import type { DenseReference, ProbeRun } from './dense-reference';
import { SPRING_CHAIN, springChainProbes } from './spring-chain';
import { solveTridiagonal } from './tridiagonal';

const P = SPRING_CHAIN;

/** a(λ, v) into out. */
function accelerations(lambda: Float64Array, v: Float64Array, out: Float64Array): void {
  const n = v.length;
  let sPrev = 0;
  for (let i = n - 1; i >= 0; i--) {
    const l = lambda[i];
    const s = P.k * l + P.k3 * l * l * l + P.b * ((i === 0 ? 0 : v[i - 1]) - v[i]);
    out[i] = s - sPrev + (i === n - 1 ? P.force : 0);
    sPrev = s;
  }
}

export function springChainRun(N: number, h: number): ProbeRun {
  const steps = Math.round(P.tEnd / h);
  if (Math.abs(steps * h - P.tEnd) > 1e-9 * h) throw new RangeError(`springChainRun: h = ${h} must divide the span`);
  const probes = springChainProbes(N).map((k) => k - 1);
  const values = probes.map(() => new Float64Array(steps + 1));
  const slopes = probes.map(() => new Float64Array(steps + 1));
  let v = new Float64Array(N);
  let lam = new Float64Array(N);
  let y = new Float64Array(N);
  let lamNext = new Float64Array(N);
  const a0 = new Float64Array(N);
  const a1 = new Float64Array(N);
  const sub = new Float64Array(N);
  const diag = new Float64Array(N);
  const sup = new Float64Array(N);
  const r = new Float64Array(N);
  const w = new Float64Array(N);
  const sigma = new Float64Array(N + 1);
  const half = h / 2;
  const record = (j: number) => {
    probes.forEach((k, p) => {
      values[p][j] = v[k];
      slopes[p][j] = a0[k] / P.m;
    });
  };
  accelerations(lam, v, a0);
  record(0);
  for (let n = 0; n < steps; n++) {
    for (let i = 0; i < N; i++) y[i] = v[i] + (h * a0[i]) / P.m;
    for (let it = 0; ; it++) {
      for (let i = 0; i < N; i++) {
        lamNext[i] = lam[i] + half * ((i === 0 ? 0 : v[i - 1]) - v[i] + (i === 0 ? 0 : y[i - 1]) - y[i]);
        sigma[i] = (P.k + 3 * P.k3 * lamNext[i] * lamNext[i]) * half + P.b;
      }
      sigma[N] = 0;
      accelerations(lamNext, y, a1);
      for (let i = 0; i < N; i++) {
        r[i] = -(P.m * (y[i] - v[i]) - half * (a1[i] + a0[i]));
        diag[i] = P.m + half * (sigma[i] + sigma[i + 1]);
        sub[i] = -half * sigma[i];
        sup[i] = -half * sigma[i + 1];
      }
      solveTridiagonal(sub, diag, sup, r, w);
      let dmax = 0;
      for (let i = 0; i < N; i++) {
        y[i] += r[i];
        dmax = Math.max(dmax, Math.abs(r[i]));
      }
      if (dmax < 1e-14) break;
      if (it > 50) throw new Error(`springChainRun: Newton did not converge at step ${n} (|Δ| = ${dmax})`);
    }
    for (let i = 0; i < N; i++) lamNext[i] = lam[i] + half * ((i === 0 ? 0 : v[i - 1]) - v[i] + (i === 0 ? 0 : y[i - 1]) - y[i]);
    [v, y] = [y, v];
    [lam, lamNext] = [lamNext, lam];
    accelerations(lam, v, a0);
    record(n + 1);
  }
  return { h, values, slopes };
}

/** The reference: runs at h and h/2, extrapolated. */
export function springChainReference(N: number, h = 1e-3): DenseReference {
  return richardson(springChainRun(N, h), springChainRun(N, h / 2));
}
