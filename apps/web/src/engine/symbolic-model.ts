/**
 * symbolicTable: the model with entries as exact rational functions of the parameters (the engine's buildModel
 * with the symbolic backend), or a note saying why there is none (e.g. a coupling coefficient k, whose
 * M = k·sqrt(L1·L2) is not rational, or a system too large to be worth it).
 */
import { buildModel } from '@sysgraph/engine';
import type { ModelTable } from '@sysgraph/engine';
import type { Structure } from '@sysgraph/graph';
import type { FormulationName, StateChoiceName } from './settings';

/** Beyond this many states the symbolic entries are too long to read on a page. */
export const MAX_SYMBOLIC_STATES = 12;

export function symbolicTable(s: Structure, formulation: FormulationName, stateChoice: StateChoiceName, keep: readonly string[] = []): { table: ModelTable } | { note: string } {
  if (s.partition.states.length > MAX_SYMBOLIC_STATES) {
    return { note: `the model has ${s.partition.states.length} states; symbolic entries are shown up to ${MAX_SYMBOLIC_STATES}` };
  }
  try {
    const built = buildModel(s.description, { structure: s, formulation, stateChoice, symbolic: true, ...(keep.length > 0 ? { symbolicParams: keep } : {}) });
    return { table: built.table as ModelTable };
  } catch (e) {
    return { note: e instanceof Error ? e.message : String(e) };
  }
}
