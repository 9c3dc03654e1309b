/**
 * Benchmark: a study of 10^4 points of a 100-state model (the RC ladder of 100 sections, R and C sampled from
 * normal distributions, the DC gain of each point: one formulation of the 100-state model and one solve per point)
 * on each path of @sysgraph/studies — in this thread, a pool of 2 worker threads (piscina), and 2 BullMQ worker
 * processes (sysgraph worker) on a redis-server on loopback — in points per second, start-up included; and the
 * overhead per point of each path, from a study of a 2-state model whose points cost almost nothing (wall time per
 * point × workers − the serial time per point).
 *
 * The points are 10^4 unless the serial rate measured on a calibration run predicts more than --max-seconds for a
 * path; then fewer, and the note says how many (the rate, not the count, is the figure). Every path's table is
 * checked equal to the serial one. Needs redis-server for the cluster rows (skipped with a note otherwise).
 *
 * Run: npx tsx benchmarks/src/run.ts studies   (writes benchmarks/results/studies.json and studies.md)
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parsePlan, sweep } from '@sysgraph/studies';
import type { StudyPlan, StudySettings, StudySource, StudyTable } from '@sysgraph/studies';
import type { BenchOptions, BenchReport } from './harness/bench-report';
import { rcLadder } from './generators';

const POINTS = 10_000;
const CLI = fileURLToPath(new URL('../../packages/cli/bin/sysgraph.cjs', import.meta.url));
const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));

const TINY: StudySource = {
  text: JSON.stringify({
    name: 'rc',
    parameters: { R: 1000, C: 1e-6 },
    elements: [
      { id: 'Vs', kind: 'voltage-source', from: 'a', to: 'g', value: 1 },
      { id: 'R1', kind: 'resistor', from: 'a', to: 'b', value: 'R' },
      { id: 'C1', kind: 'capacitor', from: 'b', to: 'g', value: 'C' },
    ],
    outputs: [{ element: 'C1', variable: 'across' }],
  }),
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sameRows(a: StudyTable, b: StudyTable): boolean {
  if (a.rows.length !== b.rows.length) return false;
  for (let i = 0; i < a.rows.length; i++) if (!Object.is(a.rows[i], b.rows[i])) return false;
  return true;
}

async function timed(f: () => Promise<StudyTable>): Promise<{ seconds: number; table: StudyTable }> {
  const t0 = performance.now();
  const table = await f();
  return { seconds: (performance.now() - t0) / 1000, table };
}

function startWorker(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'worker', '--redis', url], { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    child.stderr!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`sysgraph worker exited with ${code}`)));
  });
}

export async function run(o: BenchOptions): Promise<BenchReport> {
  const big: StudySource = { text: JSON.stringify(rcLadder(100)) };
  const settings: StudySettings = { metrics: ['dc'] };
  const sample = (n: number, nominalR: number, nominalC: number): StudyPlan => parsePlan({ sample: n, dist: [`R=normal(${nominalR},${nominalR * 0.05})`, `C=normal(${nominalC},${nominalC * 0.05})`], seed: 1 });

  // calibration: the serial rate of the 100-state model
  const calib = await timed(() => sweep(big, sample(40, 10, 1e-8), { settings }));
  const perPoint = calib.seconds / 40;
  const points = Math.max(200, Math.min(POINTS, Math.floor(o.maxSeconds / 3 / perPoint / 100) * 100));
  o.log(`calibration: ${(perPoint * 1000).toFixed(2)} ms per point serially; ${points} points per path`);
  const plan = sample(points, 10, 1e-8);
  const tiny = sample(2000, 1000, 1e-6);
  const tinySettings: StudySettings = { metrics: ['dc', 'poles'] };

  const rows: Record<string, number | string | boolean | null>[] = [];
  const notes: string[] = [];
  const serial = await timed(() => sweep(big, plan, { settings }));
  const serialTiny = await timed(() => sweep(TINY, tiny, { settings: tinySettings }));
  const serialTinyPer = serialTiny.seconds / tiny.size;
  const row = (path: string, workers: number, r: { seconds: number; table: StudyTable }, t: { seconds: number; table: StudyTable }, equal: boolean) => {
    const overhead = (t.seconds * workers) / tiny.size - serialTinyPer;
    rows.push({ path, workers, points: plan.size, seconds: +r.seconds.toFixed(2), 'points/s': +(plan.size / r.seconds).toFixed(1), 'speed-up': +(serial.seconds / r.seconds).toFixed(2), 'overhead ms/point': +(Math.max(0, overhead) * 1000).toFixed(3), 'same table': equal });
    o.log(`${path}: ${(plan.size / r.seconds).toFixed(1)} points/s`);
  };
  row('serial', 1, serial, serialTiny, true);

  const pool = await timed(() => sweep(big, plan, { settings, workers: 2 }));
  const poolTiny = await timed(() => sweep(TINY, tiny, { settings: tinySettings, workers: 2 }));
  row('piscina pool', 2, pool, poolTiny, sameRows(pool.table, serial.table) && sameRows(poolTiny.table, serialTiny.table));

  const redisServer = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  if (redisServer) {
    const port = await freePort();
    const redis = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const url = `redis://127.0.0.1:${port}`;
    await sleep(500);
    const workers: ChildProcess[] = [];
    try {
      workers.push(await startWorker(url), await startWorker(url));
      const cluster = await timed(() => sweep(big, plan, { settings, redis: url }));
      const clusterTiny = await timed(() => sweep(TINY, tiny, { settings: tinySettings, redis: url }));
      row('BullMQ, 2 worker processes', 2, cluster, clusterTiny, sameRows(cluster.table, serial.table) && sameRows(clusterTiny.table, serialTiny.table));
    } finally {
      for (const w of workers) w.kill('SIGTERM');
      await sleep(500);
      redis.kill('SIGTERM');
    }
  } else notes.push('redis-server is not installed: no cluster row (apt-get install redis-server)');

  notes.push(
    `the model: the RC ladder of 100 sections (100 states), R and C normal with 5 % spread, the DC gain per point (one formulation and one solve); ${plan.size} points per path${plan.size < POINTS ? ` (fewer than 10^4: the serial rate predicted more than ${Math.round(o.maxSeconds / 3)} s per path on this machine)` : ''}`,
    'seconds and points/s include the start-up of each path — the pool\'s worker threads loading their bundle and compiling the model; BullMQ\'s connections, enqueuing and each worker compiling the model (the sysgraph worker processes themselves are started, and wait, before the clock starts, as a cluster\'s workers do)',
    `overhead per point: from a study of ${tiny.size} points of a 2-state RC model (≈ ${(serialTinyPer * 1000).toFixed(3)} ms per point serially): wall time per point × workers − the serial time per point`,
    'same table: every path\'s rows equal the serial ones, bit for bit',
    `load average at the start: ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores — on a shared, oversubscribed machine two workers do not get two cores, and the start-up of each worker (≈ 4 s here: loading the bundle, mathjs, compiling the model) weighs on a short run`,
  );
  const report: BenchReport = { title: 'Studies: points per second by path (serial, piscina pool, BullMQ)', columns: ['path', 'workers', 'points', 'seconds', 'points/s', 'speed-up', 'overhead ms/point', 'same table'], rows, targets: [], notes };
  writeFileSync(`${RESULTS}studies.md`, markdown(report));
  return report;
}

function markdown(r: BenchReport): string {
  const head = `| ${r.columns.join(' | ')} |\n|${r.columns.map(() => '---').join('|')}|\n`;
  const body = r.rows.map((row) => `| ${r.columns.map((c) => String(row[c])).join(' | ')} |`).join('\n');
  return `# ${r.title}\n\n${head}${body}\n\n${r.notes.map((n) => `- ${n}`).join('\n')}\n`;
}
