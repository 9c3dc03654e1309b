/**
 * fuzz: generated descriptions (valid and malformed) and SPICE netlists (valid and mutated) through
 * compile → structure → the family's model → simulate, in-process on worker threads (fuzz/). Each case k is
 * generated from the seed k by the shared generators (@sysgraph/engine/fuzz), so a run is deterministic and a
 * case is reproduced by its kind and number (fuzz/fuzz-case.ts caseInput).
 *
 * Counts: success, typed (SysgraphError), untyped (anything else), over budget (finished after SLOW_SECONDS
 * without a typed budget error, or ended by the watchdog after KILL_SECONDS: a hang), and the share of
 * element-level typed errors naming their element and field. Writes benchmarks/results/fuzz.md beside fuzz.json.
 *
 * Default size: 10^5 descriptions and 10^4 netlists; --cases N runs N descriptions and N/10 netlists;
 * --max-seconds bounds the whole run (default 1500 s): netlists get a fifth of it, descriptions the rest, and
 * cases not reached are reported as not run (the targets on counts are then missed).
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from './harness/bench-report';
import type { BenchOptions, BenchReport, TargetCheck } from './harness/bench-report';
import { DOCUMENT_LEVEL, MAX_STEPS, NO_FIELD_BY_NATURE, caseInput } from './fuzz/fuzz-case';
import type { CaseKind } from './fuzz/fuzz-case';
import { runPool } from './fuzz/fuzz-pool';
import type { Finished } from './fuzz/fuzz-pool';

const DESCRIPTIONS = 100_000;
const NETLISTS = 10_000;
const DEFAULT_SECONDS = 1500;
/** A case still running after this is over budget unless it ends in a typed budget error. */
const SLOW_SECONDS = 5;
/** A case still running after this is a hang: its thread is ended. */
const KILL_SECONDS = 20;
const resultsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../results');

interface Tally {
  kind: CaseKind;
  planned: number;
  run: number;
  success: number;
  typed: number;
  untyped: number;
  hangs: number;
  overBudget: number;
  budgetErrors: number;
  elementLevel: number;
  both: number;
  either: number;
  noField: number;
  slowestMs: number;
  totalMs: number;
  codes: Map<string, number>;
  stages: Map<string, number>;
  findings: { k: number; what: string; detail: string }[];
  unnamed: Map<string, string>;
}

function tally(kind: CaseKind, planned: number): Tally {
  return { kind, planned, run: 0, success: 0, typed: 0, untyped: 0, hangs: 0, overBudget: 0, budgetErrors: 0, elementLevel: 0, both: 0, either: 0, noField: 0, slowestMs: 0, totalMs: 0, codes: new Map(), stages: new Map(), findings: [], unnamed: new Map() };
}

function count(t: Tally, f: Finished): void {
  t.run++;
  t.totalMs += f.ms;
  t.slowestMs = Math.max(t.slowestMs, f.ms);
  const o = f.outcome;
  if (o === undefined) {
    t.hangs++;
    t.findings.push({ k: f.k, what: `hang (no answer in ${KILL_SECONDS} s)`, detail: '' });
    return;
  }
  t[o.status]++;
  if (o.budget) t.budgetErrors++;
  t.elementLevel += o.elementLevel;
  t.both += o.both;
  t.either += o.either;
  t.noField += o.noField ?? 0;
  for (const c of o.codes) t.codes.set(c, (t.codes.get(c) ?? 0) + 1);
  t.stages.set(`${o.status} at ${o.stage}`, (t.stages.get(`${o.status} at ${o.stage}`) ?? 0) + 1);
  if (o.status === 'untyped') t.findings.push({ k: f.k, what: 'untyped', detail: o.detail ?? '' });
  if (f.ms > SLOW_SECONDS * 1000 && !o.budget) {
    t.overBudget++;
    t.findings.push({ k: f.k, what: `over budget (${(f.ms / 1000).toFixed(1)} s, ${o.status}${o.codes.length > 0 ? ` ${o.codes[0]}` : ''})`, detail: o.detail ?? '' });
  }
  for (const p of o.partial ?? []) {
    const code = p.slice(0, p.indexOf(':'));
    if (!t.unnamed.has(code)) t.unnamed.set(code, `case ${f.k}: ${p}`);
  }
}

const pct = (a: number, b: number) => (b === 0 ? 100 : (100 * a) / b);
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} characters)` : s);

function markdown(tallies: readonly Tally[], targets: readonly TargetCheck[], seconds: number, threads: number, note: string): string {
  const out = [
    '# Fuzz run',
    '',
    `Written by \`npx tsx benchmarks/src/run.ts fuzz\` (benchmarks/src/fuzz.bench.ts); ${note}.`,
    `${threads} worker threads, ${seconds.toFixed(0)} s wall. Pipeline per case: compile → structure → the family's model → simulate (50 samples, step budget ${MAX_STEPS}).`,
    `Case k is generated from seed k (packages/engine/test/fuzz): \`caseInput(kind, k)\` in benchmarks/src/fuzz/fuzz-case.ts reproduces it.`,
    `Over budget: finished after ${SLOW_SECONDS} s without a typed budget error; hang: no answer in ${KILL_SECONDS} s (thread ended).`,
    `Element-level errors: every typed error except the document-level ones (${[...DOCUMENT_LEVEL].join(', ')}) that name no element. Errors about an arrangement of elements (${[...NO_FIELD_BY_NATURE].join(', ')}) that name their element have no field by nature: they are counted in their own column, "element, no field by nature", not in the share.`,
    '',
    '## Targets',
    '',
    '| target | figure | limit | result |',
    '|---|---|---|---|',
    ...targets.map((t) => `| ${t.target} | ${Number.isInteger(t.figure) ? t.figure : t.figure.toFixed(2)} ${t.unit} | < ${t.limit} ${t.unit} | ${t.pass ? 'PASS' : 'MISS'} |`),
    '',
    '## Counts',
    '',
    '| inputs | planned | run | success | typed | untyped | hangs | over budget | typed budget errors | element-level errors | naming element and field | naming element or field | element, no field by nature | mean ms | slowest s |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...tallies.map((t) => `| ${t.kind}s | ${t.planned} | ${t.run} | ${t.success} | ${t.typed} | ${t.untyped} | ${t.hangs} | ${t.overBudget} | ${t.budgetErrors} | ${t.elementLevel} | ${t.both} (${pct(t.both, t.elementLevel).toFixed(1)} %) | ${t.either} (${pct(t.either, t.elementLevel).toFixed(1)} %) | ${t.noField} | ${(t.totalMs / Math.max(1, t.run)).toFixed(1)} | ${(t.slowestMs / 1000).toFixed(1)} |`),
    '',
  ];
  for (const t of tallies) {
    out.push(`## ${t.kind}s: error codes`, '', ...[...t.codes].sort((a, b) => b[1] - a[1]).map(([c, n]) => `- ${c}: ${n}`), '');
    out.push(`## ${t.kind}s: outcome by stage`, '', ...[...t.stages].sort((a, b) => b[1] - a[1]).map(([c, n]) => `- ${c}: ${n}`), '');
    if (t.unnamed.size > 0) out.push(`## ${t.kind}s: element-level errors not naming both element and field (first of each code)`, '', ...[...t.unnamed].map(([c, m]) => `- ${c}: ${clip(m, 300).replace(/\n/g, ' ')}`), '');
    out.push(`## ${t.kind}s: findings (untyped, hangs, over budget)`, '');
    if (t.findings.length === 0) out.push('None.', '');
    for (const f of t.findings.slice(0, 40)) {
      out.push(`- case ${f.k}: ${f.what}${f.detail ? ` — ${clip(f.detail, 400).replace(/\n/g, ' ⏎ ')}` : ''}`);
      out.push(`  input: \`${clip(JSON.stringify(caseInput(t.kind, f.k)), 600)}\``);
    }
    if (t.findings.length > 40) out.push(`- … ${t.findings.length - 40} more`);
    out.push('');
  }
  return out.join('\n');
}

export async function run(options: BenchOptions): Promise<BenchReport> {
  const descriptions = options.cases ?? DESCRIPTIONS;
  const netlists = options.cases !== undefined ? Math.max(1, Math.round(options.cases / 10)) : NETLISTS;
  const seconds = options.maxSecondsGiven ? options.maxSeconds : DEFAULT_SECONDS;
  const threads = Math.max(1, Math.min(2, availableParallelism()));
  const t0 = Date.now();
  const tallies = [tally('netlist', netlists), tally('description', descriptions)];
  for (const t of tallies) {
    // netlists first, with a fifth of the time; descriptions until the end (less a margin for the report)
    const deadline = t.kind === 'netlist' ? t0 + 0.2 * seconds * 1000 : t0 + (seconds - 20) * 1000;
    options.log(`${t.planned} ${t.kind}s on ${threads} threads`);
    const { stoppedEarly } = await runPool({ kind: t.kind, cases: t.planned, threads, slowSeconds: SLOW_SECONDS, killSeconds: KILL_SECONDS, deadline, log: options.log }, (f) => count(t, f));
    options.log(`${t.kind}s: ${t.run} run${stoppedEarly ? ' (stopped at the time budget)' : ''}, ${t.success} success, ${t.typed} typed, ${t.untyped} untyped, ${t.hangs} hangs, ${t.overBudget} over budget`);
  }
  const wall = (Date.now() - t0) / 1000;
  const [n, d] = tallies;
  const all = { untyped: n.untyped + d.untyped, hangs: n.hangs + d.hangs + n.overBudget + d.overBudget, elementLevel: n.elementLevel + d.elementLevel, both: n.both + d.both };
  const targets = [
    check('descriptions short of 10^5', Math.max(0, 100_000 - d.run), 1, 'cases', `${d.run} run`),
    check('netlists short of 10^4', Math.max(0, 10_000 - n.run), 1, 'cases', `${n.run} run`),
    check('untyped failures', all.untyped, 1, 'cases'),
    check(`hangs and cases over ${SLOW_SECONDS} s without a typed budget error`, all.hangs, 1, 'cases'),
    check('element-level typed errors not naming element and field', 100 - pct(all.both, all.elementLevel), 5, '%', `${all.both} of ${all.elementLevel} name both`),
    check('run time', wall, DEFAULT_SECONDS + 60, 's'),
  ];
  const note = options.cases !== undefined || options.maxSecondsGiven ? `run with${options.cases !== undefined ? ` --cases ${options.cases}` : ''}${options.maxSecondsGiven ? ` --max-seconds ${options.maxSeconds}` : ''}` : 'default size';
  writeFileSync(resolve(resultsDir, 'fuzz.md'), markdown(tallies, targets, wall, threads, note));
  const columns = ['inputs', 'planned', 'run', 'success', 'typed', 'untyped', 'hangs', 'overBudget', 'budgetErrors', 'elementLevel', 'namingBoth', 'namingEither', 'noFieldByNature', 'meanMs', 'slowestS'];
  return {
    title: 'Fuzz run: generated descriptions and netlists through compile → structure → model → simulate',
    columns,
    rows: tallies.map((t) => ({ inputs: `${t.kind}s`, planned: t.planned, run: t.run, success: t.success, typed: t.typed, untyped: t.untyped, hangs: t.hangs, overBudget: t.overBudget, budgetErrors: t.budgetErrors, elementLevel: t.elementLevel, namingBoth: t.both, namingEither: t.either, noFieldByNature: t.noField, meanMs: Number((t.totalMs / Math.max(1, t.run)).toFixed(2)), slowestS: Number((t.slowestMs / 1000).toFixed(2)) })),
    targets,
    notes: [`${note}; ${threads} threads; findings with their inputs in benchmarks/results/fuzz.md`],
  };
}
