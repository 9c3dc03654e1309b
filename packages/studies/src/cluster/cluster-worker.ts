/**
 * A cluster worker (sysgraph worker --redis URL): a BullMQ Worker on the studies' queue. A job names its study; the
 * study's definition is read from Redis once and compiled once per worker process (kept for the study's next
 * jobs). A worker that dies leaves its job locked until the lock expires (lockDuration); BullMQ's stalled-job check
 * in the remaining workers then puts it back in the queue, and another worker computes it: the same rows, since a
 * point's row depends on its values alone.
 */
import { SysgraphError } from '@sysgraph/core';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Job } from 'bullmq';
import { createPointEvaluator } from '../evaluate/point-evaluator';
import type { PointEvaluator } from '../evaluate/point-evaluator';
import { compileSource } from '../run/compile-source';
import { evaluateTask } from '../pool/evaluate-task';
import type { StudyJob } from '../pool/point-task';
import { QUEUE, studyKey } from './cluster-protocol';
import type { ClusterJob, ClusterResult } from './cluster-protocol';
import { redisConnection } from './redis-connection';

export interface ClusterWorkerOptions {
  /** Jobs computed at once (default 1: a point is CPU work; run one worker process per core). */
  readonly concurrency?: number;
  /** How long a job stays locked to a worker that stopped answering, ms (default 30 000). */
  readonly lockDuration?: number;
  /** How often the worker looks for jobs of dead workers, ms (default lockDuration / 2). */
  readonly stalledInterval?: number;
  readonly note?: (line: string) => void;
}

export interface ClusterWorker {
  /** Stops taking jobs, lets the current ones finish, closes the connections. */
  close(): Promise<void>;
  /** Jobs computed so far. */
  readonly jobs: number;
}

export function startClusterWorker(url: string, options: ClusterWorkerOptions = {}): ClusterWorker {
  const connection = redisConnection(url);
  const studies = new Map<string, { evaluator: PointEvaluator; m: number }>();
  let jobs = 0;
  let worker: Worker<ClusterJob, ClusterResult> | undefined;
  const redis = new Redis(connection);
  const studyOf = async (id: string) => {
    let s = studies.get(id);
    if (s) return s;
    const text = await redis.get(studyKey(id));
    if (text === null) throw new SysgraphError('bad-option', `study ${id} is not in Redis`, { element: id, field: '--redis', expected: 'a study enqueued by sysgraph sweep --redis' });
    const def = JSON.parse(text) as StudyJob;
    s = { evaluator: createPointEvaluator(compileSource(def.source), def.names, def.settings), m: def.names.length };
    studies.set(id, s);
    options.note?.(`study ${id}: ${def.source.path ?? 'a description'}, ${def.names.join(', ')}`);
    return s;
  };
  const lockDuration = options.lockDuration ?? 30_000;
  worker = new Worker<ClusterJob, ClusterResult>(
    QUEUE,
    async (job: Job<ClusterJob, ClusterResult>) => {
      const s = await studyOf(job.data.study);
      // point by point, yielding between points: the job's lock is renewed by a timer, which a long synchronous
      // run of points would starve (the lock would expire and the job be taken again as if this worker had died)
      const values = Float64Array.from(job.data.values);
      const count = s.m === 0 ? 0 : values.length / s.m;
      const rows = new Float64Array(count * s.evaluator.width);
      const failures: ClusterResult['failures'][number][] = [];
      for (let i = 0; i < count; i++) {
        const one = evaluateTask(s.evaluator, s.m, { from: job.data.from + i, values: values.subarray(i * s.m, (i + 1) * s.m) });
        rows.set(one.rows, i * s.evaluator.width);
        failures.push(...one.failures);
        await new Promise((r) => setImmediate(r));
      }
      const r = { from: job.data.from, rows, failures };
      jobs++;
      return { from: r.from, rows: Array.from(r.rows, (x) => (Number.isFinite(x) ? x : null)), failures: r.failures };
    },
    { connection, concurrency: options.concurrency ?? 1, lockDuration, stalledInterval: options.stalledInterval ?? Math.max(500, lockDuration / 2), maxStalledCount: 100 },
  );
  worker.on('error', (e) => options.note?.(`worker: ${e.message}`));
  return {
    close: async () => {
      await worker!.close();
      redis.disconnect();
    },
    get jobs() {
      return jobs;
    },
  };
}
