/** What a worker is given once (the study) and per task (a run of consecutive points), and what it returns. */
import type { PointFailure } from '../evaluate/point-evaluator';
import type { StudySettings, StudySource } from '../evaluate/study-settings';

export interface StudyJob {
  readonly source: StudySource;
  readonly names: readonly string[];
  readonly settings: StudySettings;
}

export interface PointTask {
  /** The first point. */
  readonly from: number;
  /** values[i·m + k]: parameter k at point from + i (m parameters). */
  readonly values: Float64Array;
}

export interface PointResult {
  readonly from: number;
  /** rows[i·width + j]. */
  readonly rows: Float64Array;
  readonly failures: readonly PointFailure[];
}
