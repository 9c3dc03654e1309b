/** One task on a worker's evaluator: its points in order, each row independent of the others. */
import type { PointEvaluator } from '../evaluate/point-evaluator';
import type { PointFailure } from '../evaluate/point-evaluator';
import type { PointResult, PointTask } from './point-task';

export function evaluateTask(ev: PointEvaluator, m: number, task: PointTask): PointResult {
  const count = m === 0 ? 0 : task.values.length / m;
  const rows = new Float64Array(count * ev.width);
  const failures: PointFailure[] = [];
  for (let i = 0; i < count; i++) {
    const f = ev.evaluate(task.values.subarray(i * m, (i + 1) * m), rows.subarray(i * ev.width, (i + 1) * ev.width), task.from + i);
    if (f) failures.push(f);
  }
  return { from: task.from, rows, failures };
}
