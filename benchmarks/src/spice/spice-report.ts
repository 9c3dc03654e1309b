/**
 * The result of the ngspice benchmark: one row per network and size (both tools' times and errors, the solver's
 * counts and the measured kernel costs), the targets with PASS/MISS, and formatSpiceMarkdown for spice.md.
 * spice.json has the shape of the other result files (BenchRecord) plus the machine's load and ngspice's version.
 */
import type { BenchRecord, TargetCheck } from '../harness/bench-report';

export interface SpiceRow {
  readonly [key: string]: number | string | boolean | null;
}

export interface SpiceRecord extends BenchRecord {
  readonly ngspice: string;
  readonly loadAverage: readonly number[];
  readonly findings: readonly string[];
}

const fmt = (x: unknown, digits = 3): string => {
  if (x === null || x === undefined || x === '') return '–';
  if (typeof x !== 'number') return String(x);
  if (!Number.isFinite(x)) return '–';
  if (x !== 0 && (Math.abs(x) < 1e-2 || Math.abs(x) >= 1e6)) return x.toExponential(1);
  return Math.abs(x) >= 100 ? String(Math.round(x)) : String(Number(x.toPrecision(digits)));
};
const ms = (x: unknown): string => (typeof x === 'number' && Number.isFinite(x) ? (x >= 1000 ? `${fmt(x / 1000)} s` : `${fmt(x)} ms`) : '–');

function verdict(t: TargetCheck): string {
  return Number.isFinite(t.figure) ? (t.pass ? 'PASS' : '**MISS**') : 'not run';
}

export function formatSpiceMarkdown(r: SpiceRecord): string {
  const m = r.machine;
  const out: string[] = [
    `# ${r.title}`,
    '',
    'Written by `npx tsx benchmarks/src/spice/run-spice-bench.ts` (benchmarks/src/spice/README.md); raw data in spice.json.',
    `${r.ngspice} (Debian package), Node ${m.node}, ${m.cpu} (${m.cores} cores), ${m.totalMemoryGB} GB, ${m.platform};`,
    `${m.date}; load average at the start ${r.loadAverage.map((x) => x.toFixed(1)).join(' / ')} (shared machine: read ratios, not digits); ${Math.round(r.wallSeconds)} s in all.`,
    '',
    'Errors: max |v − v_exact| over the probe nodes at 201 common times, divided by the peak of the exact response.',
    'ngspice time: wall time around `ngspice -b` (start-up, parsing, analysis, writing the table).',
    'sysgraph time: the whole pipeline from the description JSON text (parse → structure → formulate → model → simulate); "sim" is simulate() alone.',
    '',
    '## Results',
    '',
    '| network | size | ngspice defaults | error | ngspice tight | error | sysgraph total | sim | error | ngspice/sysgraph | target | result |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ];
  for (const row of r.rows) {
    out.push(
      `| ${row.network} | ${row.size} | ${row.ngspiceTimedOut ? `over ${fmt(row.timeoutSeconds)} s` : ms(row.ngspiceMs)} | ${fmt(row.ngspiceError, 2)} | ${row.tightTimedOut ? `over ${fmt(row.timeoutSeconds)} s` : ms(row.tightMs)} | ${fmt(row.tightError, 2)} | ${ms(row.sysgraphMs)} | ${ms(row.simulateMs)} | ${fmt(row.sysgraphError, 2)} | ${row.ngspiceTimedOut ? `> ${fmt((Number(row.timeoutSeconds) * 1000) / Number(row.sysgraphMs))}` : fmt(row.speedup)} | ${row.target ?? ''} | ${row.verdict ?? ''} |`,
    );
  }
  out.push(
    '',
    'ngspice tight = `.options reltol=1e-6 trtol=1 vntol=1e-9 abstol=1e-15`. Without an exact reference (the 10^4-node grid) the error column of ngspice is its deviation from sysgraph.',
    '',
    '## Targets',
    '',
    '| target | figure | limit | result | note |',
    '| --- | ---: | ---: | --- | --- |',
    ...r.targets.map((t) => `| ${t.target} | ${fmt(t.figure)} ${t.unit} | < ${fmt(t.limit)} ${t.unit} | ${verdict(t)} | ${t.note ?? ''} |`),
    '',
    '## Where sysgraph spends its time',
    '',
    '| network | size | parse | structure | formulate | simulate | steps | rejected | factorisations | solves | factor (1) | solve (1) | nnz(L+U) | factorisations × factor | solves × solve | predicted sim |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const row of r.rows) {
    out.push(
      `| ${row.network} | ${row.size} | ${ms(row.parseMs)} | ${ms(row.structureMs)} | ${ms(row.formulateMs)} | ${ms(row.simulateMs)} | ${fmt(row.steps)} | ${fmt(row.rejectedSteps)} | ${fmt(row.factorizations)} | ${fmt(row.solves)} | ${ms(row.factorMs)} | ${ms(row.solveMs)} | ${fmt(row.nnzLU)} | ${ms(Number(row.factorizations) * Number(row.factorMs))} | ${ms(Number(row.solves) * Number(row.solveMs))} | ${ms(row.predictedMs)} |`,
    );
  }
  out.push('', 'factor (1), solve (1): one sparse LU of M − hγA (AMD) and one triangular solve pair, timed outside the solver on the same model (median of 5); predicted sim adds the mat-vecs.', '');
  if (r.findings.length > 0) out.push('## Findings', '', ...r.findings.map((f) => `- ${f}`), '');
  out.push('## Notes', '', ...r.notes.map((n) => `- ${n}`), '');
  return out.join('\n');
}

const num = (row: SpiceRow, key: string): number => (typeof row[key] === 'number' ? (row[key] as number) : NaN);
const pct = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;
const sec = (x: number) => (x >= 1000 ? `${(x / 1000).toPrecision(3)} s` : `${x.toPrecision(3)} ms`);

/** Where each case's simulation time goes, and the comparison at closer accuracy, from the rows. */
export function spiceFindings(rows: readonly SpiceRow[]): string[] {
  const out: string[] = [];
  for (const row of rows) {
    const sim = num(row, 'simulateMs');
    const fact = num(row, 'factorizations') * num(row, 'factorMs');
    const solves = num(row, 'solves') * num(row, 'solveMs');
    const steps = num(row, 'steps');
    out.push(
      `${row.network} ${row.size}: simulate ${sec(sim)} (${pct(sim, num(row, 'sysgraphMs'))} of the pipeline) = ${steps} steps (${row.rejectedSteps} rejected), ` +
        `${sec(sim / steps)} per step; ${row.factorizations} factorisations (${(num(row, 'factorizations') / steps).toFixed(2)} per step) × ${sec(num(row, 'factorMs'))} ≈ ${pct(fact, sim)}, ` +
        `${row.solves} solves × ${sec(num(row, 'solveMs'))} ≈ ${pct(solves, sim)}; the remaining ${pct(Math.max(0, sim - num(row, 'predictedMs')), sim)} is the solver's vector work, ` +
        `allocation and garbage collection of each factorisation, and machine noise (the kernels were timed in isolation).`,
    );
  }
  const tight = rows.filter((r) => typeof r.tightMs === 'number' && typeof r.sysgraphError === 'number' && typeof r.tightError === 'number');
  for (const row of tight) {
    const better = num(row, 'sysgraphError') <= num(row, 'tightError');
    out.push(
      `${row.network} ${row.size} at closer accuracy: ngspice tight ${sec(num(row, 'tightMs'))} (error ${num(row, 'tightError').toExponential(1)}) against sysgraph ${sec(num(row, 'sysgraphMs'))} (error ${num(row, 'sysgraphError').toExponential(1)}${better ? ', smaller' : ', larger'}): ` +
        `sysgraph ${num(row, 'tightMs') >= num(row, 'sysgraphMs') ? `${(num(row, 'tightMs') / num(row, 'sysgraphMs')).toFixed(1)}× faster` : `${(num(row, 'sysgraphMs') / num(row, 'tightMs')).toFixed(1)}× slower`}.`,
    );
  }
  out.push(
    'RC networks: the step count is not the problem (≈ 140–215 steps for 1e-7 accuracy, about ngspice\'s own number of time points at its defaults). ' +
      'The cost per step is: about one factorisation every two steps, because the step size keeps changing (it is reused only while h stays within [0.9, 1.2] of the last one), and each ' +
      'factorisation is a full factorSparseLU with a new AMD ordering and symbolic analysis although the pattern of M − hγA never changes ' +
      '(in a CPU profile of the 100-section ladder, prepareSparseLU with amdOrdering is 295 of the 396 ms spent in factorSparseLU; the numeric Gilbert–Peierls part 101 ms). ' +
      'Reusing the ordering and symbolic factor (refactorSparseLU exists in @sysgraph/linalg) and a step-size controller that changes h in rarer, larger jumps would cut most of it; ' +
      'on the 10^4 grid the fill of the 2-D Laplacian (nnz(L+U) ≈ 37 × n with AMD) makes each factorisation and solve an order costlier still.',
    'RLC line: the step count is the problem. The lumped line has lightly damped modes up to 2/√(LC) per section (4·10¹¹ rad/s at N = 1000, all decaying only at α = 4·10⁷ s⁻¹); ' +
      'the 2.5 ns ramp excites them above atol = 1e-9 and the error control resolves them (h ≈ 6 ps, h·ω_max ≈ 2.5), giving thousands of steps of 7 solves and 7 mat-vecs each. ' +
      'ngspice at its defaults does not resolve them (trtol 7) and is 3–4 % off; at tight settings it needs more time than sysgraph for a larger error.',
    'simulate() with a text signal (\'ramp(1, 4e-6)\') builds a restricted mathjs parser on every call (≈ 0.1 s in a profile); the benchmark passes the ramp() Signal instead.',
    'Parsing, structure and formulation together are 1–30 % of the pipeline (most at the small sizes); the simulation dominates at every target size.',
    'Small sizes: simulate() of the 100-section ladder varies from 0.2 to 0.8 s between identical calls in one process (JIT and machine load); below ~1000 states read the sysgraph times as ±2×.',
  );
  return out;
}
