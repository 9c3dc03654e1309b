/**
 * sysgraph compare --linear-vs-nonlinear: a description with laws, at an operating point (x*, u0) and in
 * simulation from it (formulation.md section 12, "Jacobian for linearisation"):
 *   - the linearisation of the nonlinear model, A = ∂f/∂x, B = ∂f/∂u, C = ∂g/∂x, D = ∂g/∂u at (x*, u0, t0),
 *     against the linear model of the same description with every law replaced by its incremental value
 *     there (the linear formulation, an independent path): their states may differ (λ_L against i_L), so
 *     they are compared by what does not depend on the states, the poles and H(s) at test points;
 *   - both simulated for the same inputs u0 + δu(t) from the operating point: the nonlinear model from x*,
 *     the linear one in deviations and reported as x* + δx, y* + δy; the largest difference of every output
 *     (and of every state both have).
 */
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, numericBackend } from '@sysgraph/formulation';
import type { Dense, Linearisation, StateSpace } from '@sysgraph/formulation';
import type { Complex, NumericModel } from '@sysgraph/analysis';
import { toSimulationModel } from '../linear/to-simulation-model';
import { requireLaws } from '../nonlinear/law-elements';
import { buildNonlinear } from '../nonlinear/build-nonlinear';
import { operatingPoint } from '../nonlinear/operating-point';
import { operatingInputs, parseNumbers } from '../nonlinear/operating-inputs';
import { poleDistance, sortedPoles, transferDistance } from './model-invariants';
import { columnPairs, compareTraces } from './compare-traces';
import { inputSignals } from '../simulation/simulate-options';
import { suggestEndTime } from '../end-time';
import type { OperatingPoint } from '../nonlinear/operating-point';
import type { CompareRunOptions, TraceDifference } from './compare-traces';
import { simulate } from '@sysgraph/simulate';
import { engineSignal } from '../simulation/engine-signals';
import type { Signal, SimulationResult, Trace } from '@sysgraph/simulate';

/** --signal NAME=SIGNAL here is δu(t), the deviation from u0 (default: see deviationSignals). */
export interface LinearVsNonlinearOptions extends CompareRunOptions {
  /** --input NAME=VALUE: the constant inputs u0 of the operating point (default 0). */
  readonly inputs?: readonly string[];
  /** --guess STATE=VALUE: Newton's start. */
  readonly guess?: readonly string[];
  /** --time T: t0 of the operating point, where the simulation starts. */
  readonly time?: number;
}

export interface LinearVsNonlinear {
  readonly name: string;
  readonly title: string;
  readonly point: OperatingPoint;
  readonly linear: StateSpace<Dense<number>>;
  readonly poles: { readonly linearised: readonly Complex[]; readonly linear: readonly Complex[] };
  readonly difference: { readonly poles: number; readonly transfer: number };
  readonly simulation: {
    readonly tStart: number;
    readonly tEnd: number;
    readonly deviations: Readonly<Record<string, string>>;
    readonly nonlinear: SimulationResult;
    /** The linear model's trace at the operating point: x* + δx (states the nonlinear model has), y* + δy. */
    readonly linear: Trace;
    readonly linearSolver: string;
    readonly differences: readonly TraceDifference[];
  };
}

/** δu: --signal where given; else a 10 % step of u0 where u0 ≠ 0, else simulate's default (the source's constant or step(1)). */
function deviationSignals(desc: SystemDescription, u0: Readonly<Record<string, number>>, list: readonly string[] | undefined, note?: (line: string) => void): Record<string, string> {
  const names = Object.keys(u0);
  const atRest = names.filter((n) => u0[n] === 0);
  const given = new Set((list ?? []).map((s) => s.slice(0, Math.max(0, s.indexOf('='))).trim()));
  const out = inputSignals(desc, names, [...(list ?? []), ...names.filter((n) => !atRest.includes(n) && !given.has(n)).map((n) => `${n}=step(${Number((0.1 * u0[n]).toPrecision(12))})`)], undefined, '--signal');
  for (const n of names) if (!given.has(n)) note?.(`signal ${n} = ${u0[n]} + ${out[n]} (default; set the deviation with --signal ${n}=SIGNAL)`);
  return out;
}

/** u0 + δu(t) as a Signal (same breakpoints and derivative). */
function shifted(u0: number, delta: Signal): Signal {
  if (u0 === 0) return delta;
  return { kind: delta.kind, value: (t, left) => u0 + delta.value(t, left), derivative: (t, left) => delta.derivative(t, left), breakpoints: delta.breakpoints, text: `${u0} + ${delta.text}` };
}

const numeric = (ss: StateSpace<Dense<number>>): NumericModel => ({ A: ss.A, B: ss.B, C: ss.C, D: ss.D, E: ss.E });
const ofLinearisation = (lin: Linearisation): NumericModel => ({ A: lin.A, B: lin.B, C: lin.C, D: lin.D, E: lin.C.map(() => lin.inputs.map(() => 0)) });

export function linearVsNonlinear(desc: SystemDescription, opts: LinearVsNonlinearOptions = {}): LinearVsNonlinear {
  requireLaws(desc, '--linear-vs-nonlinear');
  const build = buildNonlinear(desc, { probes: true });
  const inputNames = build.result.system.inputs;
  const u0 = operatingInputs(opts.inputs, inputNames, opts.note);
  const guess = parseNumbers(opts.guess, '--guess', build.result.system.states.map((x) => x.name), 'state');
  const deviations = deviationSignals(desc, u0, opts.signals, opts.note);
  const at = operatingPoint(desc, { inputs: u0, guess, time: opts.time }, build);
  const l = at.linearisation;
  if (at.timeVarying.length > 0) {
    opts.note?.(`laws of ${at.timeVarying.join(', ')} depend on t: the linear model is frozen at t = ${l.t} and omits their ∂/∂t terms, so it differs from the linearisation`);
  }
  const structure = analyzeStructure(at.linear);
  const ss = formulate(structure, numericBackend(at.linear.parameters)) as StateSpace<Dense<number>>;
  const poles = { linearised: sortedPoles(l.A), linear: sortedPoles(ss.A) };
  const difference = { poles: poleDistance(poles.linearised, poles.linear), transfer: transferDistance(ofLinearisation(l), numeric(ss)) };

  // Simulation from the operating point, both on one grid.
  const tStart = l.t;
  const span = opts.tEnd ?? suggestEndTime(l.A);
  if (opts.tEnd === undefined) opts.note?.(`t-end = ${span} s after the operating point (from the slowest eigenvalue of the linearisation; set it with --t-end)`);
  const samples = opts.samples ?? 401;
  const common = { tStart, tEnd: tStart + span, samples, rtol: opts.rtol, atol: opts.atol };
  const delta = Object.fromEntries(inputNames.map((n) => [n, engineSignal(deviations[n], n)]));
  const nonlinear = simulate(at.build.model, {
    ...common,
    inputs: Object.fromEntries(inputNames.map((n) => [n, shifted(u0[n], delta[n])])),
    initial: Object.fromEntries(l.states.map((s, k) => [s, l.x[k]])),
  });
  const linearRun = simulate(toSimulationModel(ss, structure), { ...common, inputs: delta });
  const n = ss.states.length;
  const shift = linearRun.names.map((name, j) => {
    if (j === 0) return 0;
    if (j > n) return l.y[l.outputs.indexOf(name)] ?? 0;
    const k = l.states.indexOf(name);
    return k >= 0 ? l.x[k] : 0;
  });
  // Linear states the nonlinear model does not have (i_L where it has λ_L) stay deviations: they are not compared.
  const linear: Trace = { names: linearRun.names, units: linearRun.units, columns: linearRun.columns.map((c, j) => (shift[j] === 0 ? c : c.map((v) => v + shift[j]))) };
  const differences = compareTraces(nonlinear, linear, columnPairs(nonlinear, l.states.length, linear, n));
  return {
    name: desc.name,
    title: desc.title ?? desc.name,
    point: at,
    linear: ss,
    poles,
    difference,
    simulation: { tStart, tEnd: tStart + span, deviations, nonlinear, linear, linearSolver: linearRun.solver, differences },
  };
}
