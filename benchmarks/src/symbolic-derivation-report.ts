/**
 * symbolicDerivationMarkdown: benchmarks/results/symbolic-derivation.md from the benchmark's record — the
 * targets (figure, StateMint anchor, target, PASS/MISS), the machine, then every case with its stage times.
 */
import type { BenchRecord } from './harness/bench-report';

type Cell = number | string | boolean | null | undefined;

const show = (x: Cell): string => (x === null || x === undefined || (typeof x === 'number' && !Number.isFinite(x)) ? '–' : String(x));

function table(header: readonly string[], rows: readonly (readonly Cell[])[]): string[] {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(show).join(' | ')} |`)];
}

export function symbolicDerivationMarkdown(r: BenchRecord): string {
  const m = r.machine;
  const out: string[] = [
    `# ${r.title}`,
    '',
    'Written by `npx tsx benchmarks/src/symbolic-derivation.bench.ts`; do not edit by hand.',
    '',
    `Machine: Node ${m.node}, ${m.cpu} (${m.cores} cores), ${m.totalMemoryGB} GB, ${m.platform}; 1-minute load ${m.loadAverage?.toFixed(2) ?? '–'} at the start (shared machine: read orders of magnitude). Date ${m.date}; ${Math.round(r.wallSeconds)} s in all.`,
    '',
    '## Targets',
    '',
    ...table(
      ['target', 'figure', 'StateMint (sympy)', 'target', 'result'],
      r.targets.map((t) => [t.target, `${show(t.figure)} ${t.unit}`, t.note ?? '', `< ${t.limit} ${t.unit}`, t.failed ? `**MISS** (${t.failed})` : t.pass ? 'PASS' : '**MISS**']),
    ),
    '',
    '## Cases',
    '',
    'Times in ms (medians); `warm` false marks the cold first derivation of the process.',
    '',
    ...table(
      r.columns,
      r.rows.map((row) => r.columns.map((c) => row[c])),
    ),
    '',
    '## Notes',
    '',
    ...r.notes.map((n) => `- ${n}`),
    '',
  ];
  return out.join('\n');
}
