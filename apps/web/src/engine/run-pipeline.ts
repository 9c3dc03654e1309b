/**
 * runPipeline: one request of the page, through the whole pipeline —
 *   parseSystem ─► analyzeStructure ─► deriveEquations ─► formulateActive ─► simulate      (the answer)
 *   formulateOthers ─► compareModels ─► simulate the other state choice                    (the follow-up)
 * The answer carries what an edit waits for (matrices, plot, graph, derivation); the follow-up, computed after
 * the answer has been sent, the comparison. Errors stop at the stage that raised them and come back as data;
 * a bad signal leaves the model shown.
 */
import { DOMAIN_VARIABLES } from '@sysgraph/core';
import type { SystemParser } from '@sysgraph/description';
import { evaluateExpression } from '@sysgraph/description';
import { toSimulationModel } from '@sysgraph/simulate';
import { analyzeStructure, deriveEquations } from '@sysgraph/graph';
import type { Derivation, Structure } from '@sysgraph/graph';
import { parseSignal, simulate } from '@sysgraph/simulate';
import type { RestrictedParser, Signal, SimulateOptions } from '@sysgraph/simulate';
import { compareModels } from './compare';
import { derivationView } from './derivation-view';
import { toErrorInfo } from './error-info';
import { suggestEndTime } from './end-time';
import { formulateActive, formulateOthers } from './formulations';
import type { Formulated } from './formulations';
import { graphDrawing } from './graph-drawing';
import { modelView } from './model-view';
import type { ComparisonRow, ErrorInfo, FollowUp, InputInfo, RunAnswer, RunRequest, TraceView } from './protocol';
import type { Settings } from './settings';

/** The configured parsers of the pipeline, built once per worker (schema compilation, mathjs instances). */
export interface EngineContext {
  readonly system: SystemParser;
  /** The restricted mathjs parser of signal text (nothing is evaluated by mathjs, nothing is eval'd). */
  readonly signals: RestrictedParser;
}

export interface PipelineRun {
  readonly answer: RunAnswer;
  /** The comparison and the overlay; run after the answer has been sent. */
  readonly followUp?: () => FollowUp;
}

const now = () => performance.now();

/** Each input with its default signal (step(value) for a source with a constant) and unit. */
function inputInfo(s: Structure, inputs: readonly string[]): InputInfo[] {
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

function simulateModel(ctx: EngineContext, m: Formulated, s: Structure, settings: Settings, inputs: readonly InputInfo[], tEnd: number): TraceView {
  const model = toSimulationModel(m.ss, s);
  const signals: Record<string, Signal> = {};
  for (const u of inputs) signals[u.name] = parseSignal(settings.signals[u.name] ?? u.defaultSignal, u.name, ctx.signals);
  const options: SimulateOptions = { tEnd, inputs: signals, samples: settings.samples, solver: settings.solver as SimulateOptions['solver'] };
  const r = simulate(model, options);
  const n = model.stateNames.length;
  return {
    names: r.names,
    units: r.units,
    roles: r.names.slice(1).map((_, k) => (k < n ? 'state' : 'output')),
    columns: r.columns as Float64Array[],
    solver: r.solver,
    solverReason: r.solverReason,
  };
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
    const d = compareModels(a.ss, b.ss);
    const note =
      d.measure === 'matrices'
        ? 'same states: A, B, C, D, E and Bd entry by entry'
        : a.ss.outputs.length === 0
          ? 'the states differ and there are no outputs: nothing invariant to compare'
          : 'the states differ (x₂ = diag(C, L) x): D, E, C·Bd and C·Aᵏ·B';
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

  let desc;
  try {
    desc = ctx.system.parse(req.text);
  } catch (e) {
    return fail(toErrorInfo(e, 'parse'));
  }
  lap('parse');
  let s: Structure;
  let derivation: Derivation;
  try {
    s = analyzeStructure(desc);
    derivation = deriveEquations(s.partition, desc);
  } catch (e) {
    return fail(toErrorInfo(e, 'structure'));
  }
  lap('structure');
  let active: Formulated;
  try {
    active = formulateActive(s, { formulation: settings.formulation, stateChoice: settings.stateChoice, symbolic: settings.style === 'symbolic' });
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
  const graph = graphDrawing(s, desc);
  const derived = derivationView(derivation);
  lap('views');

  const answer: RunAnswer = {
    id: req.id,
    kind: 'result',
    ok: true,
    name: desc.name,
    ...(desc.title !== undefined ? { title: desc.title } : {}),
    ...(desc.description !== undefined ? { summary: desc.description } : {}),
    graph,
    derivation: derived,
    model,
    inputs,
    tEnd,
    simulation,
    timings,
  };

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
        overlay = { leftKey: active.key, rightKey: other.key, right: simulateModel(ctx, other, s, settings, inputs, tEnd) };
      } catch {
        overlay = undefined;
      }
    }
    const models = others.models.map((m) => (m.key === active.key ? model : modelView(m.key, m.table)));
    return { id: req.id, kind: 'follow-up', comparison, models, masdAvailable: others.masd.applicable, ...(overlay ? { overlay } : {}) };
  };
  return { answer, followUp };
}
