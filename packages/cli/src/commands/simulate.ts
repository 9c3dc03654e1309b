/**
 * sysgraph simulate: the engine's runSimulation (the family's model, the secant retry, the default end time, the
 * netlist start; packages/engine) written as CSV or JSON. This module only formats.
 */
import type { SimulationRun } from '@sysgraph/engine';
import { traceToCsv, traceToJson } from '@sysgraph/simulate';

export { runSimulation, suggestEndTime, inputSignals, initialValues, checkSolver, recordedNames, parsePairs, SECANT_WIDTH, DEFAULT_END_TIME, nonlinearEndTime } from '@sysgraph/engine';
export type { SimulateCommandOptions, SimulationRun } from '@sysgraph/engine';

/** The JSON value of `simulate --format json`: the trace's columns, the solver and why, the inputs, the end time. */
export function simulationJson(run: SimulationRun): Record<string, unknown> {
  return { ...traceToJson(run.result), solver: run.result.solver, solverReason: run.result.solverReason, inputs: run.inputs, tEnd: run.tEnd, ...(run.secantWidth !== undefined ? { secantWidth: run.secantWidth } : {}) };
}

export function formatSimulation(run: SimulationRun, format: 'csv' | 'json'): string {
  if (format === 'json') return JSON.stringify(simulationJson(run));
  return traceToCsv(run.result);
}
