/**
 * runTimeVarying: the pipeline for a description with values in t (docs/time-varying.md) —
 *   … ─► the compiled model's time-varying model (the settings' form and storage laws) ─► the engine's simulate
 *   from physical rest (v_C = 0, i_L = 0 given as the physical initial state; the engine converts it)
 *   ─► A(t), B(t) in LaTeX and the matrices at the settings' time                           (the answer)
 *   the other form (charge-flux ↔ across-through) simulated with the same inputs; the physical states and the
 *   outputs of both compared (one law in two coordinates: they must agree) and overlaid      (the follow-up)
 */
import { compile } from '@sysgraph/engine';
import type { CompiledModel } from '@sysgraph/engine';
import { createTimeMath } from '@sysgraph/engine';
import type { TimeVaryingModel } from '@sysgraph/engine';
import type { Derivation } from '@sysgraph/graph';
import { derivationView } from './derivation-view';
import { toErrorInfo } from './error-info';
import { graphDrawing } from './graph-drawing';
import { modelView } from './model-view';
import type { ComparisonRow, FollowUp, RunAnswer, RunRequest, TraceView } from './protocol';
import type { PipelineRun } from './run-pipeline';
import type { EngineContext } from './run-pipeline';
import { engineTrace, inputInfo } from './simulate-trace';
import { resultAnswer } from './result-answer';
import { tableAt, timeVaryingView } from './time-varying-view';

/** Physical rest x(0) = 0 by the physical states' names (the engine converts it: p = −B1(0) u(0) in the charge-flux form). */
const physicalRest = (tv: TimeVaryingModel): Record<string, number> => Object.fromEntries(tv.physicalStates.map((n) => [n, 0]));

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

export function runTimeVarying(req: RunRequest, ctx: EngineContext, compiled: CompiledModel, derivation: Derivation, timings: Record<string, number>, lap: (name: string) => void): PipelineRun {
  const s = compiled.structure;
  const desc = s.description;
  const settings = req.settings;
  const math = compiled.options.math ?? ctx.timeMath ?? createTimeMath();
  let built: ReturnType<CompiledModel['timeVarying']>;
  let model: ReturnType<typeof modelView>;
  let view: ReturnType<typeof timeVaryingView>;
  try {
    built = compiled.timeVarying();
    model = modelView('time-varying', tableAt(desc, built.tv, settings.tvTime));
    view = timeVaryingView(s, built.tv, settings.tvTime, math);
  } catch (e) {
    return { answer: { id: req.id, kind: 'result', ok: false, errors: toErrorInfo(e, 'formulate') } };
  }
  lap('formulate');
  const tv = built.tv;
  const inputs = inputInfo(s, tv.inputs);
  const tEnd = settings.tEnd ?? compiled.endTime().tEnd;
  let simulation: Extract<RunAnswer, { ok: true }>['simulation'];
  try {
    simulation = { ok: true, trace: engineTrace(compiled, settings, inputs, tEnd, physicalRest(tv)) };
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
    let other: ReturnType<CompiledModel['timeVarying']>;
    let right: TraceView;
    try {
      const otherCompiled = compile({ description: desc }, { ...compiled.options, form: otherForm, math });
      other = otherCompiled.timeVarying();
      right = engineTrace(otherCompiled, settings, inputs, tEnd, physicalRest(other.tv));
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
