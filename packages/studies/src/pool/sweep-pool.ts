/**
 * A study on a pool of worker threads (piscina, one per core by default): the study (source, parameters, settings)
 * goes to each worker once, as workerData; the points go out in runs of consecutive points (a task), a few tasks
 * per worker in flight, so that the queue stays short and a stop (Ctrl-C) leaves little unfinished. Rows come back
 * in any order and are passed on in point order (InOrder), so the table is the serial one whatever the count.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { StudySettings, StudySource } from '../evaluate/study-settings';
import type { StudyPlan } from '../plan/plan';
import type { StudyTable } from '../table/study-table';
import type { SweepOptions } from '../run/sweep-options';
import type { InOrder } from '../run/in-order';
import type { PointResult, StudyJob } from './point-task';
import { workerBundle } from './worker-bundle';

export async function sweepPool(source: StudySource, settings: StudySettings, plan: StudyPlan, table: StudyTable, options: SweepOptions, order: InOrder, start: number): Promise<void> {
  const workers = Math.max(1, Math.min(options.workers ?? availableParallelism(), 64));
  const m = plan.names.length;
  const remaining = plan.size - start;
  const chunk = options.chunk ?? Math.max(1, Math.min(64, Math.ceil(remaining / (workers * 8))));
  const job: StudyJob = { source, names: plan.names, settings };
  const pool = new Piscina({ filename: await workerBundle(), workerData: job, minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
  let done = start;
  let next = start;
  let failed: unknown;
  const width = table.width;
  const one = async (): Promise<void> => {
    while (next < plan.size && !options.signal?.aborted && failed === undefined) {
      const from = next;
      const to = Math.min(plan.size, from + chunk);
      next = to;
      const values = new Float64Array((to - from) * m);
      for (let i = from; i < to; i++) for (let k = 0; k < m; k++) values[(i - from) * m + k] = plan.values[k][i];
      let r: PointResult;
      try {
        r = (await pool.run({ from, values })) as PointResult;
      } catch (e) {
        failed ??= e;
        return;
      }
      table.rows.set(r.rows, from * width);
      table.failures.push(...r.failures);
      for (let i = from; i < to; i++) order.complete(i);
      done += to - from;
      options.onProgress?.(done, plan.size);
    }
  };
  try {
    await Promise.all(Array.from({ length: workers * 2 }, one));
  } finally {
    await pool.destroy();
  }
  if (failed !== undefined) throw failed;
  table.failures.sort((a, b) => a.point - b.point);
}
