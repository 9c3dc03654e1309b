/**
 * StructuredTable: a StructuredForm as printable sparse blocks (row, column, text, LaTeX, value), the one
 * shape the structured printers and exports read. Common subexpressions are named once: an entry that is not
 * a bare name or number (1/Rb3, Ra1 + Rb1, cos(alpha)/n1) and occurs at least twice, up to sign, becomes w1,
 * w2, … (skipping parameter names and the names of states, inputs, outputs and unknowns), listed in `shared` and referred to by name in the entries.
 */
import type { Backend } from '../backend';
import type { CellFormat } from '../export/model-table';
import type { StructuredForm } from './structured-form';

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

export interface SharedSubexpression {
  readonly name: string;
  readonly text: string;
  readonly latex: string;
  readonly value: number;
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

const SIMPLE = /^-?([A-Za-z_][A-Za-z0-9_]*|[0-9.]+(e[-+]?[0-9]+)?)$/;

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
  const formatted = new Map<T, ReturnType<CellFormat<T>['cell']>>();
  const cellOf = (t: T) => {
    let c = formatted.get(t);
    if (!c) formatted.set(t, (c = cells.cell(t)));
    return c;
  };
  // An entry is sign · core or sign / core; a compound core (not a bare name or number) that occurs twice is shared.
  const F = alg.field;
  interface Split { readonly negative: boolean; readonly reciprocal: boolean; readonly core: T; readonly text: string }
  const split = (t: T): Split => {
    const c = cellOf(t);
    const negative = c.text.startsWith('-') && !/[+]|\s-\s/.test(c.text);
    const pos = negative ? F.neg(t) : t;
    const reciprocal = /^1\/\(.+\)$/.test(negative ? c.text.slice(1) : c.text);
    const core = reciprocal ? F.div(F.one, pos) : pos;
    return { negative, reciprocal, core, text: cellOf(core).text };
  };
  const splits = new Map<T, Split>();
  const splitOf = (t: T) => {
    let x = splits.get(t);
    if (!x) splits.set(t, (x = split(t)));
    return x;
  };
  const counts = new Map<string, number>();
  for (const k of STRUCTURED_BLOCKS) for (const e of raw[k].entries) {
    const x = splitOf(e.t);
    if (SIMPLE.test(x.text)) continue;
    counts.set(x.text, (counts.get(x.text) ?? 0) + 1);
  }
  const shared: SharedSubexpression[] = [];
  const byText = new Map<string, SharedSubexpression>();
  let n = 0;
  // Names already printed in the equations (an output called w2, a state, a static unknown) are skipped too.
  const taken = new Set([...f.states, ...f.inputs, ...f.outputs, ...f.algebraic, ...f.dependentFlows, ...f.dependentLevels]);
  const nextName = () => {
    let s: string;
    do s = `w${++n}`;
    while (parameters.has(s) || taken.has(s));
    return s;
  };
  const blocks = {} as Record<StructuredBlockName, StructuredBlock>;
  for (const k of STRUCTURED_BLOCKS) {
    blocks[k] = {
      rows: raw[k].rows,
      cols: raw[k].cols,
      entries: raw[k].entries.map(({ i, j, t }) => {
        const c = cellOf(t);
        const x = splitOf(t);
        if ((counts.get(x.text) ?? 0) < 2) return { i, j, text: c.text, latex: c.latex, value: c.value };
        let s = byText.get(x.text);
        if (!s) {
          const def = cellOf(x.core);
          s = { name: nextName(), text: def.text, latex: def.latex, value: def.value };
          byText.set(x.text, s);
          shared.push(s);
        }
        const sign = x.negative ? '-' : '';
        return {
          i,
          j,
          text: `${sign}${x.reciprocal ? `1/${s.name}` : s.name}`,
          latex: `${sign}${x.reciprocal ? `\\frac{1}{${s.name}}` : s.name}`,
          value: c.value,
        };
      }),
    };
  }
  return { name, symbolic: be.name === 'symbolic', states: f.states, inputs: f.inputs, outputs: f.outputs, algebraic: f.algebraic, dependent: f.dependent, dependentFlows: f.dependentFlows, dependentLevels: f.dependentLevels, blocks, shared, parameters };
}
