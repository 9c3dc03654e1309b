/**
 * @sysgraph/engine: one entry point from an input to a model, a trace, an analysis or a comparison —
 *   compile(input, options) → CompiledModel      (reader registry, family, structure, formulations, defaults)
 *   simulate(model, options) → EngineTrace       (secant retry, solver choice, netlist start and .save, notes)
 *   analyze(model, options) → Analysis           (poles, DC gain, H(s), frequency response)
 *   compare(a, b) → Difference                   (matrices, or poles and H(s) when the states differ)
 * and the family logic the command line and the web app share (README.md).
 */
export { compile } from './compile';
export type { CompileInput, SourceText, ParsedInput } from './compile';
export type { CompiledModel, CompileOptions, FormulationOptions } from './compiled-model';
export { simulateModel as simulate } from './simulation/simulate-model';
export type { EngineSimulateOptions, EngineTrace } from './simulation/simulate-model';
export { analyze, numericModel } from './analyze';
export type { Analysis, AnalyzeOptions } from './analyze';
export { compare } from './compare/compare';
export { compareFormulations, masdVerdict } from './compare/compare-formulations';
export type { FormulationRow, FormulationsComparison, MasdVerdict } from './compare/compare-formulations';
export { compareStateSpaces } from './compare/compare-models';
export type { ComparedModel, Difference } from './compare/compare-models';
export { modelFamily } from './family';
export type { ModelFamily } from './family';

// readers
export { registerReader, readerFor, readerNames } from './readers/registry';
export type { ReaderQuery } from './readers/registry';
export type { Reader, ReadOptions, ReadResult } from './readers/reader';
export { jsonReader } from './readers/json-reader';
export { equationsReader, EQUATION_EXTENSIONS } from './readers/equations-reader';
export type { EquationsReadResult } from './readers/reader';
export { compileEquations } from './equations/compile-equations';
export { equationSignals } from './equations/equation-signals';
export { checkEquations } from './equations/check-equations';
export { lineariseEquations } from './equations/linearise-equations';
export type { EquationLinearisation } from './equations/linearise-equations';
export type { EquationCheck, EquationVerdict } from './equations/check-equations';
export { netlistReader, NETLIST_EXTENSIONS } from './readers/netlist-reader';

// the default end time (one implementation)
export { suggestEndTime, nonlinearEndTime, DEFAULT_END_TIME, MAX_SUGGEST_STATES } from './end-time';

// linear family
export { buildModel, SPARSE_ABOVE } from './linear/build-model';
export { symbolicForms, structuredModel, masdModel, printedSize, READABLE_CHARACTERS } from './linear/symbolic-forms';
export type { SymbolicForm, SymbolicForms, SymbolicFormOptions } from './linear/symbolic-forms';
export type { ModelOptions, BuiltModel } from './linear/build-model';
export { toSimulationModel } from './linear/to-simulation-model';

// laws
export { buildNonlinear } from './nonlinear/build-nonlinear';
export type { NonlinearBuild, Probe, BuildNonlinearOptions } from './nonlinear/build-nonlinear';
export { lawElements, hasLaws, requireLaws, refuseLaws } from './nonlinear/law-elements';
export { operatingPoint } from './nonlinear/operating-point';
export { linearisedModel, describePoint } from './nonlinear/linearised-model';
export type { LinearisationPoint, LinearisedAt, NamedModel } from './nonlinear/linearised-model';
export type { OperatingPoint, OperatingPointOptions } from './nonlinear/operating-point';
export { incrementalValue } from './nonlinear/incremental-value';
export type { IncrementalValue } from './nonlinear/incremental-value';
export { operatingInputs, parseNumbers } from './nonlinear/operating-inputs';

// values in t
export { timeVaryingElements, isTimeVarying, requireTimeVarying, refuseTimeVarying } from './time-varying/time-varying-elements';
export { buildTimeVarying, initialState } from './time-varying/build-time-varying';
export type { TimeVaryingBuild, TimeVaryingBuildOptions } from './time-varying/build-time-varying';

// SPICE netlists: analysis defaults and the start
export { netlistDefaults, samplesForStep, MAX_NETLIST_SAMPLES } from './netlist/netlist-defaults';
export type { NetlistDefaults, NetlistStart } from './netlist/netlist-defaults';
export { withNetlistOptions, withNetlistInputs } from './netlist/netlist-options';
export type { CommandLineSimulate, WithNetlist } from './netlist/netlist-options';
export { netlistInitialState } from './netlist/netlist-start';
export { nonlinearNetlistStart } from './netlist/nonlinear-start';
export { dcOperatingPoint } from './netlist/operating-point';
export { traceFrom } from './netlist/trace-from';

// simulation
export { runSimulation, runModelSimulation, SECANT_WIDTH } from './simulation/run-simulation';
export type { SimulateCommandOptions, SimulationRun, ModelBuilds } from './simulation/run-simulation';
export { checkSolver, inputSignals, initialValues, recordedNames } from './simulation/simulate-options';
export { RECORD_ALL_LIMIT, recordFor } from './simulation/default-record';
export { parsePairs } from './pairs';

// comparisons
export { sortedPoles, poleDistance, transferDistance, invariantDifference, formatPole, TEST_POINTS } from './compare/model-invariants';
export { compareTraces, columnPairs, differencesToJson } from './compare/compare-traces';
export type { ColumnPair, TraceDifference, CompareRunOptions } from './compare/compare-traces';
export { compareStateChoices } from './compare/compare-state-choices';
export type { StateChoices, StateChoicesOptions } from './compare/compare-state-choices';
export { linearVsNonlinear } from './compare/compare-linear-nonlinear';
export type { LinearVsNonlinear, LinearVsNonlinearOptions } from './compare/compare-linear-nonlinear';
export { compareTimeVaryingForms } from './compare/compare-time-varying';
export type { TimeVaryingForms, TimeVaryingFormsOptions } from './compare/compare-time-varying';

// the formulation stage's printers and model types (formats.ts), so that callers import one package
export * from './formats';
export { centralDifferenceJacobian } from './central-difference';
