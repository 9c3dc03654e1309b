/**
 * formatResultsReadme: benchmarks/results/README.md from the result files — a summary of every target with
 * PASS/MISS, then per benchmark the machine, the targets beside their figures, the raw rows and the notes.
 */
import type { BenchRecord } from './bench-report';

export function formatResultsReadme(records: readonly BenchRecord[]): string {
  const out: string[] = [
    '# Benchmark results',
    '',
    'Written by `pnpm bench` (benchmarks/src/run.ts) from the JSON files beside this one; do not edit by hand.',
    'Single machine, shared and noisy: read orders of magnitude. Each figure is next to its target (PASS when below).',
    '',
    '## Targets',
    '',
    '| benchmark | target | figure | limit | result |',
    '| --- | --- | ---: | ---: | --- |',
  ];
  for (const r of records) {
    for (const t of r.targets) out.push(`| ${r.name} | ${t.target} | ${fmt(t.figure)} ${t.unit} | < ${fmt(t.limit)} ${t.unit} | ${verdict(t)} |`);
  }
  for (const r of records) {
    const m = r.machine;
    out.push(
      '',
      `## ${r.name}: ${r.title}`,
      '',
      `Node ${m.node} ${(m.execArgv ?? []).join(' ')}, ${m.cpu} (${m.cores} cores), ${m.totalMemoryGB} GB, ${m.platform}; ${m.date}; load average ${m.loadAverage ?? '?'} at the start; ${Math.round(r.wallSeconds)} s in all.`,
      '',
      '| target | figure | limit | result | includes |',
      '| --- | ---: | ---: | --- | --- |',
      ...r.targets.map((t) => `| ${t.target} | ${fmt(t.figure)} ${t.unit} | < ${fmt(t.limit)} ${t.unit} | ${verdict(t)} | ${t.note ?? ''} |`),
      '',
      `| ${r.columns.join(' | ')} | note |`,
      `| ${r.columns.map(() => '---').join(' | ')} | --- |`,
      ...r.rows.map((row) => `| ${r.columns.map((c) => cell(row[c])).join(' | ')} | ${cell(row.note)} |`),
      '',
      ...r.notes.map((n) => `- ${n}`),
    );
  }
  return out.join('\n') + '\n';
}

function verdict(t: { pass: boolean; figure: number; failed?: string }): string {
  // A run stopped at its time limit, or a size that was not run, misses its target (it is not a crash).
  if (t.failed !== undefined && /^(timeout|not run)/.test(t.failed)) return `**MISS** (${t.failed})`;
  if (t.failed !== undefined) return '**FAIL** (crashed: see the row note)';
  return Number.isFinite(t.figure) ? (t.pass ? 'PASS' : '**MISS**') : 'not run';
}

function fmt(x: number): string {
  if (!Number.isFinite(x)) return '–';
  return Math.abs(x) >= 100 ? String(Math.round(x)) : String(Number(x.toPrecision(3)));
}

function cell(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number') return fmt(v);
  return String(v).replace(/\|/g, '\\|');
}
