/**
 * runSimulation: a description integrated for the given inputs, whatever its family (the engine's simulate).
 * A linear description goes through the linear formulation (toSimulationModel); a description with laws
 * through the nonlinear one (buildNonlinear), whose 'auto' solver is chosen by @sysgraph/simulate's
 * chooseSolver from the eigenvalues of ∂f/∂x at the initial state (the stiff solver then uses the model's
 * Jacobian); where the network model covers the description it is built once with secants of width SECANT_WIDTH,
 * used only where a law's derivative is not finite (sqrt(|Δp|) at zero flow), said in a note at the first use; the
 * symbolic fallback runs without them and, where a Jacobian needs one, again with them. Where even the secant is
 * not finite (sqrt(v) at v = 0: the secant evaluates the law at −δ) the law's 'bad-law' goes to the simulator,
 * which uses one-sided differences of f inside the law's domain (or switches to dopri5) and says so;
 * the end-time estimate then falls back to DEFAULT_END_TIME with a note. A description with values in t goes
 * through the linear time-varying model (timeVaryingModel: the charge-flux form by default), its initial values
 * given by its own states or by the physical v_C, i_L.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import type { StateSpace, StorageLaw, TimeMath, TimeVaryingForm } from '@sysgraph/formulation';
import { simulate } from '@sysgraph/simulate';
import { engineSignal, engineSignals } from './engine-signals';
import type { LinearModel, NonlinearModel, SimulationModel, SimulationResult } from '@sysgraph/simulate';
import { buildModel } from '../linear/build-model';
import type { BuiltModel, ModelOptions } from '../linear/build-model';
import { toSimulationModel } from '../linear/to-simulation-model';
import { hasLaws, refuseLaws, requireLaws } from '../nonlinear/law-elements';
import { isTimeVarying, refuseTimeVarying, requireTimeVarying } from '../time-varying/time-varying-elements';
import { buildTimeVarying, initialState } from '../time-varying/build-time-varying';
import type { TimeVaryingBuild } from '../time-varying/build-time-varying';
import { buildNonlinear } from '../nonlinear/build-nonlinear';
import type { NonlinearBuild } from '../nonlinear/build-nonlinear';
import type { NetlistStart } from '../netlist/netlist-defaults';
import { withJacobian } from './with-jacobian';
import { netlistInitialState } from '../netlist/netlist-start';
import { nonlinearNetlistStart } from '../netlist/nonlinear-start';
import { traceFrom } from '../netlist/trace-from';
import { DEFAULT_END_TIME, nonlinearEndTime, suggestEndTime } from '../end-time';
import { checkSolver, initialValues, inputSignals } from './simulate-options';
import { recordFor } from './default-record';
import { equationSignals } from '../equations/equation-signals';

export interface SimulateCommandOptions {
  readonly tEnd?: number;
  readonly inputs?: readonly string[];
  readonly initial?: readonly string[];
  readonly solver?: string;
  readonly rtol?: number;
  readonly atol?: number;
  readonly dt?: number;
  readonly samples?: number;
  /** The solver's step budget over the run (default the simulator's, 10^6): past it a typed 'solver-failure'. */
  readonly maxSteps?: number;
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
  /** The models already built for these options (a compiled model's cache); built here when absent. */
  readonly builds?: ModelBuilds;
  /** Rows before this time are dropped (a netlist's .tran tstart). */
  readonly outputFrom?: number;
}


/** Builders of the family's model, for the options the simulation is run with (compile.ts caches them). */
export interface ModelBuilds {
  readonly linear?: () => BuiltModel;
  readonly nonlinear?: (secantWidth: number | undefined) => NonlinearBuild;
  readonly timeVarying?: () => TimeVaryingBuild;
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
function prepareNonlinear(
  desc: SystemDescription,
  opts: SimulateCommandOptions,
  model: ModelOptions,
  given: Record<string, number>,
  secantWidth: number | undefined,
  marked: boolean,
  built?: NonlinearBuild,
  afterJacobian?: () => void,
): Prepared {
  let initial = given;
  if (model.stateChoice === 'b2') refuseLaws(desc, '--state-choice', 'the states of a nonlinear model are the variables its laws are written in');
  if (model.formulation === 'masd') refuseLaws(desc, '--formulation', "MASD's closed form is linear");
  const build = built ?? opts.builds?.nonlinear?.(secantWidth) ?? buildNonlinear(desc, { secantWidth });
  // every use of the Jacobian (end time, operating point, solver) reports to afterJacobian, thrown or not
  const own = build.model;
  const watched: NonlinearModel = afterJacobian
    ? withJacobian(own, (t, x, u, du) => {
        try {
          return own.jacobian!(t, x, u, du);
        } finally {
          afterJacobian();
        }
      })
    : own;
  const inputs = inputSignals(desc, watched.inputNames, opts.inputs, opts.note);
  if (opts.netlistStart !== undefined) {
    const u0 = Object.fromEntries(watched.inputNames.map((name) => [name, engineSignal(inputs[name], name).value(0, true)]));
    initial = { ...nonlinearNetlistStart(watched, u0, opts.netlistStart, opts.note), ...initial };
  }
  const inner = watched;
  if (marked) {
    const sim = withJacobian(inner, (t, x, u, du) => marking(() => inner.jacobian!(t, x, u, du)));
    return { sim, inputs, initial, suggested: () => marking(() => nonlinearEndTime(inner, inputs, initial)), why: 'from the slowest eigenvalue of ∂f/∂x at the initial state' };
  }
  let why = 'from the slowest eigenvalue of ∂f/∂x at the initial state';
  const suggested = () => {
    try {
      return nonlinearEndTime(inner, inputs, initial);
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
  const build = opts.builds?.timeVarying?.() ?? buildTimeVarying(desc, { form: opts.form, storageLaw: opts.storageLaw, math: opts.math });
  const sim = build.model;
  const inputs = inputSignals(desc, sim.inputNames, opts.inputs, opts.note);
  const u0 = sim.inputNames.map((name) => engineSignal(inputs[name], name).value(0));
  const initial = initialState(build.tv, given, 0, u0, opts.note);
  return { sim, inputs, initial, suggested: () => suggestEndTime(build.tv.at(0).A), why: 'from the slowest eigenvalue of A(0)' };
}

function prepareLinear(desc: SystemDescription, opts: SimulateCommandOptions, model: ModelOptions, given: Record<string, number>): Prepared {
  const built = opts.builds?.linear?.() ?? buildModel(desc, { ...model, symbolic: false });
  const ss = built.numeric as StateSpace<number[][]>;
  const inputs = inputSignals(desc, ss.inputs, opts.inputs, opts.note);
  let initial = given;
  if (opts.netlistStart !== undefined) {
    // The sources just before the transient (u(0⁻)): a netlist's waveforms at t = 0 as SPICE takes them, and a
    // --input step(…) at t = 0 still a step from rest.
    const u0 = Object.fromEntries(ss.inputs.map((name) => [name, engineSignal(inputs[name], name).value(0, true)]));
    // states left out start at 0 in simulate(): a network at rest passes no names at all
    const start = netlistInitialState({ desc, ss, structure: built.structure, u0, start: opts.netlistStart, note: opts.note, omitZeros: true });
    initial = Object.keys(given).length === 0 ? start : { ...start, ...given };
  }
  return { sim: toSimulationModel(ss, built.structure) as LinearModel, inputs, initial, suggested: () => (ss.backend === 'sparse' ? 1 : suggestEndTime(ss.A)), why: 'from the slowest eigenvalue' };
}

function integrate(p: Prepared, opts: SimulateCommandOptions): SimulationRun {
  const tEnd = opts.tEnd ?? p.suggested();
  if (opts.tEnd === undefined) opts.note?.(`t-end = ${tEnd} s (${p.why}; set it with --t-end)`);
  const result = simulate(p.sim, {
    tEnd,
    inputs: engineSignals(p.inputs),
    initial: p.initial,
    solver: (opts.solver ?? 'auto') as never,
    rtol: opts.rtol,
    atol: opts.atol,
    dt: opts.dt,
    samples: opts.samples,
    ...(opts.maxSteps !== undefined ? { maxSteps: opts.maxSteps } : {}),
    record: recordFor(p.sim, opts.record, opts.note),
    onProgress: opts.onProgress,
  });
  for (const line of result.notes) opts.note?.(line);
  return { result: opts.outputFrom !== undefined ? traceFrom(result, opts.outputFrom) : result, tEnd, inputs: p.inputs };
}

/**
 * A model that is not built from a description (an equation set's, compile-equations.ts) integrated for the given
 * inputs (default step(1) each): the end time from the slowest eigenvalue of A, or of ∂f/∂x at the initial state.
 */
export function runModelSimulation(sim: SimulationModel, opts: SimulateCommandOptions): SimulationRun {
  checkSolver(opts.solver);
  const initial = initialValues(opts.initial);
  const inputs = equationSignals(sim.inputNames, opts.inputs);
  let why = sim.kind === 'linear' ? 'from the slowest eigenvalue' : 'from the slowest eigenvalue of ∂f/∂x at the initial state';
  const suggested = () => {
    if (sim.kind === 'linear') return suggestEndTime(sim.A as number[][]);
    try {
      return nonlinearEndTime(sim, inputs, initial);
    } catch (e) {
      if (!isSysgraphError(e)) throw e;
      why = `${e.message}: no time constant at the initial state`;
      return DEFAULT_END_TIME;
    }
  };
  return integrate({ sim, inputs, initial, suggested, get why() { return why; } }, opts);
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
  // Up front: the network model runs with the secant width, which it uses only where a law's derivative is not
  // finite (an orifice sqrt(|Δp|) at zero flow, often the initial state) — exact Jacobians everywhere else, so the same
  // run as without it; the first secant is said in a note and in the result. No failing first attempt, no second
  // build: the one build (a compiled model's cached one) gets the width for this run and loses it after. The symbolic
  // fallback keeps the attempt without secants and the retry.
  const build = opts.builds?.nonlinear?.(undefined) ?? buildNonlinear(desc, {});
  const { secantUse, setSecantWidth } = build;
  if (secantUse && setSecantWidth) {
    let said = false;
    const tell = () => {
      if (said) return;
      const use = secantUse();
      if (use === undefined) return;
      said = true;
      once.note?.(`${use}: secants of width ${SECANT_WIDTH} in the Jacobians there (f unchanged; set the width with --secant-width)`);
    };
    setSecantWidth(SECANT_WIDTH);
    try {
      const run = integrate(prepareNonlinear(desc, once, model, initial, SECANT_WIDTH, false, build, tell), once);
      tell();
      return said ? { ...run, secantWidth: SECANT_WIDTH } : run;
    } finally {
      setSecantWidth(undefined);
    }
  }
  try {
    return integrate(prepareNonlinear(desc, once, model, initial, undefined, true, build), once);
  } catch (thrown) {
    // A law not differentiable where a Jacobian was asked for (an orifice sqrt(|Δp|) at zero flow): again with
    // a secant of the law in the Jacobians (f stays exact), and say so. Only NotDifferentiable is retried; the
    // retry raises typed errors only (its Jacobians' 'bad-law' goes to the simulator, not through marking).
    if (!(thrown instanceof NotDifferentiable)) throw thrown;
    once.note?.(`${thrown.error.message}: simulating again with secants of width ${SECANT_WIDTH} in the Jacobians (f unchanged; set the width with --secant-width)`);
    return { ...integrate(prepareNonlinear(desc, once, model, initial, SECANT_WIDTH, false), once), secantWidth: SECANT_WIDTH };
  }
}

