/**
 * @sysgraph/studies: parameter sweeps and Monte Carlo studies of a compiled model —
 *   parsePlan(options) → StudyPlan                 (grids of --param axes; seeded samples of --dist, Latin hypercube)
 *   sweep(model, plan, options) → StudyTable       (in this thread, a piscina pool, or BullMQ workers on Redis)
 *   csvHeader/csvLines, tableJson                  (the table as CSV, one line per point, or columnar JSON)
 */
export type { StudyPlan } from './plan/plan';
export { pointValues } from './plan/plan';
export { parseAxis, linspace, logspace } from './plan/parse-axis';
export type { Axis } from './plan/parse-axis';
export { gridPlan, MAX_POINTS } from './plan/grid-plan';
export { parseDistribution, normalQuantile } from './plan/distribution';
export type { Distribution } from './plan/distribution';
export { samplePlan, DEFAULT_SEED } from './plan/sample-plan';
export type { SampleOptions } from './plan/sample-plan';
export { seededRandom } from './plan/random';
export type { Random } from './plan/random';
export { parsePlan } from './plan/parse-plan';
export type { PlanOptions } from './plan/parse-plan';

export { parseMetrics, traceMetricColumn, TRACE_METRICS } from './metrics/metric-spec';
export type { MetricSpec, TraceMetricName } from './metrics/metric-spec';
export { traceMetrics, firstCrossing, settlingTime } from './metrics/trace-metrics';
export type { TraceMetrics } from './metrics/trace-metrics';

export { createPointEvaluator } from './evaluate/point-evaluator';
export type { PointEvaluator, PointFailure, StudyLayout } from './evaluate/point-evaluator';
export type { StudySettings, StudySource } from './evaluate/study-settings';
export { DEFAULT_SAMPLES } from './evaluate/study-settings';

export { sweep } from './run/sweep';
export { compileSource } from './run/compile-source';
export type { SweepOptions } from './run/sweep-options';

export { emptyTable, doneCount, metricColumn, traceTimes } from './table/study-table';
export type { StudyTable } from './table/study-table';
export { csvHeader, csvLines } from './table/csv';
export { tableJson } from './table/json';
export { resumePoint, readCsvRows } from './table/csv-resume';
export type { ResumePoint } from './table/csv-resume';
export { startClusterWorker } from './cluster/cluster-worker';
export type { ClusterWorker, ClusterWorkerOptions } from './cluster/cluster-worker';
export { redisConnection } from './cluster/redis-connection';
export { QUEUE as CLUSTER_QUEUE } from './cluster/cluster-protocol';
export { tableArrow } from './table/arrow';
export { compileSymbolicPointModel, COMPILED_MAX_STATES, COMPILED_MAX_BRANCHES } from './evaluate/symbolic-point-model';
export type { CompiledPointModel, PointMatrices } from './evaluate/symbolic-point-model';
