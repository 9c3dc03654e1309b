/**
 * Start-up benchmark: whole processes of the command as a user runs it (`node packages/cli/bin/sysgraph.cjs …`,
 * the bundle already built and its code cache written by a warm-up run), wall time from spawn to exit, with bare
 * `node -e 0` as the reference figure. The cases run in alternation (case 1, case 2, …, case 1, …) so that a change
 * of the shared machine's load hits all of them alike, and the figures are medians. One case runs without the code
 * cache (SYSGRAPH_CODE_CACHE=0) to show what the cache saves.
 *
 * Targets (issues 13 and 14): the small examples < 0.3 s, `statespace motor-pump` < 0.25 s, `structure --format
 * json` of a 10^5-branch RLC ladder < 1 s.
 * Run: pnpm bench startup [--sizes 9] (the number of alternating rounds; default 11)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain ES module of the cli's bin folder, without declarations
import { buildEsmReference as buildReference } from '@sysgraph/cli/bin/bundle.mjs';
import { rlcLadder } from './generators/index';
import type { BenchOptions, BenchReport, TargetCheck } from './harness/bench-report';
import { check } from './harness/bench-report';
import { median, round } from './harness/timing';

export const title = 'Start-up: the command as a whole process';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const BIN = join(ROOT, 'packages/cli/bin/sysgraph.cjs');
/** The bundle as it was before the code cache — one ES module, not minified — built beside the real one (same depth). */
const ESM_REFERENCE = join(ROOT, 'packages/cli/.bundle/reference-esm.mjs');

async function buildEsmReference(): Promise<void> {
  await (buildReference as (file: string) => Promise<void>)(ESM_REFERENCE);
}

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  /** Run with bare node instead of the command (the reference). */
  readonly bare?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  /** The target's limit in seconds, when the case has one. */
  readonly limit?: number;
  /** Run once (after the alternating rounds), not in every round: a long case. */
  readonly once?: boolean;
}

/** CPU time (user + system) of the waited-for children of this process so far, ms (Linux /proc, 10 ms ticks). */
function childrenCpuMs(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // after "pid (comm) ": state is field 3; cutime and cstime are fields 16 and 17
    return ((Number(fields[16 - 3]) + Number(fields[17 - 3])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function spawnTimed(c: Case): { ms: number; cpuMs: number; bytes: number } {
  const argv = c.bare ? [...c.args] : [BIN, ...c.args];
  const cpu0 = childrenCpuMs();
  const t0 = performance.now();
  const r = spawnSync(process.execPath, argv, { cwd: ROOT, env: { ...process.env, ...c.env }, maxBuffer: 2 ** 30, encoding: 'buffer' });
  const ms = performance.now() - t0;
  const cpuMs = childrenCpuMs() - cpu0;
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${c.name}: exit ${r.status ?? r.signal}: ${r.stderr.toString().slice(-1000)}`);
  return { ms, cpuMs, bytes: r.stdout.length };
}

export async function run(options: BenchOptions): Promise<BenchReport> {
  const rounds = options.sizes?.[0] ?? 11;
  // the 1-minute load average at the start and the end: on the shared machine it decides whether wall times mean
  // anything (bare node's median beside them says the same)
  const loadAtStart = loadavg()[0];
  const dir = mkdtempSync(join(tmpdir(), 'sysgraph-startup-'));
  try {
    // 3N + 1 = 100 000 branches
    const ladder = join(dir, 'rlc-ladder-1e5.json');
    writeFileSync(ladder, JSON.stringify(rlcLadder(33_333)));
    const jsonOut = join(dir, 'structure.json');
    const cases: Case[] = [
      { name: 'node -e 0 (reference)', args: ['-e', '0'], bare: true },
      { name: 'examples', args: ['examples'] },
      { name: 'simulate rlc-series --format csv', args: ['simulate', 'rlc-series', '--format', 'csv'], limit: 0.3 },
      { name: 'simulate rlc-series, no code cache', args: ['simulate', 'rlc-series', '--format', 'csv'], env: { SYSGRAPH_CODE_CACHE: '0' } },
      { name: 'simulate rlc-series, the ES-module bundle of before', args: [ESM_REFERENCE, 'simulate', 'rlc-series', '--format', 'csv'], bare: true },
      { name: 'simulate nonlinear/diode-rc --format csv', args: ['simulate', 'examples/nonlinear/diode-rc.json', '--format', 'csv'], limit: 0.3 },
      { name: 'simulate nonlinear/masd-4-2-reservoirs --format csv', args: ['simulate', 'examples/nonlinear/masd-4-2-reservoirs.json', '--format', 'csv'], limit: 0.3 },
      { name: 'simulate examples/spice/rc-ladder.cir', args: ['simulate', 'examples/spice/rc-ladder.cir'], limit: 0.3 },
      { name: 'statespace motor-pump', args: ['statespace', 'motor-pump'], limit: 0.25 },
      { name: 'structure --format json, RLC ladder 10^5 branches, to a pipe', args: ['structure', ladder, '--format', 'json'], limit: 1 },
      { name: 'structure --format json --derivation, RLC ladder 10^5 branches, to a file', args: ['structure', ladder, '--format', 'json', '--derivation', '--output', jsonOut], once: true },
    ];
    await buildEsmReference();
    options.log(`warm-up (bundle and code cache), then ${rounds} alternating rounds`);
    spawnTimed(cases[1]);
    const times = cases.map(() => [] as number[]);
    const cpu = cases.map(() => [] as number[]);
    const bytes = cases.map(() => 0);
    const measure = (c: Case, k: number) => {
      const t = spawnTimed(c);
      times[k].push(t.ms);
      cpu[k].push(t.cpuMs);
      bytes[k] = c.args.includes('--output') ? statSync(jsonOut).size : t.bytes;
    };
    cases.forEach((c, k) => {
      if (!c.once) spawnTimed(c);
    });
    for (let r = 0; r < rounds; r++) {
      cases.forEach((c, k) => {
        if (!c.once) measure(c, k);
      });
      options.log(`round ${r + 1}/${rounds}`);
    }
    cases.forEach((c, k) => {
      if (c.once) measure(c, k);
    });
    const bare = median(times[0]);
    const rows = cases.map((c, k) => ({
      case: c.name,
      runs: times[k].length,
      medianS: round(median(times[k]) / 1000),
      minS: round(Math.min(...times[k]) / 1000),
      overNodeS: k === 0 ? null : round((median(times[k]) - bare) / 1000),
      cpuS: round(median(cpu[k]) / 1000),
      outputMB: round(bytes[k] / 2 ** 20),
      targetS: c.limit ?? null,
    }));
    const targets: TargetCheck[] = cases.flatMap((c, k) =>
      c.limit === undefined ? [] : [check(`${c.name} < ${c.limit} s`, round(median(times[k]) / 1000), c.limit, 's', `median wall time of ${rounds} whole processes, alternating; CPU ${round(median(cpu[k]) / 1000)} s`)],
    );
    return {
      title,
      columns: ['case', 'runs', 'medianS', 'minS', 'overNodeS', 'cpuS', 'outputMB', 'targetS'],
      rows,
      targets,
      notes: [
        `medianS: the median wall time of the whole processes (spawn to exit), each round running every case once in turn; the bundle and its code cache exist (a warm-up run of each case first); the --derivation case runs once, after the rounds.`,
        `load average (1 min) ${loadAtStart.toFixed(2)} at the start of the rounds, ${loadavg()[0].toFixed(2)} at the end; at a load near the number of cores or above, compare cpuS rather than medianS.`,
        `overNodeS: medianS minus bare node's (${round(bare / 1000)} s here): the command's own cost. cpuS: the median user + system CPU time of the process (from /proc; 10 ms ticks), less sensitive than wall time to the load of the shared machine (the load average is in the machine record).`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(ESM_REFERENCE, { force: true });
  }
}
