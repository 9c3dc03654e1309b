/** A study in this thread: every point in order on one evaluator (yielding to the event loop so that Ctrl-C is heard). */
import type { PointEvaluator } from '../evaluate/point-evaluator';
import type { StudyPlan } from '../plan/plan';
import type { StudyTable } from '../table/study-table';
import type { SweepOptions } from './sweep-options';
import { InOrder } from './in-order';

export async function sweepSerial(ev: PointEvaluator, plan: StudyPlan, table: StudyTable, options: SweepOptions, order: InOrder, start: number): Promise<void> {
  const values = new Float64Array(plan.names.length);
  let last = Date.now();
  for (let i = start; i < plan.size; i++) {
    if (options.signal?.aborted) return;
    for (let k = 0; k < values.length; k++) values[k] = plan.values[k][i];
    const row = table.rows.subarray(i * ev.width, (i + 1) * ev.width);
    const failure = ev.evaluate(values, row, i);
    if (failure) table.failures.push(failure);
    order.complete(i);
    options.onProgress?.(i + 1, plan.size);
    if (Date.now() - last > 50) {
      last = Date.now();
      await new Promise((r) => setImmediate(r));
    }
  }
}
