/** Builds the state-space model of a description with the backend the options ask for. */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import * as formulation from '@sysgraph/formulation';
import type { ModelTable, StateChoice, StateSpace } from '@sysgraph/formulation';

/** Above this many branches the sparse backend is used. */
export const SPARSE_ABOVE = 2000;

export interface ModelOptions {
  readonly symbolic?: boolean;
  /** With symbolic: the parameters kept as symbols; the others are substituted by their values. */
  readonly symbolicParams?: readonly string[];
  readonly stateChoice?: StateChoice;
  readonly formulation?: 'general' | 'masd';
  /** The description's structure when the caller has it (else analysed here). */
  readonly structure?: Structure;
  /** 'auto' (default): sparse above SPARSE_ABOVE branches; 'dense': dense at any size (a page that shows the cells). */
  readonly backend?: 'auto' | 'dense';
}

export interface BuiltModel {
  readonly structure: Structure;
  /** Dense cells, for models small enough to print densely (absent for large sparse models). */
  readonly table?: ModelTable;
  readonly numeric?: StateSpace<unknown>;
}

type Formulator = (s: Structure, be: unknown, o: { stateChoice?: StateChoice }) => StateSpace<unknown>;

function formulator(kind: 'general' | 'masd'): Formulator {
  if (kind === 'general') return formulation.formulate as unknown as Formulator;
  const masd = (formulation as Record<string, unknown>).masdFormulate;
  if (typeof masd !== 'function') throw new SysgraphError('unsupported', 'the MASD closed form is not available in this build', { field: '--formulation', expected: 'general' });
  return masd as Formulator;
}

export function buildModel(desc: SystemDescription, opts: ModelOptions = {}): BuiltModel {
  const structure = opts.structure ?? analyzeStructure(desc);
  const form = formulator(opts.formulation ?? 'general');
  const stateChoice = opts.stateChoice ?? 'b1';
  if (opts.symbolic) {
    const { backend, cells } = formulation.symbolicBackend(desc, { keep: opts.symbolicParams });
    const ss = form(structure, backend, { stateChoice });
    return { structure, table: formulation.modelTable(desc.name, ss, backend as formulation.Backend<unknown, unknown>, cells as formulation.CellFormat<unknown>, desc.parameters) };
  }
  const sparse = opts.backend !== 'dense' && structure.graph.ids.length > SPARSE_ABOVE;
  const be = sparse ? formulation.sparseBackend(desc.parameters) : formulation.numericBackend(desc.parameters);
  const ss = form(structure, be, { stateChoice });
  if (sparse) return { structure, numeric: ss };
  const table = formulation.modelTable(desc.name, ss, be as formulation.Backend<unknown, unknown>, formulation.numberCells as formulation.CellFormat<unknown>, desc.parameters);
  return { structure, table, numeric: ss };
}
