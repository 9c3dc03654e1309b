/**
 * Start-up benchmark: whole processes of the command as a user runs it (`node packages/cli/bin/sysgraph.mjs …`,
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
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rlcLadder } from './generators/index';
import type { BenchOptions, BenchReport, TargetCheck } from './harness/bench-report';
import { check } from './harness/bench-report';
import { median, round } from './harness/timing';

export const title = 'Start-up: the command as a whole process';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const BIN = join(ROOT, 'packages/cli/bin/sysgraph.mjs');

interface Case {
  readonly name: string;
  readonly args: readonly string[];
  /** Run with bare node instead of the command (the reference). */
  readonly bare?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  /** The target's limit in seconds, when the case has one. */
  readonly limit?: number;
}

function spawnTimed(c: Case): { ms: number; bytes: number } {
  const argv = c.bare ? [...c.args] : [BIN, ...c.args];
  const t0 = performance.now();
  const r = spawnSync(process.execPath, argv, { cwd: ROOT, env: { ...process.env, ...c.env }, maxBuffer: 2 ** 30, encoding: 'buffer' });
  const ms = performance.now() - t0;
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${c.name}: exit ${r.status ?? r.signal}: ${r.stderr.toString().slice(-1000)}`);
  return { ms, bytes: r.stdout.length };
}

export function run(options: BenchOptions): BenchReport {
  const rounds = options.sizes?.[0] ?? 11;
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
      { name: 'simulate nonlinear/diode-rc --format csv', args: ['simulate', 'examples/nonlinear/diode-rc.json', '--format', 'csv'], limit: 0.3 },
      { name: 'simulate nonlinear/masd-4-2-reservoirs --format csv', args: ['simulate', 'examples/nonlinear/masd-4-2-reservoirs.json', '--format', 'csv'], limit: 0.3 },
      { name: 'simulate examples/spice/rc-ladder.cir', args: ['simulate', 'examples/spice/rc-ladder.cir'], limit: 0.3 },
      { name: 'statespace motor-pump', args: ['statespace', 'motor-pump'], limit: 0.25 },
      { name: 'structure --format json, RLC ladder 10^5 branches, to a pipe', args: ['structure', ladder, '--format', 'json'], limit: 1 },
      { name: 'structure --format json --derivation, RLC ladder 10^5 branches, to a file', args: ['structure', ladder, '--format', 'json', '--derivation', '--output', jsonOut] },
    ];
    options.log(`warm-up (bundle and code cache), then ${rounds} alternating rounds of ${cases.length} cases`);
    for (const c of cases) spawnTimed(c);
    const times = cases.map(() => [] as number[]);
    const bytes = cases.map(() => 0);
    for (let r = 0; r < rounds; r++) {
      cases.forEach((c, k) => {
        const t = spawnTimed(c);
        times[k].push(t.ms);
        bytes[k] = c.args.includes('--output') ? statSync(jsonOut).size : t.bytes;
      });
      options.log(`round ${r + 1}/${rounds}`);
    }
    const rows = cases.map((c, k) => ({
      case: c.name,
      medianS: round(median(times[k]) / 1000),
      minS: round(Math.min(...times[k]) / 1000),
      maxS: round(Math.max(...times[k]) / 1000),
      outputMB: round(bytes[k] / 2 ** 20),
      targetS: c.limit ?? null,
    }));
    const targets: TargetCheck[] = cases.flatMap((c, k) =>
      c.limit === undefined ? [] : [check(`${c.name} < ${c.limit} s`, round(median(times[k]) / 1000), c.limit, 's', `median of ${rounds} whole processes, alternating`)],
    );
    return {
      title,
      columns: ['case', 'medianS', 'minS', 'maxS', 'outputMB', 'targetS'],
      rows,
      targets,
      notes: [
        `Each figure: the median wall time of ${rounds} whole processes (spawn to exit) run in alternation with the other cases; the bundle and its code cache exist (a warm-up run of each case first).`,
        `Bare node start on this machine: ${round(median(times[0]) / 1000)} s; the command's own cost is the figure minus that.`,
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
