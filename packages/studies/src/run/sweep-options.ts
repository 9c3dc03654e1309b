/** The options of sweep(): what to compute, where (serially, a pool, a cluster), and what to tell the caller. */
import type { StudySettings, StudySource } from '../evaluate/study-settings';
import type { StudyTable } from '../table/study-table';

export interface SweepOptions {
  readonly settings: StudySettings;
  /** The input and compile options: needed by the pool and the cluster (each worker compiles it once). */
  readonly source?: StudySource;
  /** Pool workers (piscina); 0 or 1: in this thread. */
  readonly workers?: number;
  /** Points per pool task (default: about 8 tasks per worker, at most 64 points). */
  readonly chunk?: number;
  /** A Redis URL: the points go to the cluster's queue (BullMQ) and workers anywhere compute them. */
  readonly redis?: string;
  /**
   * The first `start` points are already done (a resumed study): they are neither computed nor passed on. A function
   * is given the empty table (its layout) and returns it, after filling those points' rows (csv-resume.ts).
   */
  readonly start?: number | ((table: StudyTable) => number);
  /** The empty table (its layout and columns) before any point is computed: where a writer puts its header. */
  readonly onStart?: (table: StudyTable) => void;
  /** Each point's values and row, in point order, as soon as every point before it is done. */
  readonly onRow?: (point: number, values: Float64Array, row: Float64Array) => void;
  /** Points done so far (including `start`) and the total. */
  readonly onProgress?: (done: number, total: number) => void;
  /** Stops the study: the points done are kept and the table returned with done[i] = 0 for the others. */
  readonly signal?: AbortSignal;
}
