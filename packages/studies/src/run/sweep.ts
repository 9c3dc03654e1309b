/**
 * sweep(model, plan, options): a study — every point of the plan evaluated on one compiled model (point-evaluator)
 * — in this thread, on a pool of worker threads (piscina) or on a cluster of workers (BullMQ on Redis), with the
 * same table whichever: the evaluation of a point depends on its values alone, and rows are kept in point order.
 */
import { SysgraphError } from '@sysgraph/core';
import { compileSource } from './compile-source';
import type { CompiledModel } from '@sysgraph/engine';
import { createPointEvaluator } from '../evaluate/point-evaluator';
import type { StudySource } from '../evaluate/study-settings';
import type { StudyPlan } from '../plan/plan';
import { emptyTable } from '../table/study-table';
import type { StudyTable } from '../table/study-table';
import type { SweepOptions } from './sweep-options';
import { InOrder } from './in-order';
import { sweepSerial } from './sweep-serial';


export async function sweep(model: CompiledModel | StudySource, plan: StudyPlan, options: SweepOptions): Promise<StudyTable> {
  const source = 'text' in model ? model : options.source;
  const compiled = 'text' in model ? compileSource(model) : model;
  // the nominal end time is fixed here, so that every worker simulates the same span
  const first = createPointEvaluator(compiled, plan.names, options.settings);
  const settings = { ...options.settings, tEnd: first.layout.tEnd };
  const table = emptyTable(plan, first.layout, first.width);
  options.onStart?.(table);
  const start = typeof options.start === 'function' ? options.start(table) : (options.start ?? 0);
  if (!Number.isInteger(start) || start < 0 || start > plan.size) throw new SysgraphError('bad-option', `resume from point ${start}: the plan has ${plan.size} points`, { field: '--resume', expected: `0 … ${plan.size}` });
  for (let i = 0; i < start; i++) table.done[i] = 1;
  const values = new Float64Array(plan.names.length);
  const order = new InOrder(table.done, start, (i) => {
    if (!options.onRow) return;
    for (let k = 0; k < values.length; k++) values[k] = plan.values[k][i];
    options.onRow(i, values, table.rows.subarray(i * first.width, (i + 1) * first.width));
  });
  const parallel = (options.workers ?? 1) > 1 || options.redis !== undefined;
  if (parallel && !source) throw new SysgraphError('bad-option', 'a study on workers needs its source text (sweep(source, …) or options.source)', { field: 'source', expected: '{ text, path?, format? }' });
  if (options.redis !== undefined) {
    const { sweepCluster } = await import('../cluster/sweep-cluster');
    await sweepCluster(source!, settings, plan, table, options, order, start);
  } else if ((options.workers ?? 1) > 1) {
    const { sweepPool } = await import('../pool/sweep-pool');
    await sweepPool(source!, settings, plan, table, options, order, start);
  } else await sweepSerial(first, plan, table, options, order, start);
  return table;
}
