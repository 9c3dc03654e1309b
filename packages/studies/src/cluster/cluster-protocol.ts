/**
 * The cluster's names and messages. One BullMQ queue for every study; a study is stored once in Redis under its id
 * (a hash of its source, parameters, settings and plan, so that the same study run again — resumed — has the same
 * jobs); each job is a run of consecutive points keyed by the study and its first point (jobId `${study}-${from}`:
 * BullMQ adds a job id only once, so enqueuing again is idempotent). A job's result is its rows, NaN as null.
 */
import { createHash } from 'node:crypto';
import type { PointFailure } from '../evaluate/point-evaluator';
import type { StudyJob } from '../pool/point-task';
import type { StudyPlan } from '../plan/plan';

export const QUEUE = 'sysgraph-studies';
export const studyKey = (id: string) => `sysgraph:study:${id}`;
export const jobId = (study: string, from: number) => `${study}-${from}`;

export interface ClusterJob {
  readonly study: string;
  readonly from: number;
  /** values[i·m + k]: parameter k at point from + i. */
  readonly values: readonly number[];
}

export interface ClusterResult {
  readonly from: number;
  readonly rows: readonly (number | null)[];
  readonly failures: readonly PointFailure[];
}

/** The id of a study: sha256 of its definition and its plan's values. */
export function studyId(job: StudyJob, plan: StudyPlan): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(job));
  for (const v of plan.values) h.update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
  return h.digest('hex').slice(0, 24);
}
