/**
 * The cluster path (BullMQ on a redis-server started for the test): two worker processes, one killed (SIGKILL)
 * while the study runs; its job is retried by the other once its lock expires, and the collected table equals the
 * serial one, every point passed on exactly once.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePlan, sweep } from '@sysgraph/studies';
import type { StudySettings } from '@sysgraph/studies';
import { RLC } from './fixtures';
import { redisServerPath, startRedis } from './redis-server';
import type { TestRedis } from './redis-server';

const binary = redisServerPath();
if (!binary) console.warn('cluster test skipped: redis-server is not installed (apt-get install redis-server; .ci/run installs it)');

const WORKER = fileURLToPath(new URL('./cluster-worker-main.ts', import.meta.url));

function startWorker(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

describe.skipIf(!binary)('BullMQ cluster', () => {
  let redis: TestRedis;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    redis = await startRedis(binary!);
  }, 30_000);
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await redis?.stop();
  });

  it('a worker killed mid-study: the collected table equals the serial one, no point lost or counted twice', async () => {
    const plan = parsePlan({ sample: 96, dist: ['R=uniform(0.5,2)', 'C=normal(0.25,0.01)'], seed: 12 });
    const settings: StudySettings = { metrics: ['poles', 'dc', 'step(v_C1)'], tEnd: 20, samples: 401 };
    const serial = await sweep({ text: RLC }, plan, { settings });

    workers.push(await startWorker(redis.url), await startWorker(redis.url));
    const seen = new Array<number>(plan.size).fill(0);
    let killed = false;
    const table = await sweep({ text: RLC }, plan, {
      settings,
      redis: redis.url,
      chunk: 4,
      onRow: (i) => seen[i]++,
      onProgress: (done) => {
        if (!killed && done >= 16) {
          killed = true;
          workers[0].kill('SIGKILL');
        }
      },
    });
    expect(killed).toBe(true);
    expect(seen.every((n) => n === 1)).toBe(true);
    expect(Array.from(table.rows)).toEqual(Array.from(serial.rows));
    expect(Array.from(table.done).every((d) => d === 1)).toBe(true);
  }, 180_000);

  it('the same study enqueued again is collected from the jobs already done (idempotent keys)', async () => {
    const plan = parsePlan({ param: ['R=0.5:2:12'] });
    const settings: StudySettings = { metrics: ['poles'] };
    const serial = await sweep({ text: RLC }, plan, { settings });
    if (workers.every((w) => w.exitCode !== null)) workers.push(await startWorker(redis.url));
    const first = await sweep({ text: RLC }, plan, { settings, redis: redis.url, chunk: 5 });
    // every worker stopped: the second run can only read the completed jobs
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    const again = await sweep({ text: RLC }, plan, { settings, redis: redis.url, chunk: 5 });
    expect(Array.from(first.rows)).toEqual(Array.from(serial.rows));
    expect(Array.from(again.rows)).toEqual(Array.from(serial.rows));
  }, 120_000);
});
