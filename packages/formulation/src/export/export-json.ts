/** The JSON of `sysgraph statespace --format json`: names in matrix order, numbers or expression strings. */
import type { ModelTable } from './model-table';
import { MATRIX_NAMES } from './model-table';

export function modelToJson(t: ModelTable): Record<string, unknown> {
  const matrices: Record<string, unknown> = {};
  for (const k of MATRIX_NAMES) matrices[k] = t.matrices[k].map((row) => row.map((c) => (t.symbolic ? c.text : c.value)));
  return {
    name: t.name,
    formulation: t.formulation,
    stateChoice: t.stateChoice,
    symbolic: t.symbolic,
    states: t.states,
    inputs: t.inputs,
    outputs: t.outputs,
    ...matrices,
    ...(t.symbolic ? { parameters: Object.fromEntries(t.parameters) } : {}),
    diagnostics: t.diagnostics,
  };
}
