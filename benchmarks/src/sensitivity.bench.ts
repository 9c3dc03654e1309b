/**
 * Sensitivity benchmark: the cost of the sensitivities (packages/sensitivity) relative to one simulation of the
 * same model, on textbook examples and RLC ladders of 10 to 60 states, with three parameters (R, L, C):
 * matrix sensitivities (numeric: the formulation in dual numbers; symbolic where the model is small), pole
 * sensitivities, trajectory sensitivities (the forward sensitivity equations: n(1 + p) states) and the energy
 * audit. Each figure is the median of repeated runs in one process (after a warm-up run).
 * Writes results/sensitivity.json (by the harness) and results/sensitivity.md (here).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { compile, simulate } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import { dualSensitivities, energyAudit, polesFromMatrices, symbolicSensitivities, trajectoryFromMatrices } from '@sysgraph/sensitivity';
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
  const report: BenchReport = {
    title: 'Sensitivities and the energy audit relative to one simulation',
    columns,
    rows,
    targets: [],
    notes: [
      `median of ${REPEATS} runs after a warm-up, one process; the simulation is the engine's simulate (auto solver, 201 samples) of the same model, end time and inputs`,
      'trajectory: the forward sensitivity equations for every parameter at once, an n(1 + p)-state linear model integrated by the same solvers (auto: the exact method up to 120 states; above that, one parameter per run of 2n states, as for the 60-state ladder), given the matrix sensitivities (their cost is the matrices column)',
      'energy audit: the model with every branch across and through as outputs, compiled and simulated (201 samples here; the command\'s default is 2001), and the passivity checks (eigenvalues, H(jω) on 241 frequencies)',
      'the simulation column includes the engine\'s parsing of the input signals (a mathjs instance per parse, about 10 ms: packages/engine/README.md, Limits)',
    ],
  };
  const resultsDir = resolve(root, 'benchmarks/results');
  const header = `| ${columns.join(' | ')} |\n|${columns.map(() => '---').join('|')}|\n`;
  const body = rows.map((r) => `| ${columns.map((c) => String(r[c] ?? '—')).join(' | ')} |`).join('\n');
  writeFileSync(
    join(resultsDir, 'sensitivity.md'),
    `# ${report.title}\n\n${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}), Node ${process.version}\n\n${header}${body}\n\n${report.notes.map((n) => `- ${n}`).join('\n')}\n`,
  );
  return report;
}
