/**
 * simulate(model, options): integrate a LinearModel (in x̃ = x − Bd u, formulation.md §5.3) or a NonlinearModel
 * over [tStart, tEnd] and return the Trace of t, the physical states x = x̃ + Bd u and the outputs
 * y = C x̃ + D u + F u'. The span is cut at the inputs' breakpoints; each piece is integrated separately and its
 * end evaluated from the left, so no step straddles a jump (x̃ is continuous; x and y may jump).
 */
import { SysgraphError } from '@sysgraph/core';
import type { NonlinearModel, SimulationModel } from './model';
import type { SimulateOptions } from './options';
import type { Signal } from './signals/signal';
import type { SolverName, DenseOutput } from './solvers/solver';
import type { SolverStats } from './stats';
import type { Trace } from './trace';
import type { OdeProblem } from './problem/ode-problem';
import type { LinearParts } from './problem/linear-problem';
import { outputStateRows } from './output-rows';
import { validateOptions } from './options';
import { emptyStats } from './stats';
import { TraceBuilder } from './trace';
import { parseSignal } from './signals/parse-signal';
import { constant } from './signals/constant';
import { createRestrictedParser } from './signals/restricted-math';
import { createInputVector } from './problem/input-vector';
import { createLinearProblem, linearParts } from './problem/linear-problem';
import { createNonlinearProblem } from './problem/nonlinear-problem';
import { chooseSolver } from './choose-solver';
import { solverEntry } from './solvers/registry';
import { JacobianUnavailable } from './problem/jacobian-unavailable';
import { StiffnessDetected } from './solvers/stiffness-detected';
import { guardTolerance } from './guard/oscillation-guard';
import { CALLER_CONTEXT } from './guard/refusal-advice';
import type { AdviceContext } from './guard/refusal-advice';

/** The solvers auto may pick that stop with a typed refusal when they cannot meet the tolerance. */
const EXPONENTIAL: readonly SolverName[] = ['krylov', 'chebyshev', 'exact'];

export interface SimulationResult extends Trace {
  readonly stats: SolverStats;
  /** The solver that finished the run (dopri5 when an automatically chosen stiff solver found no Jacobian). */
  readonly solver: SolverName;
  /** Why that solver, followed by the notes. */
  readonly solverReason: string;
  /** What the run did that the caller should know: a Jacobian replaced by differences, a solver switched. */
  readonly notes: readonly string[];
}

export function simulate(model: SimulationModel, options: SimulateOptions): SimulationResult {
  return run(model, options, CALLER_CONTEXT);
}

/** One run; `context` is auto's when it runs a fallback (what refused already, for the refusals' advice). */
function run(model: SimulationModel, options: SimulateOptions, context: AdviceContext): SimulationResult {
  const opts = validateOptions(options);
  const signals = resolveInputs(model, options.inputs ?? {});
  const inputs = createInputVector(model.inputNames, signals);
  const stats = emptyStats();
  // the static solver's counters at the start: the run reports its own share
  const staticStart = model.kind === 'nonlinear' ? model.staticWork?.() : undefined;
  const parts = model.kind === 'linear' ? linearParts(model) : undefined;
  const problem: OdeProblem =
    model.kind === 'linear' ? createLinearProblem(parts!, inputs, stats) : createNonlinearProblem(model, inputs, stats);
  const n = problem.n;
  const m = model.inputNames.length;
  const u = new Float64Array(m);
  const du = new Float64Array(m);

  // x̃(tStart) = x(tStart) − Bd u(tStart)
  const z = initialState(model, options.initial ?? {});
  if (parts) {
    inputs.evaluate(opts.tStart, false, u, du);
    parts.Bd.mulVecAdd(u, z, -1);
  }

  const choice =
    opts.solver === 'auto'
      ? chooseSolver(problem, z, opts.tStart, opts.tEnd)
      : { solver: opts.solver, reason: `requested by the caller` };
  const entry = solverEntry(choice.solver);
  if (entry.linearOnly && model.kind !== 'linear') {
    throw new SysgraphError('bad-option', `solver ${choice.solver} needs a linear model`, {
      field: 'solver',
      expected: 'a solver for nonlinear models: euler, rk4, dopri5, stiff or auto',
    });
  }
  // rows: t, x (n), y (p), restricted to the recorded columns
  const p = model.outputNames.length;
  // column k: 0 is t, 1 … n the states, n + 1 … n + p the outputs (looked up per kept column, not listed)
  const nameOf = (k: number) => (k === 0 ? 't' : k <= n ? model.stateNames[k - 1] : model.outputNames[k - 1 - n]);
  const unitOf = (k: number) => (k === 0 ? 's' : ((k <= n ? model.stateUnits?.[k - 1] : model.outputUnits?.[k - 1 - n]) ?? ''));
  const keep = recordedColumns(model.stateNames, model.outputNames, options.record);
  const trace = new TraceBuilder(keep.map(nameOf), keep.map(unitOf), opts.samples ?? 256);
  // a few recorded states, or outputs that read a few states: the dense output need not form the whole state
  const recordedStates = keep.filter((k) => k >= 1 && k <= n).map((k) => k - 1);
  const outputsRecorded = keep.some((k) => k > n);
  const recordedOutputs = keep.filter((k) => k > n).map((k) => k - 1 - n);
  const rows = !outputsRecorded
    ? recordedStates.length < n / 2
      ? Int32Array.from(recordedStates)
      : undefined
    : parts
      ? outputStateRows(parts.C, n, recordedStates, recordedOutputs)
      : nonlinearOutputRows(model as NonlinearModel, n, recordedStates);
  // the global-error guard (guard/oscillation-guard.ts): tighter tolerances for stiff or krylov on a weakly damped
  // oscillatory model, or a typed refusal; auto's exponential choice refused here falls back like any refusal
  const span = opts.tEnd - opts.tStart;
  let guard: ReturnType<typeof guardTolerance>;
  try {
    const advice = { withinAuto: context.withinAuto || opts.solver === 'auto', refused: context.refused };
    guard = guardTolerance(problem, choice.solver, opts.rtol, opts.atol, span, { maxSteps: opts.maxSteps, start: { t: opts.tStart, z } }, advice);
  } catch (e) {
    // dopri5 (auto's choice for a non-stiff model whose inputs the exponential solvers do not take) falls back too
    if (opts.solver === 'auto' && (EXPONENTIAL.includes(choice.solver) || choice.solver === 'dopri5') && e instanceof SysgraphError && e.code === 'tolerance-not-met') {
      return fallBack(model, options, `${choice.reason}; ${choice.solver} refused (${e.message})`, choice.solver, context);
    }
    throw e;
  }
  // auto's dopri5 on a nonlinear model watches for stiffness that develops along the trajectory (a diode turning
  // on, an orifice near zero flow): the stiff solver takes over where dopri5's stiffness test fires
  const stiffnessCheck = opts.solver === 'auto' && choice.solver === 'dopri5' && !problem.linear && problem.updateJacobian !== undefined;
  const settings = { ...opts, rtol: guard?.rtol ?? opts.rtol, atol: guard?.atol ?? opts.atol, outputRows: rows, stiffnessCheck };
  let solver = entry.create(problem, settings);
  let solverName = choice.solver;
  const notes: string[] = guard?.note ? [guard.note] : [];

  const row = new Float64Array(n + p);
  const picked = new Float64Array(keep.length - 1);
  // recorded states only and x = x̃ (Bd = 0): the row is picked from x̃ directly, O(recorded) instead of O(n + p)
  const direct = parts !== undefined && parts.Bd.isZero && !outputsRecorded;
  const emit = (t: number, zt: Float64Array, fromLeft: boolean) => {
    if (direct) for (let k = 1; k < keep.length; k++) picked[k - 1] = zt[keep[k] - 1];
    else {
      physicalRow(model, parts, t, zt, fromLeft, inputs, u, du, row);
      for (let k = 1; k < keep.length; k++) picked[k - 1] = row[keep[k] - 1];
    }
    trace.push(t, picked);
  };

  // output times: samples evenly spaced (evaluated from dense output) or every accepted step
  const samples = opts.samples;
  const sampleTime = (k: number) => (k === samples! - 1 ? opts.tEnd : opts.tStart + (span * k) / (samples! - 1));
  let nextSample = 0;
  const zs = new Float64Array(n);
  let lastProgress = 0;
  // the end of the last accepted step: where a switched solver resumes (z holds the state there)
  let reached = opts.tStart;
  const sinkFor = (segmentEnd: number, interior: boolean) => (_tOld: number, tNew: number, zNew: Float64Array, dense: DenseOutput) => {
    reached = tNew;
    if (samples !== undefined) {
      while (nextSample < samples && sampleTime(nextSample) <= tNew) {
        const ts = sampleTime(nextSample++);
        if (ts === tNew) emit(ts, zNew, false);
        else {
          dense.evaluate(ts, zs, rows);
          emit(ts, zs, false);
        }
      }
    } else {
      // at an interior breakpoint: the left limit here, the right limit when the next piece starts
      emit(tNew, zNew, interior && tNew === segmentEnd);
    }
    if (options.onProgress) {
      const fraction = (tNew - opts.tStart) / span;
      if (fraction - lastProgress >= 0.01 || tNew === opts.tEnd) {
        lastProgress = fraction;
        options.onProgress(fraction);
      }
    }
  };

  const cuts = [opts.tStart, ...inputs.breakpointsIn(opts.tStart, opts.tEnd), opts.tEnd];
  if (samples !== undefined) {
    emit(opts.tStart, z, false);
    nextSample = 1;
  } else emit(opts.tStart, z, false);
  try {
    for (let s = 0; s + 1 < cuts.length; s++) {
      const t0 = cuts[s];
      const t1 = cuts[s + 1];
      const interior = t1 < opts.tEnd;
      if (s > 0 && samples === undefined && inputsJump(inputs, t0, m)) emit(t0, z, false);
      problem.segmentEnd = t1;
      reached = t0;
      try {
        solver.integrate(t0, t1, z, sinkFor(t1, interior));
      } catch (e) {
        if (e instanceof StiffnessDetected) {
          // once per run: the stiff solver continues from the end of dopri5's last step (z holds the state there)
          notes.push(`${e.message}: switched from dopri5 to the stiff solver at t = ${reached}`);
          solverName = 'stiff';
          solver = solverEntry('stiff').create(problem, { ...settings, stiffnessCheck: false });
          if (reached < t1) solver.integrate(reached, t1, z, sinkFor(t1, interior));
          continue;
        }
        // No Jacobian and no one-sided difference at this state: an automatically chosen stiff solver gives way to
        // dopri5 (no Jacobian needed) from the last accepted step; a solver the caller asked for reports the state.
        if (!(e instanceof JacobianUnavailable) || opts.solver !== 'auto' || solverName === 'dopri5') throw e;
        notes.push(`${e.message}: switched from ${solverName} to dopri5 (needs no Jacobian) at t = ${reached}`);
        solverName = 'dopri5';
        solver = solverEntry('dopri5').create(problem, settings);
        if (reached < t1) solver.integrate(reached, t1, z, sinkFor(t1, interior));
      }
    }
  } catch (e) {
    // auto's exponential solver could not meet the tolerance, or met a singular matrix (the dense LU's
    // 'singular-matrix'), or failed otherwise: the whole run again, by the fallback order
    if (opts.solver === 'auto' && EXPONENTIAL.includes(choice.solver) && e instanceof SysgraphError && (e.code === 'solver-failure' || e.code === 'singular-matrix' || e.code === 'tolerance-not-met')) {
      return fallBack(model, options, `${choice.reason}; ${choice.solver} refused (${e.message})`, choice.solver, context);
    }
    throw e;
  }
  while (samples !== undefined && nextSample < samples) emit(sampleTime(nextSample++), z, false);

  if (staticStart && model.kind === 'nonlinear') {
    const end = model.staticWork!();
    stats.staticNewtonIterations = end.newtonIterations - staticStart.newtonIterations;
    stats.lawInversions = end.lawInversions - staticStart.lawInversions;
  }
  const all = [...(problem.notes ?? []), ...notes];
  const solverReason = all.length > 0 ? `${choice.reason}; ${all.join('; ')}` : choice.reason;
  return { ...trace.build(), stats, solver: solverName, solverReason, notes: all };
}

/**
 * auto's exponential solver refused: Chebyshev's refusals (rounding in its series on a damped spectrum, a spectrum
 * outside its ellipse) are not Krylov's, so Krylov comes next; then Rodas4. Rodas4 controls the local error only: on a
 * lightly damped oscillatory network its global error grows with the radians the fastest mode turns (measured 48× the
 * bound on a mass chain of 1000 states at rtol 1e-10), so the exponential solvers are tried first, and Krylov and
 * Rodas4 run under the global-error guard (guard/oscillation-guard.ts): tightened tolerances, or a refusal
 * ('tolerance-not-met') before any step. auto never returns the trace of a solver the guard refused; when every
 * solver refuses, the error lists each refusal, and its advice names neither auto nor a solver that refused.
 */
function fallBack(model: SimulationModel, options: SimulateOptions, why: string, refused: SolverName, context: AdviceContext): SimulationResult {
  const tried: SolverName[] = [...context.refused, refused];
  const refusable = (e: unknown) => e instanceof SysgraphError && (e.code === 'solver-failure' || e.code === 'tolerance-not-met');
  const withNotes = (r: SimulationResult, head: string) => ({ ...r, solverReason: r.notes.length > 0 ? `${head}; ${r.notes.join('; ')}` : head });
  if (refused === 'chebyshev' || refused === 'exact') {
    try {
      const krylov = run(model, { ...options, solver: 'krylov' }, { withinAuto: true, refused: [...tried] });
      return withNotes(krylov, `${why}: fell back to krylov (shift-and-invert Krylov exponential, its error estimated per step)`);
    } catch (e) {
      if (!refusable(e)) throw e;
      why = `${why}; krylov refused (${(e as Error).message})`;
      tried.push('krylov');
    }
  }
  try {
    const stiff = run(model, { ...options, solver: 'stiff' }, { withinAuto: true, refused: [...tried] });
    return withNotes(stiff, `${why}: fell back to stiff (Rodas4 with the sparse LU: L-stable, its error controlled per component, any linear model)`);
  } catch (e) {
    if (!(e instanceof SysgraphError && e.code === 'tolerance-not-met')) throw e;
    throw new SysgraphError('tolerance-not-met', `solver auto: no solver can meet the tolerance on this model: ${why}; stiff refused (${e.message})`, {
      element: 'auto',
      field: 'rtol',
      expected: e.expected ?? 'a looser rtol or a shorter span',
    });
  }
}

/** One Signal per model input, in model order; missing ones are 0, unknown names are errors. */
function resolveInputs(model: SimulationModel, given: Readonly<Record<string, Signal | string>>): Signal[] {
  if (typeof given !== 'object' || given === null) {
    throw new SysgraphError('bad-option', 'option inputs: expected an object of signals by input name', {
      field: 'inputs',
      expected: 'an object of signals by input name',
    });
  }
  for (const name of Object.keys(given)) {
    if (!model.inputNames.includes(name)) {
      throw new SysgraphError('bad-option', `unknown input ${name}`, {
        element: name,
        field: 'inputs',
        expected: `one of the model inputs: ${model.inputNames.join(', ') || '(none)'}`,
      });
    }
  }
  // The restricted parser is built only when a signal arrives as text (building it costs milliseconds).
  let parser: ReturnType<typeof createRestrictedParser> | undefined;
  return model.inputNames.map((name) => {
    if (!Object.prototype.hasOwnProperty.call(given, name)) return constant(0, name);
    const s = given[name];
    if (typeof s === 'string') return parseSignal(s, name, (parser ??= createRestrictedParser()));
    if (typeof s === 'number') return constant(s, name);
    if (typeof s === 'object' && s !== null && typeof s.value === 'function' && typeof s.derivative === 'function') return s;
    throw new SysgraphError('bad-signal', `input ${name}: expected a signal or its text`, {
      element: name,
      field: 'inputs',
      expected: 'a Signal or a string such as step(1)',
    });
  });
}

/**
 * The initial state from its values by name. The names are looked up in a Map made once (first occurrence, as
 * indexOf): a netlist's DC operating point gives every state by name, and indexOf per name was O(N²) — 10⁸ string
 * comparisons, ≈ 0.2 s, for the 10⁴-section ladder.
 */
function initialState(model: SimulationModel, initial: Readonly<Record<string, number>>): Float64Array {
  const z = new Float64Array(model.stateNames.length);
  const entries = Object.entries(initial);
  if (entries.length === 0) return z;
  const index = new Map<string, number>();
  model.stateNames.forEach((name, k) => {
    if (!index.has(name)) index.set(name, k);
  });
  for (const [name, value] of entries) {
    const k = index.get(name) ?? -1;
    if (k < 0) {
      throw new SysgraphError('bad-option', `unknown state ${name} in initial`, {
        element: name,
        field: 'initial',
        expected: `one of the states: ${model.stateNames.join(', ') || '(none)'}`,
      });
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new SysgraphError('bad-option', `initial value of ${name} is not a finite number`, {
        element: name,
        field: 'initial',
        expected: 'a finite number',
      });
    }
    z[k] = value;
  }
  return z;
}

/** x = x̃ + Bd u, y = C x̃ + D u + F u' (linear); x, y = g(t, x, u, u') (nonlinear). */
function physicalRow(
  model: SimulationModel,
  parts: LinearParts | undefined,
  t: number,
  z: Float64Array,
  fromLeft: boolean,
  inputs: ReturnType<typeof createInputVector>,
  u: Float64Array,
  du: Float64Array,
  row: Float64Array,
): void {
  inputs.evaluate(t, fromLeft, u, du);
  const n = z.length;
  const x = row.subarray(0, n);
  const y = row.subarray(n);
  x.set(z);
  if (parts) {
    if (!parts.Bd.isZero) parts.Bd.mulVecAdd(u, x);
    if (y.length > 0) {
      parts.C.mulVec(z, y);
      parts.D.mulVecAdd(u, y);
      if (!parts.F.isZero) parts.F.mulVecAdd(du, y);
    }
  } else if (y.length > 0) {
    (model as NonlinearModel).g(t, x, u, du, y);
  }
}

/** A nonlinear model's rows for the samples: the recorded states and the states its g reads, when fewer than half. */
function nonlinearOutputRows(model: NonlinearModel, n: number, recordedStates: readonly number[]): Int32Array | undefined {
  const read = model.outputStates?.();
  if (!read) return undefined;
  const rows = Array.from(new Set([...recordedStates, ...read])).sort((a, b) => a - b);
  return rows.length < n / 2 ? Int32Array.from(rows) : undefined;
}

function inputsJump(inputs: ReturnType<typeof createInputVector>, t: number, m: number): boolean {
  for (let k = 0; k < m; k++) {
    const s = inputs.signals[k];
    if (s.value(t, true) !== s.value(t) || s.derivative(t, true) !== s.derivative(t)) return true;
  }
  return false;
}

/** Columns 0 (t), 1 + state index, 1 + n + output index of the recorded names (all when `record` is absent). */
function recordedColumns(states: readonly string[], outputs: readonly string[], record: readonly string[] | undefined): number[] {
  const n = states.length;
  if (record === undefined) return Array.from({ length: 1 + n + outputs.length }, (_, k) => k);
  const keep = [0];
  for (const name of record) {
    const s = name === 't' ? -1 : states.indexOf(name);
    const o = name === 't' || s >= 0 ? -1 : outputs.indexOf(name);
    const k = s >= 0 ? 1 + s : o >= 0 ? 1 + n + o : 0;
    if (k <= 0) {
      throw new SysgraphError('bad-option', `record: unknown state or output ${name}`, {
        element: name,
        field: 'record',
        expected: 'names of states or outputs',
      });
    }
    if (!keep.includes(k)) keep.push(k);
  }
  return keep.sort((a, b) => a - b);
}
