/**
 * sysgraph simulate: integrates the model for the given inputs and writes CSV or JSON, and optionally a plot.
 * A linear description goes through the linear formulation (toSimulationModel); a description with laws
 * through the nonlinear one (buildNonlinear), whose 'auto' solver is chosen by @sysgraph/simulate's
 * chooseSolver from the eigenvalues of ∂f/∂x at the initial state (the stiff solver then uses the model's
 * Jacobian).
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { evaluateExpression } from '@sysgraph/description';
import { toSimulationModel, parseSignal, SOLVER_NAMES } from '@sysgraph/simulate';
import type { StateSpace } from '@sysgraph/formulation';
import { eigenvalues } from '@sysgraph/linalg';
import { simulate, traceToCsv, traceToJson } from '@sysgraph/simulate';
import type { LinearModel, SimulationModel, SimulationResult } from '@sysgraph/simulate';
import { buildModel } from '../build-model';
import type { ModelOptions } from '../build-model';
import { hasLaws, refuseLaws } from '../nonlinear/law-elements';
import { buildNonlinear } from '../nonlinear/build-nonlinear';
import type { NonlinearBuild } from '../nonlinear/build-nonlinear';
import { parsePairs } from '../pairs';

export { parsePairs } from '../pairs';

export interface SimulateCommandOptions {
  readonly tEnd?: number;
  readonly inputs?: readonly string[];
  readonly initial?: readonly string[];
  readonly solver?: string;
  readonly rtol?: number;
  readonly atol?: number;
  readonly dt?: number;
  readonly samples?: number;
  readonly onProgress?: (fraction: number) => void;
  readonly note?: (line: string) => void;
}

/** Five times the slowest time constant (or two periods of the slowest oscillation) of A; 1 s without states. */
export function suggestEndTime(A: readonly (readonly number[])[]): number {
  if (A.length === 0) return 1;
  const { re, im } = eigenvalues(A.map((r) => [...r]));
  let horizon = 0;
  for (let k = 0; k < re.length; k++) {
    if (re[k] < -1e-12) horizon = Math.max(horizon, 5 / -re[k]);
    if (Math.abs(im[k]) > 1e-12) horizon = Math.max(horizon, (2 * 2 * Math.PI) / Math.abs(im[k]));
  }
  if (horizon === 0) horizon = 1;
  return Number(horizon.toPrecision(2));
}

export interface SimulationRun {
  readonly result: SimulationResult;
  readonly tEnd: number;
  readonly inputs: Record<string, string>;
}

/** 'auto' or a solver of @sysgraph/simulate's registry; 'bad-option' naming --solver otherwise. */
export function checkSolver(solver: string | undefined): void {
  if (solver === undefined || solver === 'auto' || (SOLVER_NAMES as readonly string[]).includes(solver)) return;
  throw new SysgraphError('bad-option', `--solver ${solver}: no such solver`, { field: '--solver', expected: `one of auto, ${SOLVER_NAMES.join(', ')}` });
}

/** The signal of every input: given with --input NAME=SIGNAL, else the source's constant, else step(1). */
export function inputSignals(desc: SystemDescription, names: readonly string[], list: readonly string[] | undefined, note?: (line: string) => void, option = '--input'): Record<string, string> {
  const given = parsePairs(list, option);
  for (const name of Object.keys(given)) {
    if (!names.includes(name)) throw new SysgraphError('bad-option', `${option} ${name}: the model has no input ${name}`, { element: name, field: option, expected: `one of ${names.join(', ') || '(no inputs)'}` });
  }
  const inputs: Record<string, string> = {};
  for (const name of names) {
    if (given[name] !== undefined) {
      inputs[name] = given[name];
      continue;
    }
    const src = desc.sources.find((s) => s.input === name && s.constant);
    inputs[name] = src?.constant ? String(evaluateExpression(src.constant, desc.parameters)) : 'step(1)';
    note?.(`input ${name} = ${inputs[name]} (default; set it with ${option} ${name}=SIGNAL)`);
  }
  return inputs;
}

export function initialValues(list: readonly string[] | undefined): Record<string, number> {
  const initial: Record<string, number> = {};
  for (const [k, v] of Object.entries(parsePairs(list, '--initial'))) {
    const x = Number(v);
    if (v === '' || !Number.isFinite(x)) throw new SysgraphError('bad-option', `--initial ${k}=${v}: expected a number`, { element: k, field: '--initial', expected: 'a number' });
    initial[k] = x;
  }
  return initial;
}

/** The end time of a nonlinear model: suggestEndTime of ∂f/∂x at the initial state, t = 0 and the inputs at t = 0. */
export function nonlinearEndTime(build: NonlinearBuild, inputs: Record<string, string>, initial: Record<string, number>): number {
  const sys = build.result.system;
  const x = sys.states.map((s) => initial[s.name] ?? 0);
  const u = sys.inputs.map((name) => parseSignal(inputs[name], name).value(0));
  return suggestEndTime(build.result.evaluate.jacobians(0, x, u).A);
}

export function runSimulation(desc: SystemDescription, opts: SimulateCommandOptions, model: ModelOptions = {}): SimulationRun {
  checkSolver(opts.solver);
  const initial = initialValues(opts.initial);
  let sim: SimulationModel;
  let inputs: Record<string, string>;
  let suggested: () => number;
  let why: string;
  if (hasLaws(desc)) {
    if (model.stateChoice === 'b2') refuseLaws(desc, '--state-choice', 'the states of a nonlinear model are the variables its laws are written in');
    if (model.formulation === 'masd') refuseLaws(desc, '--formulation', "MASD's closed form is linear");
    const build = buildNonlinear(desc);
    sim = build.model;
    inputs = inputSignals(desc, sim.inputNames, opts.inputs, opts.note);
    suggested = () => nonlinearEndTime(build, inputs, initial);
    why = "from the slowest eigenvalue of ∂f/∂x at the initial state";
  } else {
    const built = buildModel(desc, { ...model, symbolic: false });
    const ss = built.numeric as StateSpace<number[][]>;
    sim = toSimulationModel(ss, built.structure) as LinearModel;
    inputs = inputSignals(desc, ss.inputs, opts.inputs, opts.note);
    suggested = () => (ss.backend === 'sparse' ? 1 : suggestEndTime(ss.A));
    why = 'from the slowest eigenvalue';
  }
  const tEnd = opts.tEnd ?? suggested();
  if (opts.tEnd === undefined) opts.note?.(`t-end = ${tEnd} s (${why}; set it with --t-end)`);
  const result = simulate(sim, {
    tEnd,
    inputs,
    initial,
    solver: (opts.solver ?? 'auto') as never,
    rtol: opts.rtol,
    atol: opts.atol,
    dt: opts.dt,
    samples: opts.samples,
    onProgress: opts.onProgress,
  });
  return { result, tEnd, inputs };
}

export function formatSimulation(run: SimulationRun, format: 'csv' | 'json'): string {
  if (format === 'json') return JSON.stringify({ ...traceToJson(run.result), solver: run.result.solver, solverReason: run.result.solverReason, inputs: run.inputs, tEnd: run.tEnd });
  return traceToCsv(run.result);
}
