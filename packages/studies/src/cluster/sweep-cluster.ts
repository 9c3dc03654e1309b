/**
 * A study on the cluster: the study stored once in Redis, its points enqueued as jobs of consecutive points (keyed
 * by study and first point: idempotent), and the results collected — from the queue's 'completed' events as they
 * come, and by reading the jobs still pending every second (an event missed while the collector was away, or a
 * study resumed whose jobs were completed before, is read from the job itself). Each point is taken once: a job
 * computed twice (its worker died after finishing) gives the same rows, and the second copy is ignored.
 */
import { Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { StudySettings, StudySource } from '../evaluate/study-settings';
import type { StudyPlan } from '../plan/plan';
import type { StudyTable } from '../table/study-table';
import type { SweepOptions } from '../run/sweep-options';
import type { InOrder } from '../run/in-order';
import type { StudyJob } from '../pool/point-task';
import { QUEUE, jobId, studyId, studyKey } from './cluster-protocol';
import type { ClusterJob, ClusterResult } from './cluster-protocol';
import { redisConnection } from './redis-connection';

/** Points per job (default): few enough jobs for Redis, enough for the workers to share. */
export const CLUSTER_CHUNK = 32;

export async function sweepCluster(source: StudySource, settings: StudySettings, plan: StudyPlan, table: StudyTable, options: SweepOptions, order: InOrder, start: number): Promise<void> {
  const connection = redisConnection(options.redis!);
  const def: StudyJob = { source, names: plan.names, settings };
  const id = studyId(def, plan);
  const chunk = options.chunk ?? CLUSTER_CHUNK;
  const queue = new Queue<ClusterJob, ClusterResult>(QUEUE, { connection });
  const events = new QueueEvents(QUEUE, { connection });
  const m = plan.names.length;
  const pending = new Map<string, number>();
  let done = start;
  let resolveAll: () => void = () => {};
  const all = new Promise<void>((r) => (resolveAll = r));
  const take = (r: ClusterResult) => {
    const key = jobId(id, r.from);
    if (!pending.has(key)) return; // another study's job, or one already taken
    pending.delete(key);
    const count = r.rows.length / table.width;
    for (let i = 0; i < r.rows.length; i++) table.rows[r.from * table.width + i] = r.rows[i] ?? NaN;
    table.failures.push(...r.failures);
    for (let i = r.from; i < r.from + count; i++) order.complete(i);
    done += count;
    options.onProgress?.(done, plan.size);
    if (pending.size === 0) resolveAll();
  };
  events.on('completed', ({ jobId: jid, returnvalue }) => {
    if (!pending.has(jid)) return;
    take((typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as ClusterResult);
  });
  const poll = async () => {
    for (const key of [...pending.keys()]) {
      const job = await Job.fromId<ClusterJob, ClusterResult>(queue, key);
      if (job?.finishedOn && job.returnvalue && !job.failedReason) take(job.returnvalue);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    await events.waitUntilReady();
    const redis = new Redis(connection);
    try {
      await redis.set(studyKey(id), JSON.stringify(def), 'EX', 7 * 24 * 3600);
    } finally {
      redis.disconnect();
    }
    const jobs: { name: string; data: ClusterJob; opts: { jobId: string; attempts: number; backoff: { type: 'fixed'; delay: number }; removeOnComplete: { age: number }; removeOnFail: { age: number } } }[] = [];
    // runs aligned to multiples of chunk, so that a resumed study has the same job ids as the run it continues
    for (let from = start; from < plan.size; from = Math.min(plan.size, (Math.floor(from / chunk) + 1) * chunk)) {
      const to = Math.min(plan.size, (Math.floor(from / chunk) + 1) * chunk);
      const values: number[] = [];
      for (let i = from; i < to; i++) for (let k = 0; k < m; k++) values.push(plan.values[k][i]);
      const key = jobId(id, from);
      pending.set(key, from);
      jobs.push({ name: 'points', data: { study: id, from, values }, opts: { jobId: key, attempts: 5, backoff: { type: 'fixed', delay: 1000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 24 * 3600 } } });
    }
    if (pending.size === 0) return;
    for (let k = 0; k < jobs.length; k += 500) await queue.addBulk(jobs.slice(k, k + 500));
    const aborted = new Promise<void>((r) => options.signal?.addEventListener('abort', () => r(), { once: true }));
    timer = setInterval(() => void poll().catch(() => {}), 1000);
    await poll();
    await Promise.race([all, aborted]);
  } finally {
    if (timer) clearInterval(timer);
    await events.close();
    await queue.close();
  }
}
