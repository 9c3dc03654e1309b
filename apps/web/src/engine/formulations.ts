/**
 * formulateAll: every formulation the page shows and compares — the general hybrid formulation
 * (formulation.md section 5) with states b1 (v_C, i_L) and b2 (q_C, φ_L), and MASD's closed form (section 6)
 * where the formulation stage provides it and its preconditions (section 6.1) hold.
 */
import type { StateSpace, Dense, ModelTable } from '@sysgraph/formulation';
import * as formulation from '@sysgraph/formulation';
import { formulate, modelTable, numberCells, numericBackend } from '@sysgraph/formulation';
import type { Structure } from '@sysgraph/graph';
import type { StateChoiceName } from './settings';
import { symbolicTable } from './symbolic-model';

export interface Formulated {
  readonly key: string;
  readonly formulation: 'general' | 'masd';
  readonly stateChoice: StateChoiceName;
  readonly ss: StateSpace<Dense<number>>;
  readonly table: ModelTable;
  readonly symbolic?: ModelTable;
  readonly symbolicNote?: string;
}

type Formulate = (s: Structure, be: ReturnType<typeof numericBackend>, opts: { stateChoice: StateChoiceName }) => StateSpace<Dense<number>>;

/** MASD's closed form, when the formulation stage exports it (masdFormulate / masdApplicability). */
function masdEntry(): { formulate: Formulate; applicability?: (s: Structure) => unknown } | undefined {
  const api = formulation as unknown as Record<string, unknown>;
  const f = api['masdFormulate'];
  if (typeof f !== 'function') return undefined;
  const a = api['masdApplicability'];
  return { formulate: f as Formulate, ...(typeof a === 'function' ? { applicability: a as (s: Structure) => unknown } : {}) };
}

/** Why MASD's closed form does not apply, in words, or undefined when it does. */
function masdRefusal(verdict: unknown): string | undefined {
  if (verdict === true || verdict === undefined) return undefined;
  if (verdict === false) return "the preconditions of MASD's closed form (formulation.md 6.1) fail";
  if (typeof verdict === 'object' && verdict !== null) {
    const v = verdict as { applicable?: boolean; ok?: boolean; reasons?: unknown; reason?: unknown; message?: unknown };
    const ok = v.applicable ?? v.ok;
    if (ok === false || ok === undefined) {
      const why = Array.isArray(v.reasons) ? v.reasons.map(String).join('; ') : typeof v.reason === 'string' ? v.reason : typeof v.message === 'string' ? v.message : '';
      if (ok === false) return why || "the preconditions of MASD's closed form (formulation.md 6.1) fail";
    }
  }
  return undefined;
}

export interface Formulations {
  readonly models: readonly Formulated[];
  /** What became of MASD's closed form, in plain words. */
  readonly masdNote: string;
}

export function formulateAll(s: Structure, symbolic: boolean): Formulations {
  const desc = s.description;
  const backend = numericBackend(desc.parameters);
  const models: Formulated[] = [];
  const add = (kind: 'general' | 'masd', choice: StateChoiceName, ss: StateSpace<Dense<number>>) => {
    const table = modelTable(desc.name, ss, backend, numberCells, desc.parameters);
    const sym = symbolic ? symbolicTable(s, kind, choice) : undefined;
    models.push({
      key: `${kind}-${choice}`,
      formulation: kind,
      stateChoice: choice,
      ss,
      table,
      ...(sym && 'table' in sym ? { symbolic: sym.table } : {}),
      ...(sym && 'note' in sym ? { symbolicNote: sym.note } : {}),
    });
  };
  // The general formulation with b1 states is the reference: its errors are the model's errors.
  add('general', 'b1', formulate(s, backend, { stateChoice: 'b1' }));
  add('general', 'b2', formulate(s, backend, { stateChoice: 'b2' }));

  const masd = masdEntry();
  let masdNote: string;
  if (!masd) {
    masdNote = "MASD's closed form is not available in this build of the formulation stage; the general formulation is shown.";
  } else {
    const refusal = masd.applicability ? masdRefusal(masd.applicability(s)) : undefined;
    if (refusal) masdNote = `MASD's closed form does not apply: ${refusal}. The general formulation covers this system.`;
    else {
      try {
        add('masd', 'b1', masd.formulate(s, backend, { stateChoice: 'b1' }));
        add('masd', 'b2', masd.formulate(s, backend, { stateChoice: 'b2' }));
        masdNote = "MASD's closed form applies and is compared with the general formulation below.";
      } catch (e) {
        masdNote = `MASD's closed form does not apply: ${e instanceof Error ? e.message : String(e)}`;
      }
    }
  }
  return { models, masdNote };
}
