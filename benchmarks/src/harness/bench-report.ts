/**
 * BenchReport: what a benchmark's `run()` returns and benchmarks/results/<name>.json holds — raw rows, the
 * targets with the figure measured against each, free-form notes — plus the machine it ran on.
 */

/** One figure beside its target: PASS when `figure` is below `limit` (both in `unit`). */
export interface TargetCheck {
  readonly target: string;
  readonly figure: number;
  readonly limit: number;
  readonly unit: string;
  readonly pass: boolean;
  /** What the figure includes, e.g. "graph + tree + F + partition, parsing excluded". */
  readonly note?: string;
  /** Set when the run crashed (the target is then missed whatever the partial figure). */
  readonly failed?: string;
  /** Why a missed target is missed, when the run can say (a bound measured in the same run). */
  readonly reason?: string;
}

export interface BenchReport {
  readonly title: string;
  /** Column names of `rows`, in display order (every row has these keys, plus possibly more). */
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, number | string | boolean | null>[];
  readonly targets: readonly TargetCheck[];
  readonly notes: readonly string[];
}

export interface MachineInfo {
  readonly node: string;
  readonly cpu: string;
  readonly cores: number;
  readonly totalMemoryGB: number;
  readonly platform: string;
  readonly date: string;
  /** 1-minute load average when the benchmark started (the machine is shared: above the core count, expect slow figures). */
  readonly loadAverage: number;
  /** Node flags of the benchmark process. */
  readonly execArgv: readonly string[];
}

/** The JSON file of one benchmark. */
export interface BenchRecord extends BenchReport {
  readonly name: string;
  readonly machine: MachineInfo;
  readonly wallSeconds: number;
}

export interface BenchOptions {
  /** Branch counts to run (each benchmark has its own default list). */
  readonly sizes?: readonly number[];
  /** Skip a size whose predicted wall time exceeds this many seconds. */
  readonly maxSeconds: number;
  /** Whether --max-seconds was given (a benchmark with its own total-time default uses it otherwise). */
  readonly maxSecondsGiven?: boolean;
  /** --cases: how many generated cases a case-driven benchmark (fuzz) runs. */
  readonly cases?: number;
  /** Progress lines (stderr). */
  log(line: string): void;
}

export function check(target: string, figure: number, limit: number, unit: string, note?: string, failed?: string): TargetCheck {
  return {
    target,
    figure,
    limit,
    unit,
    pass: failed === undefined && Number.isFinite(figure) && figure < limit,
    ...(note !== undefined ? { note } : {}),
    ...(failed !== undefined ? { failed } : {}),
  };
}
