/**
 * sysgraph simulate: integrates the model for the given inputs and writes CSV or JSON, and optionally a plot.
 * A linear description goes through the linear formulation (toSimulationModel); a description with laws
 * through the nonlinear one (buildNonlinear), whose 'auto' solver is chosen by @sysgraph/simulate's
 * chooseSolver from the eigenvalues of ∂f/∂x at the initial state (the stiff solver then uses the model's
 * Jacobian); a law not differentiable where the Jacobian is needed (sqrt(|Δp|) at zero flow) makes it run again
 * with secants in the Jacobians (nonlinearModel's secantWidth), with a note. Where even the secant is not finite
 * (sqrt(v) at v = 0: the secant evaluates the law at −δ) the second run hands the law's 'bad-law' to the
 * simulator, which uses one-sided differences of f inside the law's domain (or switches to dopri5) and says so;
 * the end-time estimate then falls back to DEFAULT_END_TIME with a note. A description with values in t goes
 * through the linear time-varying model (timeVaryingModel: the charge-flux form by default), its initial values
 * given by its own states or by the physical v_C, i_L.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { evaluateExpression } from '@sysgraph/description';
import { toSimulationModel, parseSignal, SOLVER_NAMES } from '@sysgraph/simulate';
import type { StateSpace, StorageLaw, TimeMath, TimeVaryingForm } from '@sysgraph/formulation';
import { CsrMatrix, csrToDense, eigenvalues } from '@sysgraph/linalg';
import { simulate, traceToCsv, traceToJson } from '@sysgraph/simulate';
import type { LinearModel, NonlinearModel, SimulationModel, SimulationResult } from '@sysgraph/simulate';
import { buildModel } from '../build-model';
import type { ModelOptions } from '../build-model';
import { hasLaws, refuseLaws, requireLaws } from '../nonlinear/law-elements';
import { isTimeVarying, refuseTimeVarying, requireTimeVarying } from '../time-varying/time-varying-elements';
import { buildTimeVarying, initialState } from '../time-varying/build-time-varying';
import { buildNonlinear } from '../nonlinear/build-nonlinear';
import type { NonlinearBuild } from '../nonlinear/build-nonlinear';
import { parsePairs } from '../pairs';
import type { NetlistStart } from '../netlist/netlist-defaults';
import { netlistInitialState } from '../netlist/netlist-start';
import { nonlinearNetlistStart } from '../netlist/nonlinear-start';
import { traceFrom } from '../netlist/trace-from';

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
  /** --record: the states and outputs written (default all; t always); each entry may list several, comma-separated. */
  readonly record?: readonly string[];
  readonly onProgress?: (fraction: number) => void;
  readonly note?: (line: string) => void;
  /** --tv-form and --storage-law: the time-varying model's form and storage laws (values in t). */
  readonly form?: TimeVaryingForm;
  readonly storageLaw?: StorageLaw;
  /** The mathjs instance that differentiates in t (one is created when absent). */
  readonly math?: TimeMath;
  /** --secant-width: nonlinearModel's secantWidth (laws not differentiable somewhere). */
  readonly secantWidth?: number;
  /** A netlist's start: the DC operating point, or zero but for .ic / IC= with uic (netlist/netlist-start.ts);
   *  --initial values override it state by state. */
  readonly netlistStart?: NetlistStart;
  /** Rows before this time are dropped (a netlist's .tran tstart). */
  readonly outputFrom?: number;
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
  /** Set when the Jacobians of a law not differentiable somewhere were replaced by secants of this width. */
  readonly secantWidth?: number;
}

/** The secant width used when a law is not differentiable where a Jacobian is needed (law variable's units). */
export const SECANT_WIDTH = 1e-6;

/** The end time when ∂f/∂x has no finite value at the initial state (no time constant to go by). */
export const DEFAULT_END_TIME = 1;

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
  const m = build.model;
  if (m.stateNames.length > MAX_SUGGEST_STATES) {
    throw new SysgraphError('bad-option', `the end time is suggested from the eigenvalues of ∂f/∂x for up to ${MAX_SUGGEST_STATES} states; this model has ${m.stateNames.length}: give --t-end`, {
      element: 'simulate',
      field: '--t-end',
      expected: 'an end time (--t-end T)',
    });
  }
  const x = Float64Array.from(m.stateNames, (name) => initial[name] ?? 0);
  const u = Float64Array.from(m.inputNames, (name) => parseSignal(inputs[name], name).value(0));
  const J = m.jacobian!(0, x, u, new Float64Array(u.length));
  return suggestEndTime(J instanceof CsrMatrix ? csrToDense(J) : J.map((row) => [...row]));
}

/** The largest model whose end time is suggested from dense eigenvalues of ∂f/∂x. */
const MAX_SUGGEST_STATES = 400;

/** The model, its inputs and initial state, and how to suggest an end time, before integration. */
interface Prepared {
  readonly sim: SimulationModel;
  readonly inputs: Record<string, string>;
  readonly initial: Record<string, number>;
  readonly suggested: () => number;
  readonly why: string;
}

/** 'bad-law' raised by a Jacobian: a law not differentiable there (f itself was fine). */
class NotDifferentiable extends Error {
  constructor(readonly error: SysgraphError) {
    super(error.message);
  }
}

/** Rethrows a 'bad-law' of a Jacobian as NotDifferentiable, so that it is told apart from f's own failures. */
function marking<T>(jacobian: () => T): T {
  try {
    return jacobian();
  } catch (e) {
    throw isSysgraphError(e) && e.code === 'bad-law' ? new NotDifferentiable(e) : e;
  }
}

/**
 * The nonlinear model. `marked`: a 'bad-law' of the Jacobians is rethrown as NotDifferentiable, for the retry with
 * secants; unmarked (the retry), it reaches the simulator, whose stiff solvers replace the Jacobian by one-sided
 * differences of f there, and the end-time estimate falls back to DEFAULT_END_TIME.
 */
function prepareNonlinear(desc: SystemDescription, opts: SimulateCommandOptions, model: ModelOptions, given: Record<string, number>, secantWidth: number | undefined, marked: boolean): Prepared {
  let initial = given;
  if (model.stateChoice === 'b2') refuseLaws(desc, '--state-choice', 'the states of a nonlinear model are the variables its laws are written in');
  if (model.formulation === 'masd') refuseLaws(desc, '--formulation', "MASD's closed form is linear");
  const build = buildNonlinear(desc, { secantWidth });
  const inputs = inputSignals(desc, build.model.inputNames, opts.inputs, opts.note);
  if (opts.netlistStart !== undefined) {
    const u0 = Object.fromEntries(build.model.inputNames.map((name) => [name, parseSignal(inputs[name], name).value(0, true)]));
    initial = { ...nonlinearNetlistStart(build.model, u0, opts.netlistStart, opts.note), ...initial };
  }
  const inner = build.model;
  if (marked) {
    const sim: NonlinearModel = { ...inner, jacobian: (t, x, u, du) => marking(() => inner.jacobian!(t, x, u, du)) };
    return { sim, inputs, initial, suggested: () => marking(() => nonlinearEndTime(build, inputs, initial)), why: 'from the slowest eigenvalue of ∂f/∂x at the initial state' };
  }
  let why = 'from the slowest eigenvalue of ∂f/∂x at the initial state';
  const suggested = () => {
    try {
      return nonlinearEndTime(build, inputs, initial);
    } catch (e) {
      if (!isSysgraphError(e) || e.code !== 'bad-law') throw e;
      why = `${e.message}: no time constant at the initial state`;
      return DEFAULT_END_TIME;
    }
  };
  return {
    sim: inner,
    inputs,
    initial,
    suggested,
    get why() {
      return why;
    },
  };
}

function prepareTimeVarying(desc: SystemDescription, opts: SimulateCommandOptions, model: ModelOptions, given: Record<string, number>): Prepared {
  if (model.stateChoice === 'b2') refuseTimeVarying(desc, '--state-choice', 'the time-varying model takes --tv-form charge-flux (the default) or across-through');
  if (model.formulation === 'masd') refuseTimeVarying(desc, '--formulation', "MASD's closed form is time-invariant");
  const build = buildTimeVarying(desc, { form: opts.form, storageLaw: opts.storageLaw, math: opts.math });
  const sim = build.model;
  const inputs = inputSignals(desc, sim.inputNames, opts.inputs, opts.note);
  const u0 = sim.inputNames.map((name) => parseSignal(inputs[name], name).value(0));
  const initial = initialState(build.tv, given, 0, u0, opts.note);
  return { sim, inputs, initial, suggested: () => suggestEndTime(build.tv.at(0).A), why: 'from the slowest eigenvalue of A(0)' };
}

function prepareLinear(desc: SystemDescription, opts: SimulateCommandOptions, model: ModelOptions, given: Record<string, number>): Prepared {
  const built = buildModel(desc, { ...model, symbolic: false });
  const ss = built.numeric as StateSpace<number[][]>;
  const inputs = inputSignals(desc, ss.inputs, opts.inputs, opts.note);
  let initial = given;
  if (opts.netlistStart !== undefined) {
    // The sources just before the transient (u(0⁻)): a netlist's waveforms at t = 0 as SPICE takes them, and a
    // --input step(…) at t = 0 still a step from rest.
    const u0 = Object.fromEntries(ss.inputs.map((name) => [name, parseSignal(inputs[name], name).value(0, true)]));
    initial = { ...netlistInitialState({ desc, ss, structure: built.structure, u0, start: opts.netlistStart, note: opts.note }), ...given };
  }
  return { sim: toSimulationModel(ss, built.structure) as LinearModel, inputs, initial, suggested: () => (ss.backend === 'sparse' ? 1 : suggestEndTime(ss.A)), why: 'from the slowest eigenvalue' };
}

function integrate(p: Prepared, opts: SimulateCommandOptions): SimulationRun {
  const tEnd = opts.tEnd ?? p.suggested();
  if (opts.tEnd === undefined) opts.note?.(`t-end = ${tEnd} s (${p.why}; set it with --t-end)`);
  const result = simulate(p.sim, {
    tEnd,
    inputs: p.inputs,
    initial: p.initial,
    solver: (opts.solver ?? 'auto') as never,
    rtol: opts.rtol,
    atol: opts.atol,
    dt: opts.dt,
    samples: opts.samples,
    record: recordedNames(opts.record),
    onProgress: opts.onProgress,
  });
  for (const line of result.notes) opts.note?.(line);
  return { result: opts.outputFrom !== undefined ? traceFrom(result, opts.outputFrom) : result, tEnd, inputs: p.inputs };
}

/** The names given with --record (repeatable, or comma-separated), or undefined for all. */
export function recordedNames(list: readonly string[] | undefined): string[] | undefined {
  if (list === undefined || list.length === 0) return undefined;
  const names = list.flatMap((entry) => entry.split(',')).map((name) => name.trim());
  const empty = names.findIndex((name) => name === '');
  if (empty >= 0) throw new SysgraphError('bad-option', `--record ${list.join(' ')}: an empty name`, { field: '--record', expected: 'state or output names, e.g. --record v_C1,i_L1' });
  return names;
}

export function runSimulation(desc: SystemDescription, opts: SimulateCommandOptions, model: ModelOptions = {}): SimulationRun {
  checkSolver(opts.solver);
  const initial = initialValues(opts.initial);
  if (opts.form !== undefined) requireTimeVarying(desc, '--tv-form');
  if (opts.storageLaw !== undefined) requireTimeVarying(desc, '--storage-law');
  if (opts.secantWidth !== undefined) requireLaws(desc, '--secant-width');
  if (opts.netlistStart !== undefined && isTimeVarying(desc)) {
    opts.note?.('initial state: zero (or --initial), not the DC operating point: it is computed for linear and nonlinear netlists, not for values in t');
  }
  if (isTimeVarying(desc)) return integrate(prepareTimeVarying(desc, opts, model, initial), opts);
  if (!hasLaws(desc)) return integrate(prepareLinear(desc, opts, model, initial), opts);
  // each note once: a second attempt repeats the input defaults
  const said = new Set<string>();
  const once = { ...opts, note: opts.note && ((line: string) => void (said.has(line) || (said.add(line), opts.note!(line)))) };
  if (opts.secantWidth !== undefined) {
    // the user's secant; where even it is not finite, the simulator's one-sided differences
    return { ...integrate(prepareNonlinear(desc, once, model, initial, opts.secantWidth, false), once), secantWidth: opts.secantWidth };
  }
  try {
    return integrate(prepareNonlinear(desc, once, model, initial, undefined, true), once);
  } catch (thrown) {
    // A law not differentiable where a Jacobian was asked for (an orifice sqrt(|Δp|) at zero flow): again with
    // a secant of the law in the Jacobians (f stays exact), and say so. Only NotDifferentiable is retried; the
    // retry raises typed errors only (its Jacobians' 'bad-law' goes to the simulator, not through marking).
    if (!(thrown instanceof NotDifferentiable)) throw thrown;
    once.note?.(`${thrown.error.message}: simulating again with secants of width ${SECANT_WIDTH} in the Jacobians (f unchanged; set the width with --secant-width)`);
    return { ...integrate(prepareNonlinear(desc, once, model, initial, SECANT_WIDTH, false), once), secantWidth: SECANT_WIDTH };
  }
}

/** The JSON value of `simulate --format json`: the trace's columns, the solver and why, the inputs, the end time. */
export function simulationJson(run: SimulationRun): Record<string, unknown> {
  return { ...traceToJson(run.result), solver: run.result.solver, solverReason: run.result.solverReason, inputs: run.inputs, tEnd: run.tEnd, ...(run.secantWidth !== undefined ? { secantWidth: run.secantWidth } : {}) };
}

export function formatSimulation(run: SimulationRun, format: 'csv' | 'json'): string {
  if (format === 'json') return JSON.stringify(simulationJson(run));
  return traceToCsv(run.result);
}
