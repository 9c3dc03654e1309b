/**
 * formulateAll: every formulation the page shows and compares — the general hybrid formulation
 * (formulation.md section 5) with states b1 (v_C, i_L) and b2 (q_C, φ_L), and MASD's closed form (section 6)
 * where its preconditions (section 6.1, masdApplicability) hold. The symbolic model is derived for the model
 * on show only, and only when asked for.
 */
import type { Dense, ModelTable, StateSpace } from '@sysgraph/formulation';
import { formulate, masdApplicability, masdFormulate, modelTable, numberCells, numericBackend } from '@sysgraph/formulation';
import type { Structure } from '@sysgraph/graph';
import type { FormulationName, StateChoiceName } from './settings';
import { symbolicTable } from './symbolic-model';

export interface Formulated {
  readonly key: string;
  readonly formulation: FormulationName;
  readonly stateChoice: StateChoiceName;
  readonly ss: StateSpace<Dense<number>>;
  readonly table: ModelTable;
  readonly symbolic?: ModelTable;
  readonly symbolicNote?: string;
}

export interface Formulations {
  readonly models: readonly Formulated[];
  /** What became of MASD's closed form, in plain words. */
  readonly masdNote: string;
  /** The model the settings ask for (MASD falls back to the general formulation where it does not apply). */
  readonly active: Formulated;
}

export function formulateAll(s: Structure, want: { formulation: FormulationName; stateChoice: StateChoiceName; symbolic: boolean }): Formulations {
  const desc = s.description;
  const backend = numericBackend(desc.parameters);
  const models: Formulated[] = [];
  const add = (formulation: FormulationName, stateChoice: StateChoiceName, ss: StateSpace<Dense<number>>) => {
    models.push({ key: `${formulation}-${stateChoice}`, formulation, stateChoice, ss, table: modelTable(desc.name, ss, backend, numberCells, desc.parameters) });
  };
  // The general formulation with b1 states is the reference: its errors are the model's errors.
  add('general', 'b1', formulate(s, backend, { stateChoice: 'b1' }));
  add('general', 'b2', formulate(s, backend, { stateChoice: 'b2' }));

  const check = masdApplicability(s, backend);
  let masdNote: string;
  if (!check.applicable) {
    masdNote = `MASD's closed form does not apply to this system (formulation.md 6.1): ${check.reasons.join('; ')}. The general formulation covers it.`;
  } else {
    try {
      add('masd', 'b1', masdFormulate(s, backend, { stateChoice: 'b1' }));
      add('masd', 'b2', masdFormulate(s, backend, { stateChoice: 'b2' }));
      masdNote = "MASD's closed form applies: its matrices are compared with the general formulation's above.";
    } catch (e) {
      masdNote = `MASD's closed form failed: ${e instanceof Error ? e.message : String(e)}. The general formulation covers this system.`;
    }
  }
  const key = `${want.formulation}-${want.stateChoice}`;
  let active = models.find((m) => m.key === key) ?? models.find((m) => m.key === `general-${want.stateChoice}`)!;
  if (want.symbolic) {
    const sym = symbolicTable(s, active.formulation, active.stateChoice);
    active = 'table' in sym ? { ...active, symbolic: sym.table } : { ...active, symbolicNote: sym.note };
    models[models.findIndex((m) => m.key === active.key)] = active;
  }
  return { models, masdNote, active };
}
