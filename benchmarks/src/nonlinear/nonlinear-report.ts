/**
 * results/nonlinear.md from the benchmark's report: a headline that says MISS wherever a target is missed (or
 * not reached: timeout, not run), the targets, one table per family, the notes. Every figure comes from the run.
 */
import type { BenchReport, TargetCheck } from '../harness/bench-report';

export interface NonlinearRow {
  readonly [key: string]: number | string | boolean | null;
}

export interface RunContext {
  readonly ngspice: string;
  readonly maxSeconds: number;
  readonly date: Date;
  readonly loadAverage: readonly number[];
}

const fmt = (x: unknown): string => {
  if (x === null || x === undefined) return '–';
  if (typeof x !== 'number') return String(x);
  if (!Number.isFinite(x)) return '–';
  if (x !== 0 && (Math.abs(x) < 1e-2 || Math.abs(x) >= 1e6)) return x.toExponential(2);
  return Math.abs(x) >= 100 ? String(Math.round(x)) : String(Number(x.toPrecision(3)));
};
const time = (x: unknown): string => (typeof x === 'number' && Number.isFinite(x) ? (x >= 1000 ? `${fmt(x / 1000)} s` : `${fmt(x)} ms`) : '–');

export function verdict(t: TargetCheck): string {
  if (t.failed !== undefined) return `**MISS** (${t.failed})`;
  if (!t.pass && t.reason !== undefined) return `**MISS** (${t.reason})`;
  return Number.isFinite(t.figure) ? (t.pass ? 'PASS' : '**MISS**') : '**MISS** (no figure)';
}

export function formatNonlinearMarkdown(r: BenchReport, c: RunContext): string {
  const missed = r.targets.filter((t) => verdict(t) !== 'PASS');
  const headline = missed.length === 0 ? `Every target passes (${r.targets.length}).` : `**MISS**: ${missed.length} of ${r.targets.length} targets missed or not reached — ${missed.map((t) => t.target.split(':')[0]).filter((x, i, a) => a.indexOf(x) === i).join('; ')}.`;
  const out = [
    `# ${r.title}`,
    '',
    'Written by `pnpm bench nonlinear` (benchmarks/src/nonlinear.bench.ts); raw data in nonlinear.json. Do not edit by hand.',
    `${c.ngspice}; ${c.date.toISOString()}; load average at the start ${c.loadAverage.map((x) => x.toFixed(1)).join(' / ')} (2 shared cores: read ratios, not digits); sysgraph time limit ${c.maxSeconds} s per process.`,
    '',
    headline,
    '',
    '## Targets',
    '',
    '| target | figure | limit | result |',
    '| --- | ---: | ---: | --- |',
    ...r.targets.map((t) => `| ${t.target} | ${fmt(t.figure)} ${t.unit} | ≤ ${fmt(t.limit)} ${t.unit} | ${verdict(t)} |`),
    '',
    '## Diode-clamped RC ladder (the same netlist file for both tools)',
    '',
    'Whole processes, medians of the alternating rounds (fastest–slowest run in brackets; CPU: user + system time of the process, all its threads).',
    '',
    '| N | sysgraph wall (range) | sysgraph CPU | sysgraph error | ngspice wall (range) | ngspice CPU | ngspice analysis | ngspice points | ngspice error | `node -e 0` | sysgraph − node | sysgraph / ngspice |',
    '| ---: | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.rows
      .filter((x) => x.family === 'diode ladder')
      .map((x) => `| ${x.size} | ${x.sysgraph === 'ok' ? `${time(x.sysgraphMs)} ${range(x.sysgraphMinMs, x.sysgraphMaxMs)}` : x.sysgraph} | ${time(x.sysgraphCpuMs)} | ${fmt(x.sysgraphError)} | ${time(x.ngspiceMs)} ${range(x.ngspiceMinMs, x.ngspiceMaxMs)} | ${time(x.ngspiceCpuMs)} | ${time(x.ngspiceAnalysisMs)} | ${fmt(x.ngspicePoints)} | ${fmt(x.ngspiceError)} | ${time(x.nodeMs)} | ${typeof x.nodeMs === 'number' && typeof x.sysgraphMs === 'number' ? time(x.sysgraphMs - x.nodeMs) : '–'} | ${fmt(x.ratio)} |`),
    '',
    'ngspice at tight tolerances (the same netlist with `.options` of the tight setting, notes), in the same rounds; in-process sysgraph figures and the references.',
    '',
    '| N | ngspice tight wall | points | error | sysgraph / ngspice tight | in-process: read, structure, model, simulate | model µs per law | reference time (check, self-check) |',
    '| ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |',
    ...r.rows
      .filter((x) => x.family === 'diode ladder')
      .map((x) => `| ${x.size} | ${time(x.tightMs)} | ${fmt(x.tightPoints)} | ${fmt(x.tightError)} | ${fmt(x.tightRatio)} | ${inProcess(x)} | ${fmt(x.buildUsPerLaw)} | ${time(x.referenceMs)} (${fmt(x.referenceCheck)}, ${fmt(x.referenceError)}) |`),
    '',
    '## Spring chain (JSON description, sysgraph only)',
    '',
    '| masses | states | sysgraph whole process | sysgraph CPU | sysgraph error | in-process: read, structure, model, simulate | model µs per law | reference time (check, self-check) |',
    '| ---: | ---: | --- | ---: | ---: | --- | ---: | --- |',
    ...r.rows
      .filter((x) => x.family === 'spring chain')
      .map((x) => `| ${x.size} | ${x.states} | ${x.sysgraph === 'ok' ? time(x.sysgraphMs) : x.sysgraph} | ${time(x.sysgraphCpuMs)} | ${fmt(x.sysgraphError)} | ${inProcess(x)} | ${fmt(x.buildUsPerLaw)} | ${time(x.referenceMs)} (${fmt(x.referenceCheck)}, ${fmt(x.referenceError)}) |`),
    '',
    '## Notes',
    '',
    ...r.notes.map((n) => `- ${n}`),
    '',
  ];
  return out.join('\n');
}

/** "(a–b)" for a fastest and a slowest run, empty without them. */
function range(lo: unknown, hi: unknown): string {
  return typeof lo === 'number' && typeof hi === 'number' ? `(${time(lo)}–${time(hi)})` : '';
}

function inProcess(x: NonlinearRow): string {
  if (typeof x.inProcessModelMs !== 'number') return '–';
  return `${time(x.inProcessReadMs)}, ${time(x.inProcessStructureMs)}, ${time(x.inProcessModelMs)}, ${time(x.inProcessSimulateMs)}`;
}
