/** @sysgraph/simulate: ODE solvers, input signals and columnar traces for the models of the formulation. */
export type { LinearModel, NonlinearModel, SimulationModel, MatrixLike, StaticWork } from './model';

export { simulate } from './simulate';
export type { SimulationResult } from './simulate';
export { validateOptions } from './options';
export type { SimulateOptions, ValidOptions } from './options';
export { chooseSolver, EXACT_MAX_STATES, STIFFNESS_THRESHOLD } from './choose-solver';
export type { SolverChoice } from './choose-solver';
export { guardTolerance, modelOscillation, GUARDED, GUARD_TARGET, GUARD_RTOL_FLOOR } from './guard/oscillation-guard';
export { predictedSteps, effectiveSpread, inputExcitation, offEquilibrium, STEP_FIT, SPREAD_MAX, STEP_MARGIN } from './guard/step-prediction';
export type { Excitation, ExcitationKind } from './guard/step-prediction';
export type { OscillationEstimate, GuardDecision } from './guard/oscillation-guard';

export { SOLVER_NAMES } from './solvers/registry';
// the vector passes of one Rodas attempt, for the kernel-cost benchmark (benchmarks/src/nonlinear/kernel-times.ts)
export { stagePoint2, stagePoint3, stagePoint4, stagePoint5, stagePoint6, stageEndMaxError, denseGapMaxError } from './solvers/rodas-vectors';
export type { SolverName, SolverSettings } from './solvers/solver';

export { formatStats } from './stats';
export type { SolverStats } from './stats';
export { traceToCsv, traceToJson, formatTrace } from './trace';
export { distinctColumns, SAME_COLUMN_TOLERANCE } from './distinct-columns';
export type { Trace, TraceJson } from './trace';

export { formatSignal } from './signals/signal';
export type { Signal, SignalKind } from './signals/signal';
export { constant } from './signals/constant';
export { step } from './signals/step';
export { ramp } from './signals/ramp';
export { sine } from './signals/sine';
export { pwl } from './signals/pwl';
export { expression } from './signals/expression';
export { parseSignal } from './signals/parse-signal';
export { createRestrictedParser } from './signals/restricted-math';
export type { RestrictedParser } from './signals/restricted-math';

