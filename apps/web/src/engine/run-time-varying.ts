/**
 * runTimeVarying: the pipeline for a description with values in t (docs/time-varying.md) —
 *   … ─► timeVaryingModel (the settings' form and storage laws) ─► simulate its model from physical rest
 *   ─► A(t), B(t) in LaTeX and the matrices at the settings' time                           (the answer)
 *   the other form (charge-flux ↔ across-through) simulated with the same inputs; the physical states and the
 *   outputs of both compared (one law in two coordinates: they must agree) and overlaid      (the follow-up)
 */
import { createTimeMath } from '@sysgraph/formulation';
import type { TimeVaryingModel } from '@sysgraph/formulation';
import type { Derivation, Structure } from '@sysgraph/graph';
import { parseSignal } from '@sysgraph/simulate';
import { derivationView } from './derivation-view';
import { suggestEndTime } from './end-time';
import { toErrorInfo } from './error-info';
import { graphDrawing } from './graph-drawing';
import { modelView } from './model-view';
import type { ComparisonRow, FollowUp, InputInfo, RunAnswer, RunRequest, TraceView } from './protocol';
import type { PipelineRun } from './run-pipeline';
import type { EngineContext } from './run-pipeline';
import { inputInfo, simulateTrace } from './simulate-trace';
import { resultAnswer } from './result-answer';
import { buildTimeVarying, tableAt, timeVaryingView } from './time-varying-view';
import type { TimeVaryingBuilt } from './time-varying-view';

/** The model's state at physical rest x(0) = 0 (p = −B1(0) u(0) in the charge-flux form). */
function restState(ctx: EngineContext, tv: TimeVaryingModel, signals: Readonly<Record<string, string>>, inputs: readonly InputInfo[]): Record<string, number> {
  const u0 = inputs.map((u) => parseSignal(signals[u.name] ?? u.defaultSignal, u.name, ctx.signals).value(0));
  const s = tv.toState(0, new Float64Array(tv.states.length), u0);
  return Object.fromEntries(tv.states.map((n, k) => [n, s[k]]));
}

/** max_k |left − right| over the columns both traces name alike (physical states and outputs), and max |left|. */
function largestDifference(left: TraceView, right: TraceView): { largest: number; scale: number } {
  let largest = 0;
  let scale = 0;
  left.names.forEach((name, j) => {
    const k = right.names.indexOf(name);
    if (j === 0 || k <= 0) return;
    const a = left.columns[j];
    const b = right.columns[k];
    for (let r = 0; r < a.length && r < b.length; r++) {
      largest = Math.max(largest, Math.abs(a[r] - b[r]));
      scale = Math.max(scale, Math.abs(a[r]));
    }
  });
  return { largest, scale };
}

export function runTimeVarying(req: RunRequest, ctx: EngineContext, s: Structure, derivation: Derivation, timings: Record<string, number>, lap: (name: string) => void): PipelineRun {
  const desc = s.description;
  const settings = req.settings;
  const math = ctx.timeMath ?? createTimeMath();
  let built: TimeVaryingBuilt;
  let model: ReturnType<typeof modelView>;
  let view: ReturnType<typeof timeVaryingView>;
  try {
    built = buildTimeVarying(s, settings.tvForm, settings, math);
    model = modelView('time-varying', tableAt(desc, built.tv, settings.tvTime));
    view = timeVaryingView(s, built.tv, settings.tvTime, math);
  } catch (e) {
    return { answer: { id: req.id, kind: 'result', ok: false, errors: toErrorInfo(e, 'formulate') } };
  }
  lap('formulate');
  const tv = built.tv;
  const inputs = inputInfo(s, tv.inputs);
  const tEnd = settings.tEnd ?? suggestEndTime(tv.at(0).A);
  let simulation: Extract<RunAnswer, { ok: true }>['simulation'];
  try {
    simulation = { ok: true, trace: simulateTrace(ctx, built.model, settings, inputs, tEnd, restState(ctx, tv, settings.signals, inputs)) };
  } catch (e) {
    simulation = { ok: false, errors: toErrorInfo(e, 'simulate') };
  }
  // the answer's columns are transferred to the page (detached here): the follow-up compares against a copy
  const kept: TraceView | undefined = simulation.ok ? { ...simulation.trace, columns: simulation.trace.columns.map((c) => c.slice()) } : undefined;
  lap('simulate');
  const answer: RunAnswer = resultAnswer(req.id, desc, { graph: graphDrawing(s, desc), derivation: derivationView(derivation) }, { model, timeVarying: view, inputs, tEnd, simulation, timings });
  lap('views');

  const followUp = (): FollowUp => {
    const otherForm = tv.form === 'charge-flux' ? 'across-through' : 'charge-flux';
    const leftKey = `tv-${tv.form}`;
    const rightKey = `tv-${otherForm}`;
    const masdNote = `The values of ${tv.timeVarying.map((v) => v.element).join(', ')} vary with t: the model is linear time-varying (${tv.storageLaw} storage laws). The charge-flux form (charges and flux linkages as states) and the across-through form (v_C, i_L with the Ċ and L̇ terms) are the same law in two coordinates. MASD's closed form and the states b1/b2 are for time-invariant descriptions.`;
    let other: TimeVaryingBuilt;
    let right: TraceView;
    try {
      other = buildTimeVarying(s, otherForm, settings, math);
      right = simulateTrace(ctx, other.model, settings, inputs, tEnd, restState(ctx, other.tv, settings.signals, inputs));
    } catch (e) {
      const why = toErrorInfo(e, 'simulate')[0]?.message ?? 'unknown';
      return { id: req.id, kind: 'follow-up', comparison: { rows: [], masdNote: `${masdNote} The ${otherForm} form failed: ${why}` }, models: [model], masdAvailable: false };
    }
    const otherModel = modelView(rightKey, tableAt(desc, other.tv, settings.tvTime));
    const rows: ComparisonRow[] = [];
    let overlay: FollowUp['overlay'];
    if (kept) {
      const d = largestDifference(kept, right);
      rows.push({ left: leftKey, right: rightKey, measure: 'simulation', largest: d.largest, scale: d.scale, note: 'the physical states v_C, i_L and the outputs, simulated from rest with the same inputs' });
      overlay = { kind: 'tv-forms', leftKey, rightKey, right };
    }
    return { id: req.id, kind: 'follow-up', comparison: { rows, masdNote }, models: [{ ...model, key: leftKey }, otherModel], masdAvailable: false, ...(overlay ? { overlay } : {}) };
  };
  return { answer, followUp };
}
