/**
 * runLarge: a linear description above LARGE_STATES states — the engine's model with the backend its size
 * asks for (dense, or sparse above 2000 branches), its matrices as nonzero entries (sparse-view.ts), the
 * engine's simulation (its solver choice: the exact or Krylov exponential for large LTI networks) recording the
 * outputs and the first RECORDED_STATES states, and no comparison of formulations (their dense invariants cost
 * O(n³) and say little at this size). What the page does with it: sparsity pictures, a searchable table of
 * entries, a collapsed derivation — nothing typeset per entry.
 */
import type { CompiledModel } from '@sysgraph/engine';
import { simulate as simulateCompiled, toSimulationModel } from '@sysgraph/engine';
import type { Derivation } from '@sysgraph/graph';
import type { MatrixKey, MatrixView, ModelView, RunAnswer } from './protocol';
import type { Settings } from './settings';
import { derivationView } from './derivation-view';
import { toErrorInfo } from './error-info';
import { graphDrawing } from './graph-drawing';
import { resultAnswer } from './result-answer';
import type { PipelineRun } from './run-pipeline';
import { inputInfo, traceView } from './simulate-trace';
import { sparseView } from './sparse-view';

/** Above this many states a model is shown by its entries, not typeset. */
export const LARGE_STATES = 40;
/** States recorded by the simulation of a large model (the outputs always are). */
export const RECORDED_STATES = 40;

const EMPTY: MatrixView = { rows: 0, cols: 0, value: [], latex: [] };

export function runLarge(req: { readonly id: number; readonly settings: Settings }, compiled: CompiledModel, derivation: Derivation, timings: Record<string, number>, lap: (name: string) => void): PipelineRun {
  const settings = req.settings;
  const s = compiled.structure;
  const desc = s.description;
  let ss;
  try {
    ss = compiled.linear().numeric;
    if (!ss) throw new Error('the engine built no numeric model');
  } catch (e) {
    return { answer: { id: req.id, kind: 'result', ok: false, errors: toErrorInfo(e, 'formulate') } };
  }
  const sim = toSimulationModel(ss as Parameters<typeof toSimulationModel>[0], s);
  const n = ss.states.length;
  const m = ss.inputs.length;
  const p = ss.outputs.length;
  const descriptor = sim.M !== undefined;
  const matrices = {
    ...(descriptor ? { M: sparseView(sim.M, n, n) } : {}),
    A: sparseView(sim.A, n, n),
    B: sparseView(sim.B, n, m),
    C: sparseView(sim.C, p, n),
    D: sparseView(sim.D, p, m),
  };
  lap('formulate');
  const inputs = inputInfo(s, ss.inputs);
  const signals = Object.fromEntries(inputs.map((u) => [u.name, settings.signals[u.name] ?? u.defaultSignal]));
  const recorded = Math.min(n, RECORDED_STATES);
  let tEnd = settings.tEnd ?? 1;
  let simulation: Extract<RunAnswer, { ok: true }>['simulation'];
  try {
    if (settings.tEnd === null) tEnd = compiled.endTime(signals).tEnd;
    const record = [...ss.states.slice(0, recorded), ...ss.outputs];
    const run = simulateCompiled(compiled, { tEnd, signals, samples: settings.samples, solver: settings.solver, netlistDefaults: false, record });
    simulation = { ok: true, trace: traceView(run.result, recorded) };
  } catch (e) {
    simulation = { ok: false, errors: toErrorInfo(e, 'simulate') };
  }
  lap('simulate');
  const empty = Object.fromEntries((['A', 'B', 'C', 'D', 'E', 'Bd'] as const).map((k) => [k, EMPTY])) as Record<MatrixKey, MatrixView>;
  const model: ModelView = {
    key: `${ss.formulation}-${ss.stateChoice}`,
    formulation: ss.formulation,
    stateChoice: ss.stateChoice,
    states: ss.states,
    inputs: ss.inputs,
    outputs: ss.outputs,
    matrices: empty,
    diagnostics: ss.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, elements: [...d.elements] })),
    large: { form: descriptor ? 'descriptor' : 'state-space', states: ss.states, inputs: ss.inputs, outputs: ss.outputs, matrices, recordedStates: recorded },
    exports: { matlab: '', python: '', latex: '', json: '' },
  };
  const answer = resultAnswer(req.id, desc, { graph: graphDrawing(s, desc), derivation: derivationView(derivation) }, { model, inputs, tEnd, simulation, timings });
  lap('views');
  const followUp = () => ({
    id: req.id,
    kind: 'follow-up' as const,
    comparison: { rows: [], masdNote: `A model of ${n} states: the formulations are not compared here (their dense invariants cost O(n³)); the command line's sysgraph compare does it.` },
    models: [],
    masdAvailable: false,
  });
  return { answer, followUp };
}
