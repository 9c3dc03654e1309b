/**
 * large-inputs: whole command-line processes on inputs of the size a user may hand over (issue 18 item 4):
 *
 * - `sysgraph structure` (text and JSON) and `sysgraph simulate` of a 10^6-element RC ladder (rcLadder(500 000):
 *   a source and 500 000 R–C sections, 1 000 001 elements), peak memory of the process (/usr/bin/time -v,
 *   "Maximum resident set size") against 1.5 GB;
 * - a 50 MB valid JSON of junk elements, refused with a typed schema error in < 2 s of wall time.
 *
 * Each process writes to /dev/null (its output streamed, never built as one string). Files are generated into
 * a temporary folder and removed after. Missed targets show as MISS in the results.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from './harness/bench-report';
import type { BenchOptions, BenchReport, TargetCheck } from './harness/bench-report';
import { rcLadder } from './generators';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(root, 'packages/cli/bin/sysgraph.cjs');
const SECTIONS = 500_000;
const MEMORY_LIMIT_MB = 1536;
const JUNK_BYTES = 50 * 1024 * 1024;
const JUNK_LIMIT_S = 2;

interface Run {
  readonly exit: number | null;
  readonly seconds: number;
  readonly peakMB: number;
  readonly stderr: string;
}

/** One CLI process under /usr/bin/time -v (its peak RSS), stdout to /dev/null. */
function timed(args: readonly string[], timeoutSeconds: number): Run {
  const t0 = performance.now();
  const r = spawnSync('/usr/bin/time', ['-v', process.execPath, CLI, ...args], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], timeout: timeoutSeconds * 1000, maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - t0) / 1000;
  const stderr = r.stderr?.toString('utf8') ?? '';
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
  return { exit: r.status, seconds, peakMB: kb ? Number(kb[1]) / 1024 : NaN, stderr };
}

/** The ladder written element by element (no giant string in this process either). */
function writeLadder(path: string): void {
  const d = rcLadder(SECTIONS);
  const fd = openSync(path, 'w');
  writeSync(fd, `{"name":${JSON.stringify(d.name)},"parameters":${JSON.stringify(d.parameters)},"outputs":${JSON.stringify(d.outputs)},"ground":"g","elements":[\n`);
  (d.elements ?? []).forEach((e, k) => writeSync(fd, `${k > 0 ? ',\n' : ''}${JSON.stringify(e)}`));
  writeSync(fd, '\n]}\n');
  closeSync(fd);
}

/** Valid JSON of junk elements (every one a schema error) up to `bytes`. */
function writeJunk(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  writeSync(fd, '{"name":"junk","elements":[');
  let size = 30;
  for (let i = 0; size < bytes; i++) {
    const s = `${i > 0 ? ',' : ''}{"id":${i},"kind":"junk${i % 7}","from":[1,2,3],"to":{"a":"b"},"value":"zz"}`;
    writeSync(fd, s);
    size += s.length;
  }
  writeSync(fd, ']}\n');
  closeSync(fd);
}

const firstLine = (s: string) => s.split('\n').find((l) => l.trim() !== '' && !/^\s*(Command being timed|note:)/.test(l))?.slice(0, 200) ?? '';

export function run(options: BenchOptions): BenchReport {
  if (!existsSync('/usr/bin/time')) throw new Error('large-inputs needs /usr/bin/time (GNU time) for the peak memory of each process');
  const dir = mkdtempSync(join(tmpdir(), 'sysgraph-large-'));
  const rows: Record<string, number | string | boolean | null>[] = [];
  const targets: TargetCheck[] = [];
  try {
    const ladder = join(dir, 'rc-ladder-1e6.json');
    writeLadder(ladder);
    const mb = statSync(ladder).size / 1e6;
    options.log(`ladder: ${mb.toFixed(0)} MB`);
    const cases: [string, string[]][] = [
      ['structure (text)', ['structure', ladder]],
      ['structure --format json', ['structure', ladder, '--format', 'json']],
      ['simulate (t-end 1e-3, 100 samples)', ['simulate', ladder, '--t-end', '1e-3', '--samples', '100']],
    ];
    for (const [what, args] of cases) {
      const r = timed(args, Math.max(600, options.maxSeconds));
      options.log(`${what}: exit ${r.exit}, ${r.seconds.toFixed(1)} s, peak ${r.peakMB.toFixed(0)} MB`);
      const failed = r.exit === 0 ? undefined : `exit ${r.exit ?? 'killed (timeout)'}: ${firstLine(r.stderr)}`;
      rows.push({ input: `10^6-element RC ladder (${mb.toFixed(0)} MB)`, command: what, exit: r.exit, seconds: Number(r.seconds.toFixed(2)), peakMB: Math.round(r.peakMB) });
      targets.push(check(`${what} of a 10^6-element ladder: peak memory`, Math.round(r.peakMB), MEMORY_LIMIT_MB, 'MB', `wall ${r.seconds.toFixed(1)} s`, failed));
    }
    rmSync(ladder);
    const junk = join(dir, 'junk-50mb.json');
    writeJunk(junk, JUNK_BYTES);
    const r = timed(['structure', junk], 120);
    const refused = r.exit !== 0 && /schema|elements\[0\]/.test(r.stderr);
    options.log(`junk: exit ${r.exit}, ${r.seconds.toFixed(2)} s, peak ${r.peakMB.toFixed(0)} MB`);
    rows.push({ input: `valid JSON of junk elements (${(statSync(junk).size / 1e6).toFixed(0)} MB)`, command: 'structure', exit: r.exit, seconds: Number(r.seconds.toFixed(2)), peakMB: Math.round(r.peakMB) });
    targets.push(check('50 MB junk JSON refused (wall time of the whole process)', Number(r.seconds.toFixed(2)), JUNK_LIMIT_S, 's', firstLine(r.stderr), refused ? undefined : `not refused with a schema error (exit ${r.exit})`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    title: 'Large inputs: 10^6-element ladder and 50 MB junk JSON through the command line (whole processes)',
    columns: ['input', 'command', 'exit', 'seconds', 'peakMB'],
    rows,
    targets,
    notes: ['peak memory: /usr/bin/time -v "Maximum resident set size" of the node process (the CLI bundle, default heap settings); output to /dev/null; the wall time includes start-up and reading the file'],
  };
}
