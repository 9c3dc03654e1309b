/**
 * simulate: a compiled model integrated (the engine's entry point for simulation). Its options are by name:
 * signals NAME → SIGNAL text (step(1), sine(1, 50), pwl(…), an expression of t), initial values by state name.
 * A netlist's analysis cards fill what the options leave out (netlist/netlist-options.ts: .tran, .options, .save,
 * waveforms, the DC operating point or uic start). The run itself is runSimulation's: the family's model, the
 * retry with secants when a law is not differentiable where a Jacobian is needed, the default end time, the
 * solver and its reason; every note is collected in `notes` (and passed to `note` as it comes).
 */
import type { CompiledModel } from '../compiled-model';
import { withNetlistOptions } from '../netlist/netlist-options';
import { runModelSimulation, runSimulation } from './run-simulation';
import type { SimulationRun } from './run-simulation';

export interface EngineSimulateOptions {
  /** The end time; absent: the netlist's .tran tstop, else the default end time (end-time.ts). */
  readonly tEnd?: number;
  /** Input signals by name; absent inputs take their default (CompiledModel.defaultSignals). */
  readonly signals?: Readonly<Record<string, string>>;
  /** Initial values by state name (the model's own, or a time-varying model's physical v_C, i_L). */
  readonly initial?: Readonly<Record<string, number>>;
  /** 'auto' (default) or a solver of @sysgraph/simulate's registry. */
  readonly solver?: string;
  readonly rtol?: number;
  readonly atol?: number;
  /** The largest internal step. */
  readonly dt?: number;
  readonly samples?: number;
  /** The solver's step budget over the run (default 10^6 steps); past it a typed 'solver-failure' naming maxSteps. */
  readonly maxSteps?: number;
  /** The states and outputs kept (default all; a netlist's .save probes). */
  readonly record?: readonly string[];
  /** false: ignore a netlist's analysis cards (default true). */
  readonly netlistDefaults?: boolean;
  readonly onProgress?: (fraction: number) => void;
  readonly note?: (line: string) => void;
}

export interface EngineTrace extends SimulationRun {
  /** What the engine chose and why (defaults, end time, start, retries, the solver's notes), in order. */
  readonly notes: readonly string[];
}

const pairs = (o: Readonly<Record<string, string | number>> | undefined) => Object.entries(o ?? {}).map(([k, v]) => `${k}=${v}`);

export function simulateModel(model: CompiledModel, options: EngineSimulateOptions = {}): EngineTrace {
  const notes: string[] = [];
  const note = (line: string) => {
    notes.push(line);
    options.note?.(line);
  };
  const given = { tEnd: options.tEnd, input: pairs(options.signals), record: [...(options.record ?? [])], rtol: options.rtol, atol: options.atol, dt: options.dt, samples: options.samples };
  const o = withNetlistOptions(given, options.netlistDefaults === false ? undefined : model.netlist);
  const m = model.options;
  if (model.family === 'equations') {
    const run = runModelSimulation(model.simulation, { tEnd: o.tEnd, inputs: o.input, initial: pairs(options.initial), solver: options.solver, rtol: o.rtol, atol: o.atol, dt: o.dt, samples: o.samples, maxSteps: options.maxSteps, record: o.record.length > 0 ? o.record : undefined, onProgress: options.onProgress, note });
    return { ...run, notes };
  }
  const run = runSimulation(
    model.description,
    {
      tEnd: o.tEnd,
      inputs: o.input,
      initial: pairs(options.initial),
      solver: options.solver,
      rtol: o.rtol,
      atol: o.atol,
      dt: o.dt,
      samples: o.samples,
      maxSteps: options.maxSteps,
      record: o.record.length > 0 ? o.record : undefined,
      onProgress: options.onProgress,
      note,
      // each family's options only (a compiled model keeps them all; the run refuses those of another family)
      ...(model.family === 'time-varying' ? { form: m.form, storageLaw: m.storageLaw, math: m.math } : {}),
      ...(model.family === 'laws' ? { secantWidth: m.secantWidth } : {}),
      netlistStart: o.netlistStart,
      outputFrom: o.outputFrom,
      builds: {
        linear: model.family === 'linear' ? () => model.linear() : undefined,
        nonlinear: model.family === 'laws' ? (w) => model.nonlinear(w) : undefined,
        timeVarying: model.family === 'time-varying' ? () => model.timeVarying() : undefined,
      },
    },
    model.family === 'linear' ? { stateChoice: m.stateChoice, formulation: m.formulation } : {},
  );
  return { ...run, notes };
}
