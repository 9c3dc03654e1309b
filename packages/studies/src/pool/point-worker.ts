/**
 * The pool's worker (piscina): the study arrives once, as workerData, and is compiled once on the first task; each
 * task is a run of points evaluated on that one evaluator.
 */
import { workerData } from 'piscina';
import { createPointEvaluator } from '../evaluate/point-evaluator';
import type { PointEvaluator } from '../evaluate/point-evaluator';
import { compileSource } from '../run/compile-source';
import { evaluateTask } from './evaluate-task';
import type { PointResult, PointTask, StudyJob } from './point-task';

let evaluator: PointEvaluator | undefined;

export default function run(task: PointTask): PointResult {
  const job = workerData as StudyJob;
  evaluator ??= createPointEvaluator(compileSource(job.source), job.names, job.settings);
  return evaluateTask(evaluator, job.names.length, task);
}
