/**
 * The time-varying path's views (a description with values in t, docs/time-varying.md, formulation.md section 11;
 * the model itself is the engine's compiled model's timeVarying()) ─► the views: A(t), B(t), Bd(t) in LaTeX (timeVaryingSymbolic,
 * one symbol per varying value), and the numeric matrices at the settings' time as a ModelTable.
 */
import type { SystemDescription } from '@sysgraph/description';
import type { Structure } from '@sysgraph/graph';
import { createTimeMath, linearisationTable, timeVaryingLatex, timeVaryingSymbolic } from '@sysgraph/engine';
import type { ModelTable, TimeMath, TimeVaryingModel } from '@sysgraph/engine';
import type { TimeVaryingView } from './protocol';

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
