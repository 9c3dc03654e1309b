/**
 * The time-varying path's model (a description with values in t, docs/time-varying.md, formulation.md section 11):
 * timeVaryingModel in the settings' form and storage laws ─► the simulator's model with units and, in the
 * charge-flux form, the physical v_C, i_L as outputs ─► the views: A(t), B(t), Bd(t) in LaTeX (timeVaryingSymbolic,
 * one symbol per varying value), and the numeric matrices at the settings' time as a ModelTable.
 */
import type { SystemDescription } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import { createTimeMath, linearisationTable, timeVaryingLatex, timeVaryingModel, timeVaryingSimulationModel, timeVaryingSymbolic, dependsOnTime } from '@sysgraph/formulation';
import type { ModelTable, SimulationModelWithUnits, TimeMath, TimeVaryingForm, TimeVaryingModel } from '@sysgraph/formulation';
import type { TimeVaryingView } from './protocol';
import type { Settings } from './settings';

/** Values in t and no law (laws take the nonlinear path, time-varying laws included). */
export function isTimeVarying(desc: SystemDescription): boolean {
  if (desc.oneports.some((e) => e.law !== undefined)) return false;
  return [...desc.oneports, ...desc.mutuals].some((e) => dependsOnTime(e.value)) || desc.twoPorts.some((t) => dependsOnTime(t.ratio));
}

export interface TimeVaryingBuilt {
  readonly tv: TimeVaryingModel;
  readonly model: SimulationModelWithUnits;
}

export function buildTimeVarying(s: Structure, form: TimeVaryingForm, settings: Settings, math: TimeMath): TimeVaryingBuilt {
  const tv = timeVaryingModel(s, { form, storageLaw: settings.storageLaw, math });
  return { tv, model: timeVaryingSimulationModel(s.description, tv) };
}

/** The matrices at time t as a ModelTable (every exporter and the matrix view read it). */
export function tableAt(desc: SystemDescription, tv: TimeVaryingModel, t: number): ModelTable {
  const at = tv.at(t);
  return linearisationTable(desc.name, { states: tv.states, inputs: tv.inputs, outputs: tv.outputs, ...at }, desc.parameters, { formulation: 'time-varying', stateChoice: `${tv.form}, at t = ${t}` });
}

export function timeVaryingView(s: Structure, tv: TimeVaryingModel, time: number, math: TimeMath = createTimeMath()): TimeVaryingView {
  let latex: TimeVaryingView['latex'];
  let symbolicNote: string | undefined;
  try {
    latex = timeVaryingLatex(timeVaryingSymbolic(s, { form: tv.form, storageLaw: tv.storageLaw }), math);
  } catch (e) {
    symbolicNote = e instanceof Error ? e.message : String(e);
  }
  return {
    form: tv.form,
    storageLaw: tv.storageLaw,
    states: tv.states,
    physicalStates: tv.physicalStates,
    inputs: tv.inputs,
    values: tv.timeVarying.map((v) => ({ element: v.element, field: v.field, value: v.value, rate: v.rate })),
    ...(latex ? { latex } : {}),
    ...(symbolicNote !== undefined ? { symbolicNote } : {}),
    time,
  };
}
