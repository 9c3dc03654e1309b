/**
 * Symbolic kernel benchmark (@sysgraph/symbolic): the determinant of an n×n tridiagonal matrix of
 * distinct symbols, the transfer function H(s) = V_N / V_s of an N-section RC ladder from its nodal
 * matrix (G + sC) by fraction-free and by Gaussian elimination, a dense n×n solve, and the StateMint
 * tutorial coefficient from text. Prints the median of 5 runs per size and the cost guard's estimate.
 * Run: pnpm bench symbolic-kernels [--max-seconds S] (budget per kernel and size: min(S, 20) s; writes
 * benchmarks/results/symbolic-kernels.json through the harness).
 */
import { createRequire } from 'node:module';
import {
  FieldMatrix,
  RationalFunction,
  VariableSet,
  determinant,
  estimateMatrixCost,
  parseRational,
  rationalFunctionField,
  solve,
  toLatex,
  type SolveMethod,
} from '@sysgraph/symbolic';
import type { BenchOptions, BenchReport } from './harness/bench-report';

const RUNS = 5;
/** Budget of one kernel at one size, s (the harness's --max-seconds caps it). */
let MAX_SECONDS = 20;
let log: (line: string) => void = (line) => console.log(line);

interface Row {
  kernel: string;
  n: number;
  medianMs: number;
  runs: number;
  size: string;
  estimateMs?: number;
}
let rows: Row[] = [];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

/** n×n tridiagonal: a_i on the diagonal, b_i above, c_i below. */
function tridiagonal(n: number) {
  const F = rationalFunctionField(new VariableSet());
  const m = FieldMatrix.zeros(F, n, n);
  for (let i = 0; i < n; i++) {
    m.set(i, i, F.variable(`a${i + 1}`));
    if (i + 1 < n) {
      m.set(i, i + 1, F.variable(`b${i + 1}`));
      m.set(i + 1, i, F.variable(`c${i + 1}`));
    }
  }
  return m;
}

/**
 * RC ladder: source V_s – R_1 – node 1 (C_1 to ground) – R_2 – node 2 (C_2) – … – node N (C_N).
 * Nodal equations (G + sC) v = (V_s / R_1) e_1 with G tridiagonal: G_kk = 1/R_k + 1/R_{k+1} (last: 1/R_N),
 * G_{k,k+1} = G_{k+1,k} = −1/R_{k+1}. H(s) = v_N / V_s.
 */
function rcLadder(n: number) {
  const F = rationalFunctionField(new VariableSet());
  const s = F.variable('s');
  const R = Array.from({ length: n }, (_, k) => F.variable(`R${k + 1}`));
  const C = Array.from({ length: n }, (_, k) => F.variable(`C${k + 1}`));
  const G = (k: number) => F.div(F.one, R[k]);
  const m = FieldMatrix.zeros(F, n, n);
  for (let k = 0; k < n; k++) {
    let diag = F.add(G(k), F.mul(s, C[k]));
    if (k + 1 < n) {
      diag = F.add(diag, G(k + 1));
      m.set(k, k + 1, F.neg(G(k + 1)));
      m.set(k + 1, k, F.neg(G(k + 1)));
    }
    m.set(k, k, diag);
  }
  const b = FieldMatrix.zeros(F, n, 1);
  b.set(0, 0, G(0));
  return { m, b };
}

/** Dense n×n: a_ij everywhere plus 1/r_i on the diagonal. */
function dense(n: number) {
  const F = rationalFunctionField(new VariableSet());
  const m = FieldMatrix.fromFunction(F, n, n, (i, j) =>
    i === j ? F.add(F.variable(`a${i}${j}`), F.div(F.one, F.variable(`r${i}`))) : F.variable(`a${i}${j}`),
  );
  const b = FieldMatrix.fromFunction(F, n, 1, (i) => (i === 0 ? F.one : F.zero));
  return { m, b };
}

function termCounts(m: FieldMatrix<RationalFunction>): number[][] {
  return m.toRows().map((r) => r.map((v) => (v.isZero() ? 0 : v.num.size)));
}

function runKernel(
  kernel: string,
  sizes: number[],
  make: (n: number) => { m: FieldMatrix<RationalFunction> },
  f: (input: never) => RationalFunction,
  describe: (r: RationalFunction) => string,
) {
  log(kernel);
  for (const n of sizes) {
    const times: number[] = [];
    let last: RationalFunction | undefined;
    let estimate = 0;
    estimate = estimateMatrixCost(termCounts(make(n).m)).milliseconds;
    if (estimate > MAX_SECONDS * 1000) {
      log(`  n = ${String(n).padStart(2)}: skipped, the cost guard estimates ${(estimate / 1000).toFixed(0)} s`);
      break;
    }
    for (let r = 0; r < RUNS; r++) {
      const input = make(n); // fresh field and caches per run: nothing carried over
      const t0 = performance.now();
      last = f(input as never);
      times.push(performance.now() - t0);
      if (times[times.length - 1] > MAX_SECONDS * 1000) break;
    }
    const med = median(times);
    rows.push({ kernel, n, medianMs: med, runs: times.length, size: describe(last!), estimateMs: estimate });
    log(
      `  n = ${String(n).padStart(2)}: median ${med.toFixed(1).padStart(9)} ms over ${times.length} runs` +
        `   (cost guard estimate ${estimate.toFixed(0)} ms)   ${describe(last!)}`,
    );
    if (med * RUNS > MAX_SECONDS * 1000) {
      log(`  (stopping: the next size would exceed the ${MAX_SECONDS} s budget)`);
      break;
    }
  }
}

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
type Input = { m: FieldMatrix<RationalFunction>; b: FieldMatrix<RationalFunction> };
const lastOf = (x: FieldMatrix<RationalFunction>) => x.get(x.rows - 1, 0);

export function run(options: BenchOptions): BenchReport {
  MAX_SECONDS = Math.min(options.maxSeconds, 20);
  log = options.log;
  rows = [];
  runKernel('det of the n×n symbolic tridiagonal matrix', range(4, 16), (n) => ({ m: tridiagonal(n) }),
    (i: { m: FieldMatrix<RationalFunction> }) => determinant(i.m), (r) => `${r.num.size} terms`);
  for (const method of ['fraction-free', 'gauss'] as SolveMethod[]) {
    runKernel(`RC ladder H(s) = v_N / V_s, ${method} solve`, range(2, 16), rcLadder,
      (i: Input) => lastOf(solve(i.m, i.b, { method })), (r) => `denominator ${r.den.size} terms`);
  }
  for (const method of ['fraction-free', 'gauss'] as SolveMethod[]) {
    runKernel(`dense n×n solve, ${method}`, range(2, 7), dense,
      (i: Input) => solve(i.m, i.b, { method }).get(0, 0), (r) => `x_1 denominator ${r.den.size} terms`);
  }

  // The StateMint tutorial coefficient: parse, convert, print text and LaTeX.
  {
    // mathjs is a dependency of @sysgraph/symbolic, not of the benchmarks: resolve it from there.
    const mathjs = createRequire(new URL('../../packages/symbolic/package.json', import.meta.url))('mathjs') as {
      create(factories: unknown): Parameters<typeof parseRational>[2];
      all: unknown;
    };
    const math = mathjs.create(mathjs.all);
    const text = '-kt*(Kv^2*R + 1/(Rf*D^2))/(1 + kt*Kv^2*L)';
    math.parse(text); // the first mathjs parse loads its parser; not part of the kernel
    const times: number[] = [];
    let out = '';
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const rf = parseRational(text, VariableSet.of(['kt', 'Kv', 'R', 'Rf', 'D', 'L']), math);
      out = `${rf.toString()}   ${toLatex(rf)}`;
      times.push(performance.now() - t0);
    }
    rows.push({ kernel: 'tutorial coefficient: parse + canonical form + print', n: 1, medianMs: median(times), runs: RUNS, size: out });
    log(`tutorial coefficient, parse + canonical form + text + LaTeX: median ${median(times).toFixed(2)} ms\n  ${out}`);
  }
  return {
    title: 'Symbolic kernels: determinant, RC-ladder H(s), dense solves, the tutorial coefficient (medians of 5)',
    columns: ['kernel', 'n', 'medianMs', 'runs', 'size', 'estimateMs'],
    rows: rows.map((r) => ({ ...r, estimateMs: r.estimateMs ?? null })),
    targets: [],
    notes: [`Median of ${RUNS} runs per size; a size is skipped when the cost guard's estimate exceeds the budget (${MAX_SECONDS} s) and a kernel stops when the next size would exceed it.`],
  };
}
