/**
 * results/spice.md from the ngspice benchmark's report (spice.bench.ts): a headline that says MISS wherever a
 * target is missed or not reached, the targets, the whole-process table, the in-process table and the notes.
 * Every figure comes from the run; nothing is typed by hand.
 */
import type { BenchReport, TargetCheck } from '../harness/bench-report';

export interface SpiceRow {
  readonly [key: string]: number | string | boolean | null;
}

export interface SpiceRunContext {
  readonly ngspice: string;
  readonly date: Date;
  readonly loadAverage: readonly number[];
  readonly maxSeconds: number;
}

const fmt = (x: unknown, digits = 3): string => {
  if (x === null || x === undefined || x === '') return '–';
  if (typeof x !== 'number') return String(x);
  if (!Number.isFinite(x)) return '–';
  if (x !== 0 && (Math.abs(x) < 1e-2 || Math.abs(x) >= 1e6)) return x.toExponential(1);
  return Math.abs(x) >= 100 ? String(Math.round(x)) : String(Number(x.toPrecision(digits)));
};
const ms = (x: unknown): string => (typeof x === 'number' && Number.isFinite(x) ? (x >= 1000 ? `${fmt(x / 1000)} s` : `${fmt(x)} ms`) : '–');

export function spiceVerdict(t: TargetCheck): string {
  if (t.failed !== undefined) return `**MISS** (${t.failed})`;
  if (!Number.isFinite(t.figure)) return '**MISS** (no figure)';
  if (t.pass) return 'PASS';
  return t.reason !== undefined ? `**MISS** (${t.reason})` : '**MISS**';
}

export function formatSpiceMarkdown(r: BenchReport, c: SpiceRunContext): string {
  const missed = r.targets.filter((t) => spiceVerdict(t) !== 'PASS');
  const headline =
    missed.length === 0
      ? `Every target passes (${r.targets.length}).`
      : `**MISS**: ${missed.length} of ${r.targets.length} targets missed — ${missed.map((t) => (t.reason !== undefined && t.pass === false && t.failed === undefined ? `${t.target} (${t.reason})` : t.target)).join('; ')}.`;
  const time = (row: SpiceRow, key: string, timedOut: string) => (row[timedOut] === true ? `over ${fmt(row.timeoutSeconds)} s` : ms(row[key]));
  const out: string[] = [
    `# ${r.title}`,
    '',
    'Written by `pnpm bench spice` (benchmarks/src/spice.bench.ts; benchmarks/src/spice/README.md); raw data in spice.json. Do not edit by hand.',
    `${c.ngspice} (Debian package); ${c.date.toISOString()}; load average at the start ${c.loadAverage.map((x) => x.toFixed(1)).join(' / ')} (2 shared cores: read ratios, not digits); time limit ${c.maxSeconds} s per process.`,
    '',
    headline,
    '',
    '## Targets',
    '',
    '| target | figure | limit | result | note |',
    '| --- | ---: | ---: | --- | --- |',
    ...r.targets.map((t) => `| ${t.target} | ${fmt(t.figure)} ${t.unit} | < ${fmt(t.limit)} ${t.unit} | ${spiceVerdict(t)} | ${t.note ?? ''} |`),
    '',
    '## Whole processes from the same netlist file',
    '',
    'Errors: max |v − v_exact| over the probes at each tool\'s own output times, divided by the exact peak.',
    '',
    '`node -e 0`: bare Node started and stopped, timed in the same alternating rounds (the floor of any Node process here); sysgraph − node: the command\'s own cost above it.',
    '',
    '| network | size | ngspice | points | error | ngspice tight | points | error | sysgraph | points | error | `node -e 0` | sysgraph − node | sysgraph / ngspice | target | result |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...r.rows.map(
      (row) =>
        `| ${row.network} | ${row.size} | ${time(row, 'ngspiceMs', 'ngspiceTimedOut')} | ${fmt(row.ngspicePoints)} | ${fmt(row.ngspiceError, 2)} | ${time(row, 'tightMs', 'tightTimedOut')} | ${fmt(row.tightPoints)} | ${fmt(row.tightError, 2)} | ${time(row, 'sysgraphMs', 'sysgraphTimedOut')} | ${fmt(row.sysgraphPoints)} | ${fmt(row.sysgraphError, 2)} | ${ms(row.nodeMs)} | ${ms(row.sysgraphOverNodeMs)} | ${fmt(row.ratio)} | ${row.target ?? ''} | ${row.verdict ?? ''} |`,
    ),
    '',
    '## In-process figures (no process start-up)',
    '',
    'sysgraph: the pipeline from the same netlist text in one warm Node process; ngspice: its own "Total analysis time".',
    '',
    '| network | size | sysgraph in-process | read | structure | formulate + model | simulate | solver | steps | ngspice analysis | sysgraph / ngspice |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
    ...r.rows.map(
      (row) =>
        `| ${row.network} | ${row.size} | ${ms(row.inProcessMs)} | ${ms(row.inProcessReadMs)} | ${ms(row.inProcessStructureMs)} | ${ms(row.inProcessFormulateMs)} | ${ms(row.inProcessSimulateMs)} | ${row.solver ?? '–'} | ${fmt(row.steps)} | ${ms(row.ngspiceAnalysisMs)} | ${fmt(row.inProcessRatio)} |`,
    ),
    '',
    '## Notes',
    '',
    ...r.notes.map((n) => `- ${n}`),
    '',
  ];
  return out.join('\n');
}
