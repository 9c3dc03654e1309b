/**
 * Benchmark: an N-section RC ladder (R = 1 kΩ/N, C = 1 µF/N per section, 1 V ramp with 4 µs rise, 0–4 ms) as a
 * sparse LinearModel built directly (tridiagonal A). Wall time of the Krylov exponential solver, of the stiff sparse solver (Rodas4 + sparse LU)
 * and of the exact method (N ≤ 1000), max error of v_1, v_{N/2}, v_N at 41 samples against the exact modal
 * solution (closed-form eigenpairs of the symmetric tridiagonal matrix, N ≤ 2000). Prints medians.
 *
 * Run: npx tsx benchmarks/src/simulate-ladder.ts [--repeats 3] [--sizes 100,1000,10000]
 */
import { csrFromTriplets } from '@sysgraph/linalg';
import { simulate } from '@sysgraph/simulate';
import type { LinearModel, SimulationResult } from '@sysgraph/simulate';

function ladder(N: number): LinearModel {
  const R = 1e3 / N;
  const C = 1e-6 / N;
  const s = 1 / (R * C);
  const ri: number[] = [];
  const ci: number[] = [];
  const v: number[] = [];
  for (let k = 0; k < N; k++) {
    // C v_k' = (v_{k−1} − v_k)/R − (v_k − v_{k+1})/R, v_0 = Vs, open at node N
    ri.push(k), ci.push(k), v.push((k === N - 1 ? -1 : -2) * s);
    if (k > 0) ri.push(k), ci.push(k - 1), v.push(s);
    if (k < N - 1) ri.push(k), ci.push(k + 1), v.push(s);
  }
  return {
    kind: 'linear',
    stateNames: Array.from({ length: N }, (_, k) => `v${k + 1}`),
    inputNames: ['Vs'],
    outputNames: [],
    A: csrFromTriplets(N, N, ri, ci, v),
    B: csrFromTriplets(N, 1, [0], [0], [s]),
    C: csrFromTriplets(0, N, [], [], []),
    D: [],
  };
}

/** v_j(t) from λ_k = −4 sin²(θ_k/2)/RC, φ_k(j) = sin(θ_k j), θ_k = (2k − 1)π/(2N + 1); ramp 0 → 1 over rise. */
function modal(N: number, rise: number, t: number, nodes: number[]): number[] {
  const RC = (1e3 / N) * (1e-6 / N);
  const out = nodes.map(() => 0);
  for (let k = 1; k <= N; k++) {
    const th = ((2 * k - 1) * Math.PI) / (2 * N + 1);
    const mu = (-4 * Math.sin(th / 2) ** 2) / RC;
    let norm2 = 0;
    for (let j = 1; j <= N; j++) norm2 += Math.sin(th * j) ** 2;
    const beta = Math.sin(th) / (RC * norm2);
    const ramp = (s: number) => {
      const x = mu * s;
      const g = Math.abs(x) < 1e-3 ? (x * x) / 2 + (x * x * x) / 6 + (x * x * x * x) / 24 : Math.expm1(x) - x;
      return (beta * g) / (mu * mu * rise);
    };
    const e = Math.exp(mu * (t - rise));
    const q = t <= rise ? ramp(t) : e * ramp(rise) + (beta * (1 - e)) / -mu;
    nodes.forEach((j, a) => (out[a] += q * Math.sin(th * j)));
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function arg(name: string, fallback: string): string {
  const k = process.argv.indexOf(`--${name}`);
  return k > 0 ? process.argv[k + 1] : fallback;
}

const repeats = Number(arg('repeats', '3'));
const sizes = arg('sizes', '100,1000,10000').split(',').map(Number);
const rise = 4e-6;

function run(N: number, solver: 'stiff' | 'exact' | 'krylov'): { ms: number; result: SimulationResult } {
  const model = ladder(N);
  const record = [`v1`, `v${Math.ceil(N / 2)}`, `v${N}`];
  const t0 = performance.now();
  const result = simulate(model, { tEnd: 4e-3, solver, inputs: { Vs: `ramp(1, ${rise})` }, samples: 41, rtol: 1e-6, atol: 1e-9, record });
  return { ms: performance.now() - t0, result };
}

console.log(`RC ladder, ramp 1 V / 4 µs, 0–4 ms, 41 samples, rtol 1e-6, atol 1e-9; median of ${repeats} runs`);
console.log('N        solver  wall ms   steps  rejected  factorizations  solves  max |error| vs modal');
for (const N of sizes) {
  for (const solver of ['krylov', 'stiff', 'exact'] as const) {
    if (solver === 'exact' && N > 1000) continue;
    const times: number[] = [];
    let last: SimulationResult | undefined;
    for (let r = 0; r < (solver === 'exact' && N >= 1000 ? 1 : repeats); r++) {
      const { ms, result } = run(N, solver);
      times.push(ms);
      last = result;
    }
    let err = NaN;
    if (N <= 2000 && last) {
      err = 0;
      const nodes = [1, Math.ceil(N / 2), N];
      for (let k = 0; k < last.columns[0].length; k++) {
        const ex = modal(N, rise, last.columns[0][k], nodes);
        for (let a = 0; a < 3; a++) err = Math.max(err, Math.abs(last.columns[1 + a][k] - ex[a]));
      }
    }
    const s = last!.stats;
    console.log(
      `${String(N).padEnd(8)} ${solver.padEnd(7)} ${median(times).toFixed(0).padStart(7)} ${String(s.steps).padStart(7)} ${String(s.rejectedSteps).padStart(9)} ${String(s.factorizations).padStart(15)} ${String(s.solves).padStart(7)}  ${Number.isNaN(err) ? '(N > 2000: not computed)' : err.toExponential(2)}`,
    );
  }
}
