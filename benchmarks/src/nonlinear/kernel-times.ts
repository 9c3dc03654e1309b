/**
 * In-process cost of each kernel of the stiff path on the diode ladder (benchmarks/src/nonlinear/diode-ladder.ts),
 * built once: (a) one evaluation of f, (b) one Jacobian stamp, (c) one numeric refactorisation of I − cJ on the
 * fixed pattern, one plain solve and one solve that forms a stage's right-hand side hγ (f + hd·∂f/∂t + comb) as it
 * reads it (solveSum, as Rodas solves on a sparse J), (d) the solver's own vector work per attempt outside f and the
 * solves (rodas-vectors.ts's own kernels, called as rodas.ts calls them). Medians over many repetitions, in ms and in
 * ns per state, and the minimum (on a shared machine the median carries the other work, the minimum is closer to the kernel's own cost).
 * (a) and (b) are timed on the model as built (the linear-plus-law split where it applies: the ladder's path) and
 * on the general path (networkModel's option split: false), in alternating rounds of the same sitting, with the
 * largest difference between the two paths' f and J (relative to the size of the entries).
 *
 *   npx tsx benchmarks/src/nonlinear/kernel-times.ts [N] [repeats]
 */
import { readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { networkModel } from '@sysgraph/formulation';
import { CsrMatrix, csrAdd, csrIdentity, factorSparseLU, refactorSparseLU } from '@sysgraph/linalg';
// the solver's own kernels (not exported by the package: rodas.ts's internals), so that (d) cannot drift from them
import { denseGapMaxError, stageEndMaxError } from '@sysgraph/simulate';
import { stagePoint2, stagePoint3, stagePoint4, stagePoint5, stagePoint6 } from '@sysgraph/simulate';
import { diodeLadderNetlist } from './diode-ladder';

const N = Number(process.argv[2] ?? 10000);
const repeats = Number(process.argv[3] ?? 200);

type KernelModel = {
  stateNames: string[];
  inputNames: string[];
  f(t: number, x: Float64Array, u: Float64Array, du: Float64Array, out: Float64Array): void;
  jacobian(t: number, x: Float64Array, u: Float64Array, du: Float64Array): CsrMatrix;
};
const netlist = readSpiceNetlist(diodeLadderNetlist(N, '/dev/null'));
const structure = analyzeStructure(netlist.description);
const built = networkModel(structure);
const model = built.model as unknown as KernelModel;
const general = networkModel(structure, { split: false }).model as unknown as KernelModel;
const n = model.stateNames.length;
const u = new Float64Array(model.inputNames.length).fill(2.5);
const du = new Float64Array(model.inputNames.length).fill(5 / 10e-6);
// a state inside the working range: node voltages between 0 and 0.6 V (diodes partly conducting)
const x = new Float64Array(n);
for (let i = 0; i < n; i++) x[i] = 0.6 * Math.exp(-i / 50);
const out = new Float64Array(n);

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function time(label: string, run: () => void, reps = repeats): number {
  for (let i = 0; i < 5; i++) run();
  const samples: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    run();
    samples.push(performance.now() - t0);
  }
  const m = median(samples);
  const least = Math.min(...samples);
  // the minimum beside the median: on a shared machine the median carries the other work, the minimum the kernel's
  console.log(`${label.padEnd(34)} ${m.toFixed(3).padStart(8)} ms  ${((1e6 * m) / n).toFixed(1).padStart(7)} ns/state  (min ${least.toFixed(3)} ms, ${((1e6 * least) / n).toFixed(1)} ns/state)`);
  return m;
}

console.log(`diode ladder N = ${N}: ${n} states, ${repeats} repetitions, medians; path ${built.stats.path}`);
// the two paths against each other: f and J entry by entry, relative to the largest entry of the row
const fGeneral = new Float64Array(n);
model.f(1e-6, x, u, du, out);
general.f(1e-6, x, u, du, fGeneral);
const rowScale = (J: CsrMatrix, i: number) => {
  let s = 0;
  for (let q = J.rowPtr[i]; q < J.rowPtr[i + 1]; q++) s = Math.max(s, Math.abs(J.values[q]));
  return s;
};
{
  const Js = model.jacobian(1e-6, x, u, du);
  const Jg = general.jacobian(1e-6, x, u, du);
  let df = 0, dj = 0;
  for (let i = 0; i < n; i++) df = Math.max(df, Math.abs(out[i] - fGeneral[i]) / (Math.abs(fGeneral[i]) + 1e-300));
  for (let i = 0; i < n; i++) for (let q = Jg.rowPtr[i]; q < Jg.rowPtr[i + 1]; q++) dj = Math.max(dj, Math.abs(Js.get(i, Jg.colIdx[q]) - Jg.values[q]) / rowScale(Jg, i));
  console.log(`split against general: f ${df.toExponential(2)} (relative per entry), J ${dj.toExponential(2)} (relative to the row), nnz ${Js.nnz} / ${Jg.nnz}`);
}
let tf = 0, tj = 0;
for (let round = 0; round < 2; round++) {
  tf = time(`(a) f (${built.stats.path})`, () => model.f(1e-6, x, u, du, out));
  time('(a) f (general)', () => general.f(1e-6, x, u, du, fGeneral));
}
let J = model.jacobian(1e-6, x, u, du);
for (let round = 0; round < 2; round++) {
  tj = time(`(b) Jacobian (${built.stats.path})`, () => {
    J = model.jacobian(1e-6, x, u, du);
  });
  time('(b) Jacobian (general)', () => general.jacobian(1e-6, x, u, du));
}
console.log(`    nnz(J) = ${J.nnz}`);
// (c) I − cJ on J's pattern, factorised once, then refactorised numerically and solved
const c = 2.5e-8;
const A = csrAdd(1, csrIdentity(n), -c, J);
let lu = factorSparseLU(A, { ordering: 'amd' });
const outcome: { path: 'numeric' | 'pivot' } = { path: 'numeric' } as never;
const tr = time('(c1) refactorisation of I − cJ', () => {
  lu = refactorSparseLU(lu, A, outcome as never, { inPlace: true });
});
console.log(`    path ${outcome.path}, chain kernels ${(lu as unknown as { chain: boolean }).chain}`);
const b = new Float64Array(n).fill(1);
const sol = new Float64Array(n);
const ts = time('(c2) one solve', () => lu.solve(b, sol));
// (c3) stages 2–4's right-hand side hγ (f + hd·∂f/∂t + comb) formed inside the solve (stages 1, 5 and 6 read one term less)
const fx = new Float64Array(n).fill(0.1);
const comb = new Float64Array(n).fill(1e-3);
const tsSum = time('(c3) one solve forming its b', () => lu.solveSum(2.5e-8, out, 1e-8, fx, comb, sol));
// (d) Rodas's passes per attempt outside f and the solves (rodas.ts): the stage points y + Σ a k and comb = Σ (c/h) k
// of stages 2–6, y_new = y5 + k6 with its error, and the dense-output check of an accepted step (121 of the 132 attempts
// on the ladder; timed at every attempt here). The right-hand sides are formed in the solves (c3); the three copies of
// an accepted step (y, y_new, y_new': memcpy, ≈ 2 µs each) are left out.
const k = Array.from({ length: 6 }, (_, j) => Float64Array.from({ length: n }, (_, i) => 1e-4 * Math.cos(i + j)));
const [k1, k2, k3, k4, k5, k6] = k;
const ys = new Float64Array(n), yNew = new Float64Array(n), qHalf = new Float64Array(n), dEnd = Float64Array.from(out, (v) => 1.001 * v);
const td = time('(d) vector work per attempt', () => {
  const inv = 1 / 1e-7;
  stagePoint2(x, k1, inv, ys, comb);
  stagePoint3(x, k1, k2, inv, ys, comb);
  stagePoint4(x, k1, k2, k3, inv, ys, comb);
  stagePoint5(x, k1, k2, k3, k4, inv, ys, comb);
  stagePoint6(k1, k2, k3, k4, k5, inv, ys, comb, qHalf);
  stageEndMaxError(ys, k6, x, 1e-6, 1e-8, yNew);
  denseGapMaxError(x, yNew, qHalf, out, dEnd, 1e-7, 1e-6, 1e-8);
});
const perAttempt = 6 * tf + tj + tr + 6 * tsSum + td;
console.log(`per attempt (6 f, 1 J, 1 refactor, 6 solves of a stage, vector work) ≈ ${perAttempt.toFixed(2)} ms`);
