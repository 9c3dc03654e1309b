/**
 * Timing of the solvers that run on the dense kernels of @sysgraph/linalg (LU, expm): the exact LTI method
 * (block exponential per step size), Rodas4 on a dense linear model (one LU of M − hγA per step), Rodas4 on a
 * dense nonlinear model (one LU of I − hγJ per Jacobian), and the Krylov solver (projected exponentials).
 * Public API only, so the same script times any revision. Prints medians in ms.
 *
 * Run: npx tsx benchmarks/src/dense-kernel-users.ts [--repeats 5]
 */
import { csrFromTriplets } from '@sysgraph/linalg';
import { simulate } from '@sysgraph/simulate';
import type { LinearModel, NonlinearModel, SimulateOptions } from '@sysgraph/simulate';

/** N-section RC ladder (R = 1 kΩ/N, C = 1 µF/N), C v_k' = (v_{k−1} − 2 v_k + v_{k+1})/R, dense or CSR. */
function ladder(N: number, dense: boolean): LinearModel {
  const s = 1 / ((1e3 / N) * (1e-6 / N));
  const A = Array.from({ length: N }, () => new Array<number>(N).fill(0));
  for (let k = 0; k < N; k++) {
    A[k][k] = (k === N - 1 ? -1 : -2) * s;
    if (k > 0) A[k][k - 1] = s;
    if (k < N - 1) A[k][k + 1] = s;
  }
  const B = Array.from({ length: N }, (_, k) => [k === 0 ? s : 0]);
  const base = { kind: 'linear' as const, stateNames: A.map((_, k) => `v${k + 1}`), inputNames: ['Vs'], outputNames: [] };
  if (dense) return { ...base, A, B, C: [], D: [] };
  const ri: number[] = [];
  const ci: number[] = [];
  const v: number[] = [];
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) if (A[i][j] !== 0) ri.push(i), ci.push(j), v.push(A[i][j]);
  return { ...base, A: csrFromTriplets(N, N, ri, ci, v), B: csrFromTriplets(N, 1, [0], [0], [s]), C: csrFromTriplets(0, N, [], [], []), D: [] };
}

/** The same ladder with a diode (IS = 1e-12 A, Vt = 25.85 mV) from every node to ground; dense Jacobian. */
function diodeLadder(N: number): NonlinearModel {
  const R = 1e3;
  const C = 1e-9;
  const IS = 1e-12;
  const VT = 0.02585;
  return {
    kind: 'nonlinear',
    stateNames: Array.from({ length: N }, (_, k) => `v${k + 1}`),
    inputNames: ['Vs'],
    outputNames: [],
    f(_t, x, u, _du, dx) {
      for (let k = 0; k < N; k++) {
        const left = k === 0 ? u[0] : x[k - 1];
        const right = k === N - 1 ? x[k] : x[k + 1];
        dx[k] = ((left - x[k]) / R - (x[k] - right) / R - IS * Math.expm1(x[k] / VT)) / C;
      }
    },
    g() {},
    jacobian(_t, x) {
      const J = Array.from({ length: N }, () => new Array<number>(N).fill(0));
      for (let k = 0; k < N; k++) {
        J[k][k] = ((k === N - 1 ? -1 : -2) / R - (IS / VT) * Math.exp(x[k] / VT)) / C;
        if (k > 0) J[k][k - 1] = 1 / (R * C);
        if (k < N - 1) J[k][k + 1] = 1 / (R * C);
      }
      return J;
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function time(repeats: number, run: () => unknown): number {
  run();
  const ts: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    run();
    ts.push(performance.now() - t0);
  }
  return median(ts);
}

const at = process.argv.indexOf('--repeats');
const repeats = at > 0 ? Number(process.argv[at + 1]) : 5;
const ramp = (rise: number) => `pwl(0,0, ${rise},1)`;
const cases: [string, () => unknown][] = [
  ['exact, dense ladder N = 60', () => simulate(ladder(60, true), opts('exact', 4e-3, ramp(4e-6)))],
  ['exact, dense ladder N = 120', () => simulate(ladder(120, true), opts('exact', 4e-3, ramp(4e-6)))],
  ['stiff (Rodas4), dense ladder N = 60', () => simulate(ladder(60, true), opts('stiff', 4e-3, ramp(4e-6)))],
  ['stiff (Rodas4), dense diode ladder N = 40', () => simulate(diodeLadder(40), opts('stiff', 20e-6, 'pwl(0,0, 1e-5,5)'))],
  ['trbdf2, dense diode ladder N = 40', () => simulate(diodeLadder(40), opts('trbdf2', 20e-6, 'pwl(0,0, 1e-5,5)'))],
  ['krylov, sparse ladder N = 2000', () => simulate(ladder(2000, false), opts('krylov', 4e-3, ramp(4e-6)))],
];

function opts(solver: SimulateOptions['solver'], tEnd: number, input: string): SimulateOptions {
  return { tEnd, solver, samples: 201, inputs: { Vs: input } } as SimulateOptions;
}

console.log(`dense-kernel users, Node ${process.version}; medians of ${repeats} in ms`);
for (const [name, run] of cases) console.log(`| ${name} | ${time(repeats, run).toFixed(2)} |`);
