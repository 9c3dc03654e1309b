/**
 * Sensitivity benchmark: the cost of the sensitivities (packages/sensitivity) relative to one simulation of the
 * same model, on textbook examples and RLC ladders of 10 to 60 states, with three parameters (R, L, C):
 * matrix sensitivities (numeric: the formulation in dual numbers; symbolic where the model is small), pole
 * sensitivities, trajectory sensitivities (the forward sensitivity equations: n(1 + p) states) and the energy
 * audit. Each figure is the median of repeated runs in one process (after a warm-up run).
 * Many parameters: RLC ladders whose every element is its own parameter (3N of them), ∂y(T)/∂θ at the end time by
 * the forward equations and by the adjoint method (packages/sensitivity/src/adjoint), and their difference.
 * Writes results/sensitivity.json (by the harness) and results/sensitivity.md (here).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { compile, simulate } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import { adjointFromMatrices, dualSensitivities, sparseSensitivities, sparseTrajectoryFromMatrices, energyAudit, polesFromMatrices, symbolicSensitivities, trajectoryFromMatrices } from '@sysgraph/sensitivity';
import type { RawElement, RawSystem } from '@sysgraph/description';
import { rlcLadder } from './generators/index';
import type { BenchOptions, BenchReport } from './harness/bench-report';
import { median, round } from './harness/timing';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const REPEATS = 5;

function time(fn: () => unknown): number {
  fn();
  const ms: number[] = [];
  for (let k = 0; k < REPEATS; k++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

interface Case {
  readonly name: string;
  readonly model: () => CompiledModel;
  readonly params: readonly string[];
  readonly tEnd: number;
  readonly symbolic: boolean;
}

const example = (name: string) => () => compile(readFileSync(join(root, 'examples', `${name}.json`), 'utf8'));

const CASES: readonly Case[] = [
  { name: 'rlc-series', model: example('rlc-series'), params: ['R', 'L', 'C'], tEnd: 5, symbolic: true },
  { name: 'motor-pump', model: example('motor-pump'), params: ['R', 'L', 'Kv'], tEnd: 1.2, symbolic: true },
  ...[5, 15, 30].map((N) => ({ name: `rlc-ladder ${N}`, model: () => compile(rlcLadder(N)), params: ['R', 'L', 'C'], tEnd: 2e-3, symbolic: N <= 5 })),
];

/** The ladder with every R, L and C its own parameter, named by the element (3N parameters). */
function elementParameters(raw: RawSystem): RawSystem {
  const shared = raw.parameters as Record<string, { value: number; unit: string }>;
  const parameters: Record<string, { value: number; unit: string }> = {};
  const elements = (raw.elements ?? []).map((e) => {
    if (typeof e.value !== 'string' || !(e.value in shared)) return e;
    parameters[e.id] = shared[e.value];
    return { ...e, value: e.id };
  });
  return { ...raw, parameters, elements };
}

const MANY_PARAMETER_SECTIONS = [5, 15, 30];

function manyParameterRows(options: BenchOptions): Record<string, number | string | boolean | null>[] {
  return MANY_PARAMETER_SECTIONS.map((N) => {
    const model = compile(elementParameters(rlcLadder(N)));
    const params = [...model.description.parameters.keys()];
    const sens = dualSensitivities(model, params);
    const T = 2e-3;
    const forwardRun = { tEnd: T, samples: 2, rtol: 1e-8 };
    const forward = time(() => trajectoryFromMatrices(model, sens, forwardRun));
    const adjoint = time(() => adjointFromMatrices(model, sens, { at: [T], rtol: 1e-8 }));
    const f = trajectoryFromMatrices(model, sens, forwardRun);
    const a = adjointFromMatrices(model, sens, { at: [T], rtol: 1e-8 });
    // the difference in the scale of θ ∂y/∂θ relative to max |y|
    let worst = 0;
    params.forEach((_, k) => (worst = Math.max(worst, Math.abs(sens.values[k] * (a.derivatives[k][0][0] - f.derivatives[k][0][1])) / Math.abs(a.y[0][0]))));
    options.log(`many parameters, ${N} sections: forward ${forward.toFixed(1)} ms, adjoint ${adjoint.toFixed(1)} ms, difference ${worst.toExponential(2)}`);
    return { table: 'adjoint', model: `rlc-ladder ${N}, every element a parameter`, states: model.stateNames.length, parameters: params.length, 'forward ms': round(forward), 'adjoint ms': round(adjoint), 'forward / adjoint': round(forward / adjoint), 'max |θ Δ(∂y/∂θ)| / |y|': Number(worst.toPrecision(3)), 'adjoint nodes': a.nodes[0] };
  });
}

const SPARSE_SECTIONS = [1000, 10000];

/** The sparse route on RC ladders above the engine's sparse threshold (1 warm-up, median of 3). */
function sparseRows(options: BenchOptions): Record<string, number | string | boolean | null>[] {
  const time3 = (fn: () => unknown) => {
    fn();
    const ms: number[] = [];
    for (let k = 0; k < 3; k++) {
      const t0 = performance.now();
      fn();
      ms.push(performance.now() - t0);
    }
    return median(ms);
  };
  return SPARSE_SECTIONS.map((N) => {
    const elements: RawElement[] = [{ id: 'Vs', kind: 'voltage-source', from: 'n0', to: 'g', value: 1 }];
    for (let k = 1; k <= N; k++) elements.push({ id: `R${k}`, kind: 'resistor', from: `n${k - 1}`, to: `n${k}`, value: 'R' }, { id: `C${k}`, kind: 'capacitor', from: `n${k}`, to: 'g', value: 'C' });
    const model = compile({ name: `rc-ladder-${N}`, parameters: { R: 1, C: 1 }, elements, outputs: [{ element: `C${N}`, variable: 'across' }], ground: 'g' });
    const run = { tEnd: 10, samples: 201, record: [model.stateNames[0]] };
    const simulation = time3(() => simulate(model, run));
    const matrices = time3(() => sparseSensitivities(model, ['R', 'C']));
    const sens = sparseSensitivities(model, ['R', 'C']);
    const trajectory = time3(() => sparseTrajectoryFromMatrices(model, sens, { tEnd: 10, samples: 201, outputs: [model.stateNames[0]] }));
    options.log(`sparse route, ${N} sections: simulation ${simulation.toFixed(1)} ms, matrices ${matrices.toFixed(1)} ms, trajectory ${trajectory.toFixed(1)} ms`);
    return { table: 'sparse', model: `rc-ladder ${N} (sparse)`, states: model.stateNames.length, parameters: 2, 'simulation ms': round(simulation), 'matrices (sparse dual) ms': round(matrices), 'trajectory ms': round(trajectory), 'matrices / simulation': round(matrices / simulation), 'trajectory / simulation': round(trajectory / simulation) };
  });
}

export function run(options: BenchOptions): BenchReport {
  const rows: Record<string, number | string | boolean | null>[] = [];
  for (const c of CASES) {
    const model = c.model();
    const params = c.params.filter((p) => model.description.parameters.has(p));
    const states = model.stateNames.length;
    const run = { tEnd: c.tEnd, samples: 201 };
    const simulation = time(() => simulate(model, run));
    const matrices = time(() => dualSensitivities(model, params));
    const symbolic = c.symbolic ? time(() => symbolicSensitivities(model, params)) : NaN;
    const sens = dualSensitivities(model, params);
    const poles = time(() => polesFromMatrices(sens));
    const trajectory = time(() => trajectoryFromMatrices(model, sens, run));
    const energy = time(() => energyAudit(model, run));
    options.log(`${c.name}: ${states} states, simulation ${simulation.toFixed(2)} ms, dual ${matrices.toFixed(2)} ms, trajectory ${trajectory.toFixed(2)} ms`);
    rows.push({
      model: c.name,
      states,
      parameters: params.length,
      'simulation ms': round(simulation),
      'matrices (dual) ms': round(matrices),
      'matrices (symbolic) ms': Number.isNaN(symbolic) ? null : round(symbolic),
      'poles ms': round(poles),
      'trajectory ms': round(trajectory),
      'energy audit ms': round(energy),
      'matrices / simulation': round(matrices / simulation),
      'trajectory / simulation': round(trajectory / simulation),
      'energy / simulation': round(energy / simulation),
    });
  }
  const columns = Object.keys(rows[0]);
  const many = manyParameterRows(options);
  const sparse = sparseRows(options);
  const report: BenchReport = {
    title: 'Sensitivities and the energy audit relative to one simulation',
    columns,
    rows: [...rows, ...many, ...sparse],
    targets: [],
    notes: [
      `median of ${REPEATS} runs after a warm-up, one process; the simulation is the engine's simulate (auto solver, 201 samples) of the same model, end time and inputs`,
      'trajectory: the forward sensitivity equations for every parameter at once, an n(1 + p)-state linear model integrated by the same solvers (auto: the exact method up to 120 states; above that, one parameter per run of 2n states, as for the 60-state ladder), given the matrix sensitivities (their cost is the matrices column)',
      'energy audit: the model with every branch across and through as outputs, compiled and simulated (201 samples here; the command\'s default is 2001), and the passivity checks (eigenvalues, H(jω) on 241 frequencies)',
      'the simulation column includes the engine\'s parsing of the input signals (a mathjs instance per parse, about 10 ms: packages/engine/README.md, Limits)',
      'large models (third table): RC ladders above the engine\'s sparse threshold (R = C = 1, 0–10 s, the first capacitor recorded), R and C; matrices: the sparse formulation in dual numbers (every derivative a CSR matrix); trajectory: the forward equations as one sparse model of 3n states; median of 3 after a warm-up',
      'many parameters (second table): ∂y(T)/∂θ of the last capacitor voltage at T = 2 ms for every element\'s value, given the matrix sensitivities; forward: the sensitivity equations (n(1 + p) states, or one parameter per run of 2n states), 2 samples; adjoint: one forward and one adjoint run with Simpson quadrature refined to rtol 1e-8; the difference column compares the two methods',
    ],
  };
  const resultsDir = resolve(root, 'benchmarks/results');
  const header = `| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|\n`;
  const body = rows.map((r) => `| ${columns.map((c) => String(r[c] ?? '—')).join(' | ')} |`).join('\n');
  const manyColumns = Object.keys(many[0]).filter((c) => c !== 'table');
  const sparseColumns = Object.keys(sparse[0]).filter((c) => c !== 'table');
  const sparseTable = `## Large models: the sparse route\n\n| ${sparseColumns.join(' | ')} |\n|${sparseColumns.map(() => '---').join('|')}|\n${sparse.map((r) => `| ${sparseColumns.map((c) => String(r[c] ?? '—')).join(' | ')} |`).join('\n')}\n`;
  const manyTable = `## Many parameters: forward equations against the adjoint method\n\n| ${manyColumns.join(' | ')} |\n|${manyColumns.map(() => '---').join('|')}|\n${many.map((r) => `| ${manyColumns.map((c) => String(r[c] ?? '—')).join(' | ')} |`).join('\n')}\n`;
  writeFileSync(
    join(resultsDir, 'sensitivity.md'),
    `# ${report.title}\n\n${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}), Node ${process.version}\n\n${header}${body}\n\n${manyTable}\n${sparseTable}\n${report.notes.map((n) => `- ${n}`).join('\n')}\n`,
  );
  return report;
}
