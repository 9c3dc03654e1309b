/**
 * StructuredTable: a StructuredForm as printable sparse blocks (row, column, text, LaTeX, value), the one
 * shape the structured printers and exports read. Common subexpressions are named once: an entry that is not
 * a bare name or number (1/Rb3, Ra1 + Rb1, cos(alpha)/n1) and occurs at least twice, up to sign, becomes w1,
 * w2, … (skipping parameter names and the names of states, inputs, outputs and unknowns), listed in `shared` and referred to by name in the entries.
 */
import type { Backend } from '../backend';
import type { CellFormat } from '../export/model-table';
import type { StructuredForm } from './structured-form';
import { sharedSubexpressions } from '../export/shared-subexpressions';
import type { SharedSubexpression } from '../export/shared-subexpressions';

export type { SharedSubexpression };

/** Axs, Lxd, Rs, Nd, Nx, Pd, Qd, Yd, Cs: the dependent storage's rows and columns (structured-form.ts), empty without it. */
export const STRUCTURED_BLOCKS = ['E', 'Axx', 'Axz', 'Axs', 'Bx', 'Lxd', 'M', 'Rx', 'Ru', 'Rs', 'Nd', 'Nx', 'Pd', 'Qd', 'Yd', 'Cx', 'Cz', 'Cs', 'Du'] as const;
export type StructuredBlockName = (typeof STRUCTURED_BLOCKS)[number];

export interface StructuredEntry {
  readonly i: number;
  readonly j: number;
  readonly text: string;
  readonly latex: string;
  readonly value: number;
}

export interface StructuredBlock {
  readonly rows: number;
  readonly cols: number;
  readonly entries: readonly StructuredEntry[];
}

export interface StructuredTable {
  readonly name: string;
  readonly symbolic: boolean;
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly algebraic: readonly string[];
  /** The dependent storage elements (empty when every storage element is a state), s = [i_S; v_Γ] and d = [v_S; i_Γ]. */
  readonly dependent: readonly string[];
  readonly dependentFlows: readonly string[];
  readonly dependentLevels: readonly string[];
  readonly blocks: Readonly<Record<StructuredBlockName, StructuredBlock>>;
  readonly shared: readonly SharedSubexpression[];
  readonly parameters: ReadonlyMap<string, number | null>;
}

export function structuredTable<M, T>(
  name: string,
  f: StructuredForm<M>,
  be: Backend<M, T>,
  cells: CellFormat<T>,
  parameters: ReadonlyMap<string, number | null>,
): StructuredTable {
  const alg = be.algebra;
  const raw = {} as Record<StructuredBlockName, { rows: number; cols: number; entries: { i: number; j: number; t: T }[] }>;
  for (const k of STRUCTURED_BLOCKS) {
    const m = f[k];
    const dense = alg.toDense(m);
    const entries: { i: number; j: number; t: T }[] = [];
    dense.forEach((row, i) => row.forEach((t, j) => {
      if (!alg.field.isZero(t)) entries.push({ i, j, t });
    }));
    raw[k] = { rows: alg.rows(m), cols: alg.cols(m), entries };
  }
  // Compound entries that occur twice, up to sign or as reciprocals, are named once (export/shared-subexpressions.ts).
  // Names already printed in the equations (an output called w2, a state, a static unknown) are skipped too.
  const taken = new Set([...f.states, ...f.inputs, ...f.outputs, ...f.algebraic, ...f.dependentFlows, ...f.dependentLevels]);
  const naming = sharedSubexpressions(
    STRUCTURED_BLOCKS.flatMap((k) => raw[k].entries.map((e) => e.t)),
    alg.field,
    (t) => cells.cell(t),
    (s) => parameters.has(s) || taken.has(s),
  );
  const blocks = {} as Record<StructuredBlockName, StructuredBlock>;
  for (const k of STRUCTURED_BLOCKS) {
    blocks[k] = {
      rows: raw[k].rows,
      cols: raw[k].cols,
      entries: raw[k].entries.map(({ i, j, t }) => ({ i, j, ...naming.cell(t) })),
    };
  }
  const shared = naming.shared;
  return { name, symbolic: be.name === 'symbolic', states: f.states, inputs: f.inputs, outputs: f.outputs, algebraic: f.algebraic, dependent: f.dependent, dependentFlows: f.dependentFlows, dependentLevels: f.dependentLevels, blocks, shared, parameters };
}
