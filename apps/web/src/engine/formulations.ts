/**
 * The formulations of one structure: the general hybrid formulation (formulation.md section 5) with states
 * b1 (v_C, i_L) or b2 (q_C, φ_L), and MASD's closed form (section 6) where its preconditions (section 6.1,
 * the engine's masdVerdict) hold, each by the engine's buildModel (dense at any size: the page shows the cells).
 * formulateActive() derives the model on show (first, for the page to update fast); formulateOthers() the rest,
 * for the comparison. The symbolic model is derived for the model on show only.
 */
import { buildModel, masdVerdict as masdApplies } from '@sysgraph/engine';
import type { Dense, ModelTable, StateSpace } from '@sysgraph/engine';
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

export const MODEL_KEYS = ['general-b1', 'general-b2', 'masd-b1', 'masd-b2'] as const;

/** Whether MASD's closed form applies, and why not, in words. */
export function masdVerdict(s: Structure): { readonly applicable: boolean; readonly note: string } {
  const check = masdApplies(s);
  return check.applicable
    ? { applicable: true, note: "MASD's closed form applies: its matrices are compared with the general formulation's above." }
    : { applicable: false, note: `MASD's closed form does not apply to this system (formulation.md 6.1): ${check.reasons.join('; ')}. The general formulation covers it.` };
}

export function formulateModel(s: Structure, formulation: FormulationName, stateChoice: StateChoiceName): Formulated {
  const built = buildModel(s.description, { structure: s, formulation, stateChoice, backend: 'dense' });
  return { key: `${formulation}-${stateChoice}`, formulation, stateChoice, ss: built.numeric as StateSpace<Dense<number>>, table: built.table as ModelTable };
}

/** The model the settings ask for; MASD falls back to the general formulation where it does not apply. */
export function formulateActive(s: Structure, want: { formulation: FormulationName; stateChoice: StateChoiceName; symbolic: boolean; keep?: readonly string[] }): Formulated {
  // The general formulation is the reference: its errors are the model's errors, so it runs first.
  const general = formulateModel(s, 'general', want.stateChoice);
  let active = general;
  if (want.formulation === 'masd' && masdVerdict(s).applicable) active = formulateModel(s, 'masd', want.stateChoice);
  if (!want.symbolic) return active;
  const sym = symbolicTable(s, active.formulation, active.stateChoice, want.keep);
  return 'table' in sym ? { ...active, symbolic: sym.table } : { ...active, symbolicNote: sym.note };
}

/** Every other formulation of the system, for the comparison; MASD only where it applies. */
export function formulateOthers(s: Structure, active: Formulated): { readonly models: readonly Formulated[]; readonly masd: ReturnType<typeof masdVerdict> } {
  const masd = masdVerdict(s);
  const models: Formulated[] = [];
  for (const key of MODEL_KEYS) {
    const [formulation, stateChoice] = key.split('-') as [FormulationName, StateChoiceName];
    if (formulation === 'masd' && !masd.applicable) continue;
    models.push(key === active.key ? active : formulateModel(s, formulation, stateChoice));
  }
  return { models, masd };
}
