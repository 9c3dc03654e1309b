/**
 * symbolicForms: the symbolic model of a linear description in the form asked for, or the readable one.
 *
 *   expanded    A, B, C, D, E, Bd as rational functions of the parameters (buildModel)
 *   structured  the static network kept whole: E x' = A_xx x + A_xz z + B_x u, M z = R_x x + R_u u, with
 *               A = E⁻¹·(A_xx + A_xz·M⁻¹·R_x); dependent storage (capacitor loops, inductor cut sets) as the
 *               constraint rows s = N_d d' + N_x x', d = P_d x + Q_d u + Y_d z (formulation structured/structured-form.ts)
 *   masd        MASD's named quantities C, L, R, G, T1…T12, y, h, k, z, B… as named products: each a definition
 *               over named factors, its entries expanded only where they stay small (formulation masd/masd-products.ts)
 *
 * Without a form, expanded is tried and the structured form is printed instead when the expanded elimination is
 * refused by the cost guard (symbolic-too-costly) or its A, B, C, D would print more than READABLE_CHARACTERS;
 * `notes` says which and why. With symbolicParams only those parameters stay symbols (the others are numbers),
 * in every form.
 */
import { SysgraphError, isSysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import * as formulation from '@sysgraph/formulation';
import type { MasdTable, ModelTable, StateChoice, StructuredTable } from '@sysgraph/formulation';
import { buildModel } from './build-model';

export type SymbolicForm = 'expanded' | 'structured' | 'masd';

/** Above this many characters of A, B, C, D the default prints the structured form. */
export const READABLE_CHARACTERS = 20_000;

export interface SymbolicFormOptions {
  /** The form; default: expanded when affordable and readable, else structured. */
  readonly form?: SymbolicForm;
  readonly symbolicParams?: readonly string[];
  readonly stateChoice?: StateChoice;
  readonly formulation?: 'general' | 'masd';
}

export interface SymbolicForms {
  readonly form: SymbolicForm;
  readonly table?: ModelTable;
  readonly structured?: StructuredTable;
  readonly masd?: MasdTable;
  /** Why a form other than the one asked for (or the default expanded) was chosen. */
  readonly notes: readonly string[];
}

/** Characters of the printed A, B, C, D of an expanded model. */
export function printedSize(t: ModelTable): number {
  let n = 0;
  for (const k of ['A', 'B', 'C', 'D'] as const) for (const row of t.matrices[k]) for (const c of row) n += c.text.length + 2;
  return n;
}

export function structuredModel(desc: SystemDescription, keep?: readonly string[]): StructuredTable {
  const structure = analyzeStructure(desc);
  // The numeric model first: it checks the structure (singular networks, dependent storage) with typed errors.
  formulation.formulate(structure, formulation.numericBackend(desc.parameters));
  const { backend, cells } = formulation.symbolicBackend(desc, { keep });
  const f = formulation.structuredForm(structure, backend);
  return formulation.structuredTable(desc.name, f, backend, cells, desc.parameters);
}

export function masdModel(desc: SystemDescription, keep?: readonly string[], symbolic = true): MasdTable {
  const structure = analyzeStructure(desc);
  // The numeric closed form first: it checks the preconditions (6.1) and the singular networks with typed errors.
  const numeric = formulation.numericBackend(desc.parameters);
  formulation.masdIntermediates(structure, numeric);
  if (!symbolic) return formulation.masdTable(desc.name, structure, numeric, formulation.numberCells);
  const { backend, cells } = formulation.symbolicBackend(desc, { keep });
  return formulation.masdTable(desc.name, structure, backend, cells, { parameters: desc.parameters });
}

function refuseOption(option: string, message: string, expected: string): never {
  throw new SysgraphError('bad-option', message, { field: option, expected });
}

export function symbolicForms(desc: SystemDescription, opts: SymbolicFormOptions = {}): SymbolicForms {
  const keep = opts.symbolicParams;
  const form = opts.form;
  if (form !== undefined && form !== 'expanded' && opts.stateChoice === 'b2') {
    refuseOption('--state-choice', `--symbolic-form ${form} is written in the states b1 (capacitor voltages, inductor currents)`, 'b1, or --symbolic-form expanded');
  }
  if (form === 'structured') return { form, structured: structuredModel(desc, keep), notes: [] };
  if (form === 'masd') return { form, masd: masdModel(desc, keep), notes: [] };
  const build = () => buildModel(desc, { symbolic: true, symbolicParams: keep, stateChoice: opts.stateChoice, formulation: opts.formulation }).table!;
  if (form === 'expanded' || opts.formulation === 'masd' || opts.stateChoice === 'b2') return { form: 'expanded', table: build(), notes: [] };
  const kept = keep ? ` (symbols: ${keep.join(', ')}; the other parameters are numbers)` : '';
  let table: ModelTable;
  try {
    table = build();
  } catch (e) {
    if (!isSysgraphError(e) || e.code !== 'symbolic-too-costly') throw e;
    try {
      const structured = structuredModel(desc, keep);
      return { form: 'structured', structured, notes: [`the expanded A would be too costly (${e.message.replace(/ : .*$/, '')}): printing the structured form${kept}; --symbolic-params NAMES keeps only those parameters symbolic`] };
    } catch (s) {
      if (!isSysgraphError(s) || s.code !== 'unsupported') throw s;
      throw new SysgraphError('symbolic-too-costly', `${e.message}; the structured form does not apply either (${s.message})`, { element: s.element, field: '--symbolic-params', expected: 'a few parameters kept symbolic: --symbolic-params NAME,NAME' });
    }
  }
  const size = printedSize(table);
  if (size <= READABLE_CHARACTERS) return { form: 'expanded', table, notes: [] };
  try {
    const structured = structuredModel(desc, keep);
    return { form: 'structured', structured, notes: [`the expanded A, B, C, D would print ${(size / 1000).toFixed(0)} kB: printing the structured form${kept} (--symbolic-form expanded prints them)`] };
  } catch (s) {
    if (!isSysgraphError(s) || s.code !== 'unsupported') throw s;
    return { form: 'expanded', table, notes: [`the expanded A, B, C, D print ${(size / 1000).toFixed(0)} kB; the structured form does not apply (${s.message}); --symbolic-params NAMES keeps only those parameters symbolic`] };
  }
}
