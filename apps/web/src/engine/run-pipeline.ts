/**
 * runPipeline: one request of the page, through the whole pipeline —
 *   parseSystem ─► analyzeStructure ─► deriveEquations ─► formulateAll ─► simulate (active model and, for
 *   the comparison, the other state choice)
 * Errors stop at the stage that raised them and come back as data; a bad signal leaves the model shown.
 */
import type { SystemParser } from '@sysgraph/description';
import { DOMAIN_VARIABLES } from '@sysgraph/core';
import { evaluateExpression } from '@sysgraph/description';
import { toSimulationModel } from '@sysgraph/formulation';
import { analyzeStructure, deriveEquations } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import { parseSignal, simulate } from '@sysgraph/simulate';
import type { RestrictedParser, Signal, SimulateOptions } from '@sysgraph/simulate';
import { compareModels } from './compare';
import { derivationView } from './derivation-view';
import { toErrorInfo } from './error-info';
import { suggestEndTime } from './end-time';
import { formulateAll } from './formulations';
import type { Formulated } from './formulations';
import { graphDrawing } from './graph-drawing';
import { modelView } from './model-view';
import type { ComparisonRow, ComparisonView, ErrorInfo, InputInfo, OverlayAnswer, RunAnswer, RunRequest, TraceView } from './protocol';
import type { Settings } from './settings';

const now = () => performance.now();

function inputInfo(s: Structure, inputs: readonly string[], units: readonly string[]): InputInfo[] {
  const desc = s.description;
  return inputs.map((name, k) => {
    const source = desc.sources.find((x) => x.input === name && x.constant !== undefined);
    let defaultSignal = 'step(1)';
    if (source?.constant) {
      try {
        const v = evaluateExpression(source.constant, desc.parameters);
        if (Number.isFinite(v)) defaultSignal = `step(${v})`;
      } catch {
        // a symbolic constant: keep step(1)
      }
    }
    return { name, defaultSignal, unit: units[k] ?? '' };
  });
}

/** The configured parsers of the pipeline, built once per worker (schema compilation, mathjs instances). */
export interface EngineContext {
  readonly system: SystemParser;
  /** The restricted mathjs parser of signal text (nothing is evaluated by mathjs, nothing is eval'd). */
  readonly signals: RestrictedParser;
}

function simulateModel(ctx: EngineContext, m: Formulated, s: Structure, settings: Settings, inputs: readonly InputInfo[], tEnd: number): TraceView {
  const model = toSimulationModel(m.ss, s);
  const signals: Record<string, Signal> = {};
  for (const u of inputs) signals[u.name] = parseSignal(settings.signals[u.name] ?? u.defaultSignal, u.name, ctx.signals);
  const options: SimulateOptions = {
    tEnd,
    inputs: signals,
    samples: settings.samples,
    solver: settings.solver as SimulateOptions['solver'],
  };
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

/** The units of the inputs: across or through unit of their sources' domain. */
function sourceUnits(s: Structure, inputs: readonly string[]): string[] {
  return inputs.map((name) => {
    const u = s.partition.inputs.find((x) => x.name === name);
    if (!u || u.sources.length === 0) return '';
    const d = DOMAIN_VARIABLES[s.graph.branches[u.sources[0]].domain];
    return u.variable === 'across' ? d.acrossUnit : d.throughUnit;
  });
}

function comparison(models: readonly Formulated[], masdNote: string): ComparisonView {
  const byKey = new Map(models.map((m) => [m.key, m]));
  const rows: ComparisonRow[] = [];
  const pairs: [string, string][] = [
    ['general-b1', 'masd-b1'],
    ['general-b2', 'masd-b2'],
    ['general-b1', 'general-b2'],
  ];
  for (const [l, r] of pairs) {
    const a = byKey.get(l);
    const b = byKey.get(r);
    if (!a || !b) continue;
    const d = compareModels(a.ss, b.ss);
    const note =
      d.measure === 'matrices'
        ? 'same states: A, B, C, D, E and Bd compared entry by entry'
        : a.ss.outputs.length === 0
          ? 'the states differ and the system has no outputs: nothing invariant to compare'
          : 'the states differ (x₂ = diag(C, L) x): D, E, C·Bd and C·Aᵏ·B compared';
    rows.push({ left: l, right: r, measure: d.measure, largest: d.largest, scale: d.scale, note });
  }
  return { rows, masdNote };
}

export interface PipelineRun {
  readonly answer: RunAnswer;
  /** Simulates the other state choice for the overlaid plots; run after the answer has been sent. */
  readonly overlay?: () => OverlayAnswer | undefined;
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

  let desc;
  try {
    desc = ctx.system.parse(req.text);
  } catch (e) {
    return fail(toErrorInfo(e, 'parse'));
  }
  lap('parse');
  let s: Structure;
  let derivation;
  try {
    s = analyzeStructure(desc);
    derivation = deriveEquations(s.partition, desc);
  } catch (e) {
    return fail(toErrorInfo(e, 'structure'));
  }
  lap('structure');
  let formulated;
  try {
    formulated = formulateAll(s, { formulation: req.settings.formulation, stateChoice: req.settings.stateChoice, symbolic: req.settings.style === 'symbolic' });
  } catch (e) {
    return fail(toErrorInfo(e, 'formulate'));
  }
  lap('formulate');
  const { models, masdNote, active } = formulated;
  const inputs = inputInfo(s, active.ss.inputs, sourceUnits(s, active.ss.inputs));
  const tEnd = req.settings.tEnd ?? suggestEndTime(active.ss.A);

  let simulation: Extract<RunAnswer, { ok: true }>['simulation'];
  try {
    simulation = { ok: true, trace: simulateModel(ctx, active, s, req.settings, inputs, tEnd) };
  } catch (e) {
    simulation = { ok: false, errors: toErrorInfo(e, 'simulate') };
  }
  lap('simulate');
  const compared = comparison(models, masdNote);
  lap('compare');
  const views = models.map((m) => modelView(m.key, m.table, m.symbolic, m.symbolicNote));
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
    models: views,
    activeKey: active.key,
    inputs,
    tEnd,
    simulation,
    comparison: compared,
    timings,
  };
  const otherKey = `${active.formulation}-${active.stateChoice === 'b1' ? 'b2' : 'b1'}`;
  const other = models.find((m) => m.key === otherKey);
  if (!other || !simulation.ok) return { answer };
  return {
    answer,
    overlay: () => {
      try {
        return { id: req.id, kind: 'overlay', leftKey: active.key, rightKey: other.key, right: simulateModel(ctx, other, s, req.settings, inputs, tEnd) };
      } catch {
        return undefined;
      }
    },
  };
}
