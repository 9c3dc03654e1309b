/**
 * symbolicTable: the model with entries as exact rational functions of the parameters (the formulation
 * stage's symbolic backend), or a note saying why there is none (e.g. a coupling coefficient k, whose
 * M = k·sqrt(L1·L2) is not rational, or a system too large to be worth it).
 */
import type { ModelTable } from '@sysgraph/formulation';
import { formulate, masdFormulate, modelTable, symbolicBackend } from '@sysgraph/formulation';
import type { Structure } from '@sysgraph/graph';
import type { FormulationName, StateChoiceName } from './settings';

/** Beyond this many states the symbolic entries are too long to read on a page. */
export const MAX_SYMBOLIC_STATES = 12;

export function symbolicTable(s: Structure, formulation: FormulationName, stateChoice: StateChoiceName, keep: readonly string[] = []): { table: ModelTable } | { note: string } {
  if (s.partition.states.length > MAX_SYMBOLIC_STATES) {
    return { note: `the model has ${s.partition.states.length} states; symbolic entries are shown up to ${MAX_SYMBOLIC_STATES}` };
  }
  try {
    const sym = symbolicBackend(s.description, keep.length > 0 ? { keep } : {});
    const ss = formulation === 'masd' ? masdFormulate(s, sym.backend, { stateChoice }) : formulate(s, sym.backend, { stateChoice });
    return { table: modelTable(s.description.name, ss, sym.backend, sym.cells, s.description.parameters) };
  } catch (e) {
    return { note: e instanceof Error ? e.message : String(e) };
  }
}
