/**
 * inputInfo / simulateTrace: the inputs of a model as the page shows them (default signal, unit) and one
 * simulation of a model with the page's settings, as a TraceView (columnar Float64Array, transferred to the page):
 * simulateTrace of a given simulation model, engineTrace of a compiled model through the engine's simulate.
 */
import { DOMAIN_VARIABLES } from '@sysgraph/core';
import { evaluateExpression } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import { simulate as simulateCompiled } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import { parseSignal, simulate } from '@sysgraph/simulate';
import type { RestrictedParser, Signal, SimulateOptions, SimulationModel, SimulationResult } from '@sysgraph/simulate';
import { toErrorInfo } from './error-info';
import type { InputInfo, RunAnswer, TraceView } from './protocol';
import type { Settings } from './settings';

/** Each input with its default signal (step(value) for a source with a constant) and unit. */
export function inputInfo(s: Structure, inputs: readonly string[]): InputInfo[] {
  const desc = s.description;
  return inputs.map((name) => {
    const source = desc.sources.find((x) => x.input === name && x.constant !== undefined);
    let defaultSignal = 'step(1)';
    if (source?.constant) {
      try {
        const v = evaluateExpression(source.constant, desc.parameters);
        if (Number.isFinite(v)) defaultSignal = `step(${v})`;
      } catch {
        // a constant of a parameter without a value: keep step(1)
      }
    }
    const u = s.partition.inputs.find((x) => x.name === name);
    const domain = u && u.sources.length > 0 ? DOMAIN_VARIABLES[s.graph.branches[u.sources[0]].domain] : undefined;
    const unit = domain ? (u!.variable === 'across' ? domain.acrossUnit : domain.throughUnit) : '';
    return { name, defaultSignal, unit };
  });
}

export function simulateTrace(ctx: { readonly signals: RestrictedParser }, model: SimulationModel, settings: Settings, inputs: readonly InputInfo[], tEnd: number, initial?: Readonly<Record<string, number>>): TraceView {
  const signals: Record<string, Signal> = {};
  for (const u of inputs) signals[u.name] = parseSignal(settings.signals[u.name] ?? u.defaultSignal, u.name, ctx.signals);
  const options: SimulateOptions = { tEnd, inputs: signals, samples: settings.samples, solver: settings.solver as SimulateOptions['solver'], ...(initial ? { initial } : {}) };
  const r = simulate(model, options);
  return traceView(r, model.stateNames.length);
}

/** One simulation of a compiled model by the engine (its family's model, the secant retry, the solver's choice). */
export function engineTrace(model: CompiledModel, settings: Settings, inputs: readonly InputInfo[], tEnd: number, initial?: Readonly<Record<string, number>>): TraceView {
  const signals = Object.fromEntries(inputs.map((u) => [u.name, settings.signals[u.name] ?? u.defaultSignal]));
  const run = simulateCompiled(model, { tEnd, signals, samples: settings.samples, solver: settings.solver, netlistDefaults: false, ...(initial ? { initial } : {}) });
  const r = run.result;
  return traceView(r, model.stateNames.length);
}

/** A simulation's result as the page shows it: n states, then the outputs. */
export function traceView(r: SimulationResult, n: number): TraceView {
  return {
    names: r.names,
    units: r.units,
    roles: r.names.slice(1).map((_, k) => (k < n ? 'state' : 'output')),
    columns: r.columns as Float64Array[],
    solver: r.solver,
    solverReason: r.solverReason,
  };
}

/**
 * The engine's simulation of a compiled model with the settings' signals, over the settings' end time or, when it
 * is null, the engine's own (from the model's slowest mode); a failure is the answer's simulation error, not a throw.
 */
export function engineSimulation(model: CompiledModel, settings: Settings, inputs: readonly InputInfo[]): { tEnd: number; simulation: Extract<RunAnswer, { ok: true }>['simulation'] } {
  let tEnd = settings.tEnd ?? 1;
  try {
    const signals = Object.fromEntries(inputs.map((u) => [u.name, settings.signals[u.name] ?? u.defaultSignal]));
    if (settings.tEnd === null) tEnd = model.endTime(signals).tEnd;
    return { tEnd, simulation: { ok: true, trace: engineTrace(model, settings, inputs, tEnd) } };
  } catch (e) {
    return { tEnd, simulation: { ok: false, errors: toErrorInfo(e, 'simulate') } };
  }
}
