/**
 * The settings of a study that every point shares, as plain data (structured-cloneable: they are shipped once to
 * each pool worker and stored with each cluster job's study).
 */
export interface StudySettings {
  /** --metric texts (metric-spec.ts). */
  readonly metrics: readonly string[];
  /** ω values (rad/s) of the H metric. */
  readonly freq?: readonly number[];
  /** States or outputs whose whole traces are kept (--traces). */
  readonly traces?: readonly string[];
  /** The simulated span of the trace metrics and traces (absent: the default end time of the nominal model). */
  readonly tEnd?: number;
  /** Evenly spaced samples over [0, tEnd] of each simulation (default 2001). */
  readonly samples?: number;
  /** Input signals by name (absent: the source's constant, re-evaluated at each point, else step(1)). */
  readonly signals?: Readonly<Record<string, string>>;
  readonly solver?: string;
  readonly rtol?: number;
  readonly atol?: number;
  /** false: formulate every point numerically even where the compiled symbolic model applies (default true). */
  readonly compileSymbolic?: boolean;
}

/** How the model is compiled: the input text and the compile options (the same in every worker). */
export interface StudySource {
  readonly text: string;
  readonly path?: string;
  readonly format?: string;
  readonly parameters?: Readonly<Record<string, number>>;
  readonly stateChoice?: 'b1' | 'b2';
  readonly formulation?: 'general' | 'masd';
}

export const DEFAULT_SAMPLES = 2001;
