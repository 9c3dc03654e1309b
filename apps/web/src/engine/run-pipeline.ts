/**
 * runPipeline: one request of the page, through the engine (@sysgraph/engine) —
 *   compile (the JSON reader, the family) ─► structure ─► deriveEquations ─► formulateActive ─► simulate (the answer)
 *   formulateOthers ─► compareModels ─► simulate the other state choice                    (the follow-up)
 * A description with laws takes the nonlinear path (nonlinear-view.ts) —
 *   … ─► the compiled model's nonlinear model ─► linearise at rest ─► the engine's simulate (the answer)
 *   the description's linear model (each law's slope at the origin) ─► compareModels with the linearisation
 *   ─► simulated with the same inputs, overlaid on the nonlinear response                  (the follow-up)
 * The family, the default end time, the comparison measure and the secant retry are the engine's (one answer for
 * the command line and the page). The answer carries what an edit waits for (matrices, plot, graph, derivation); the follow-up, computed after
 * the answer has been sent, the comparison. Errors stop at the stage that raised them and come back as data;
 * a bad signal leaves the model shown.
 */
import type { SystemParser } from '@sysgraph/description';
import type { TimeMath } from '@sysgraph/engine';
import { compareStateSpaces, compile, suggestEndTime, toSimulationModel } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import { deriveEquations } from '@sysgraph/graph';
import type { Derivation, Structure } from '@sysgraph/graph';
import type { RestrictedParser } from '@sysgraph/simulate';
import { closedFormView } from './closed-form-view';
import { derivationView } from './derivation-view';
import { frequencyView } from './frequency-view';
import { toErrorInfo } from './error-info';
import { formulateActive, formulateModel, formulateOthers } from './formulations';
import type { Formulated } from './formulations';
import { graphDrawing } from './graph-drawing';
import { modelView } from './model-view';
import type { ModelMemo } from './model-memo';
import { buildNonlinearView } from './nonlinear-view';
import type { NonlinearBuilt } from './nonlinear-view';
import type { ClosedFormView, ComparisonRow, FrequencyView, ErrorInfo, FollowUp, InputInfo, RunAnswer, RunRequest, TraceView } from './protocol';
import type { Settings } from './settings';
import { engineSimulation, engineTrace, inputInfo, simulateTrace } from './simulate-trace';
import { resultAnswer } from './result-answer';
import { runTimeVarying } from './run-time-varying';
import { runEquations } from './run-equations';
import { LARGE_STATES, runLarge } from './run-large';

/** The configured parsers of the pipeline, built once per worker (schema compilation, mathjs instances). */
export interface EngineContext {
  readonly system: SystemParser;
  /** The restricted mathjs parser of signal text (nothing is evaluated by mathjs, nothing is eval'd). */
  readonly signals: RestrictedParser;
  /** Compiled models by description text and model settings (a nonlinear derivation is the costly step). */
  readonly models?: ModelMemo;
  /** The mathjs instance that differentiates values in t (its first use costs ~0.4 s): one per worker. */
  readonly timeMath?: TimeMath;
}

export interface PipelineRun {
  readonly answer: RunAnswer;
  /** The comparison and the overlay; run after the answer has been sent. */
  readonly followUp?: () => FollowUp;
}

const now = () => performance.now();

function simulateModel(ctx: EngineContext, m: Formulated, s: Structure, settings: Settings, inputs: readonly InputInfo[], tEnd: number): TraceView {
  return simulateTrace(ctx, toSimulationModel(m.ss, s), settings, inputs, tEnd);
}

const PAIRS: readonly (readonly [string, string])[] = [
  ['general-b1', 'masd-b1'],
  ['general-b2', 'masd-b2'],
  ['general-b1', 'general-b2'],
];

function comparisonRows(models: readonly Formulated[]): ComparisonRow[] {
  const byKey = new Map(models.map((m) => [m.key, m]));
  const rows: ComparisonRow[] = [];
  for (const [l, r] of PAIRS) {
    const a = byKey.get(l);
    const b = byKey.get(r);
    if (!a || !b) continue;
    const d = compareStateSpaces(a.ss, b.ss);
    const note =
      d.measure === 'matrices'
        ? 'same states: A, B, C, D, E and Bd entry by entry'
        : a.ss.outputs.length === 0
          ? 'the states differ and there are no outputs: the poles only'
          : 'the states differ (x₂ = diag(C, L) x): the poles and H(s) at test points';
    rows.push({ left: l, right: r, measure: d.measure, largest: d.largest, scale: d.scale, note });
  }
  return rows;
}

export function runPipeline(req: RunRequest, ctx: EngineContext): PipelineRun {
  const timings: Record<string, number> = {};
  const fail = (errors: ErrorInfo[]): PipelineRun => ({ answer: { id: req.id, kind: 'result', ok: false, errors } });
  let t = now();
  const lap = (name: string) => {
    const t1 = now();
    timings[name] = t1 - t;
    t = t1;
  };
  const settings = req.settings;

  let compiled: CompiledModel;
  try {
    compiled = compileRequest(req, ctx);
  } catch (e) {
    return fail(toErrorInfo(e, 'parse'));
  }
  lap('parse');
  if (compiled.family === 'equations') return runEquations(req, compiled, timings, lap);
  const desc = compiled.description;
  let s: Structure;
  let derivation: Derivation;
  try {
    s = compiled.structure;
    derivation = deriveEquations(s.partition, desc);
  } catch (e) {
    return fail(toErrorInfo(e, 'structure'));
  }
  lap('structure');
  if (compiled.family === 'laws') return runNonlinear(req, ctx, compiled, derivation, timings, lap);
  if (compiled.family === 'time-varying') return runTimeVarying(req, ctx, compiled, derivation, timings, lap);
  if (s.partition.states.length > LARGE_STATES) return runLarge(req, compiled, derivation, timings, lap);
  let active: Formulated;
  try {
    active = formulateActive(s, { formulation: settings.formulation, stateChoice: settings.stateChoice, symbolic: settings.style === 'symbolic', keep: settings.symbolicParams });
  } catch (e) {
    return fail(toErrorInfo(e, 'formulate'));
  }
  lap('formulate');
  const inputs = inputInfo(s, active.ss.inputs);
  const tEnd = settings.tEnd ?? suggestEndTime(active.ss.A);
  let simulation: Extract<RunAnswer, { ok: true }>['simulation'];
  try {
    simulation = { ok: true, trace: simulateModel(ctx, active, s, settings, inputs, tEnd) };
  } catch (e) {
    simulation = { ok: false, errors: toErrorInfo(e, 'simulate') };
  }
  lap('simulate');
  const model = modelView(active.key, active.table, active.symbolic, active.symbolicNote);
  let closedForm: ClosedFormView | undefined;
  if (active.formulation === 'masd') {
    try {
      closedForm = closedFormView(compiled, settings.style === 'symbolic', settings.symbolicParams);
    } catch {
      closedForm = undefined;
    }
  }
  let frequency: FrequencyView | undefined;
  try {
    frequency = frequencyView(compiled);
  } catch {
    frequency = undefined;
  }
  const graph = graphDrawing(s, desc);
  const derived = derivationView(derivation);
  lap('views');

  const answer: RunAnswer = resultAnswer(req.id, desc, { graph, derivation: derived }, { model, inputs, tEnd, simulation, timings, ...(closedForm ? { closedForm } : {}), ...(frequency ? { frequency } : {}) });

  const followUp = (): FollowUp => {
    let others: ReturnType<typeof formulateOthers>;
    try {
      others = formulateOthers(s, active);
    } catch (e) {
      const why = toErrorInfo(e, 'formulate')[0]?.message ?? 'unknown';
      return { id: req.id, kind: 'follow-up', comparison: { rows: [], masdNote: `The other formulations failed: ${why}` }, models: [], masdAvailable: false };
    }
    const comparison = { rows: comparisonRows(others.models), masdNote: others.masd.note };
    const other = others.models.find((m) => m.key === `${active.formulation}-${active.stateChoice === 'b1' ? 'b2' : 'b1'}`);
    let overlay: FollowUp['overlay'];
    if (other && simulation.ok) {
      try {
        overlay = { kind: 'state-choice', leftKey: active.key, rightKey: other.key, right: simulateModel(ctx, other, s, settings, inputs, tEnd) };
      } catch {
        overlay = undefined;
      }
    }
    const models = others.models.map((m) => (m.key === active.key ? model : modelView(m.key, m.table)));
    return { id: req.id, kind: 'follow-up', comparison, models, masdAvailable: others.masd.applicable, ...(overlay ? { overlay } : {}) };
  };
  return { answer, followUp };
}

/** The nonlinear path: the model of the laws simulated, its linearisation at rest shown and compared. */
function runNonlinear(req: RunRequest, ctx: EngineContext, compiled: CompiledModel, derivation: Derivation, timings: Record<string, number>, lap: (name: string) => void): PipelineRun {
  const s = compiled.structure;
  const desc = s.description;
  const settings = req.settings;
  let built: NonlinearBuilt;
  try {
    built = buildNonlinearView(compiled);
  } catch (e) {
    return { answer: { id: req.id, kind: 'result', ok: false, errors: toErrorInfo(e, 'formulate') } };
  }
  lap('formulate');
  const inputs = inputInfo(s, built.model.inputNames);
  // the engine's end time (∂f/∂x at the start) and simulation (with its retry by secants of a law not
  // differentiable where a Jacobian is needed)
  const { tEnd, simulation } = engineSimulation(compiled, settings, inputs);
  lap('simulate');
  const model = modelView('linearised', built.table);
  const answer: RunAnswer = resultAnswer(req.id, desc, { graph: graphDrawing(s, desc), derivation: derivationView(derivation) }, { model, nonlinear: built.view, inputs, tEnd, simulation, timings });
  lap('views');

  const followUp = (): FollowUp => {
    const laws = built.view.lawElements;
    const given = laws.length === 1 ? `The element ${laws[0]} is given by a law.` : `The elements ${laws.join(', ')} are given by laws.`;
    const masdNote = `${given} The linear model replaces each law by its slope at the origin (the description's linear formulation); the linearised model is the nonlinear model's Jacobian at rest. MASD's closed form and the states b2 are for linear descriptions.`;
    let linear: Formulated;
    try {
      linear = formulateModel(s, 'general', 'b1');
    } catch (e) {
      const why = toErrorInfo(e, 'formulate')[0]?.message ?? 'unknown';
      return { id: req.id, kind: 'follow-up', comparison: { rows: [], masdNote: `${masdNote} The linear model failed: ${why}` }, models: [model], masdAvailable: false };
    }
    const lin = built.linearisation;
    const zeros = (rows: number) => Array.from({ length: rows }, () => lin.inputs.map(() => 0));
    const d = compareStateSpaces({ states: lin.states, A: lin.A, B: lin.B, C: lin.C, D: lin.D, E: zeros(lin.outputs.length), Bd: zeros(lin.states.length) }, linear.ss);
    const row: ComparisonRow = {
      left: 'linearised',
      right: linear.key,
      measure: d.measure,
      largest: d.largest,
      scale: d.scale,
      note: d.measure === 'matrices' ? 'same states: A, B, C, D entry by entry' : 'the states differ (a law written in q or λ): the poles and H(s) at test points',
    };
    let overlay: FollowUp['overlay'];
    if (simulation.ok) {
      try {
        overlay = { kind: 'linear-vs-nonlinear', leftKey: 'nonlinear', rightKey: linear.key, right: simulateModel(ctx, linear, s, settings, inputs, tEnd) };
      } catch {
        overlay = undefined;
      }
    }
    return { id: req.id, kind: 'follow-up', comparison: { rows: [row], masdNote }, models: [model, modelView(linear.key, linear.table)], masdAvailable: false, ...(overlay ? { overlay } : {}) };
  };
  return { answer, followUp };
}

/** The request's description compiled by the engine (JSON only), kept per text and model settings when a memo is given. */
function compileRequest(req: RunRequest, ctx: EngineContext): CompiledModel {
  const settings = req.settings;
  // the engine's reader registry sniffs the text: JSON, a bond graph (JSON with "bonds"), a SPICE netlist, equations
  const values = settings.paramValues;
  const make = () => compile(req.text, { parser: ctx.system, ...(Object.keys(values).length > 0 ? { parameters: values } : {}), form: settings.tvForm, storageLaw: settings.storageLaw, ...(ctx.timeMath ? { math: ctx.timeMath } : {}) });
  return ctx.models ? ctx.models.get(`${settings.tvForm}\u0000${settings.storageLaw}\u0000${JSON.stringify(values)}\u0000${req.text}`, make) : make();
}
