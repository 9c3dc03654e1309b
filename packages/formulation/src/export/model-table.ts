/**
 * ModelTable: a StateSpace of any backend as printable cells (text, LaTeX, number), the one shape every
 * exporter (JSON, LaTeX, MATLAB, Python, text) reads.
 */
import type { Diagnostic } from '@sysgraph/core';
import type { Backend } from '../backend';
import type { StateSpace } from '../state-space';

export interface Cell {
  /** Expression text in mathjs syntax, or the number's shortest round-trip form. */
  readonly text: string;
  readonly latex: string;
  /** The numeric value (NaN when a parameter has no value). */
  readonly value: number;
}

export const MATRIX_NAMES = ['A', 'B', 'C', 'D', 'E', 'Bd'] as const;
export type MatrixName = (typeof MATRIX_NAMES)[number];

export interface ModelTable {
  readonly name: string;
  readonly symbolic: boolean;
  readonly formulation: string;
  readonly stateChoice: string;
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly matrices: Readonly<Record<MatrixName, readonly (readonly Cell[])[]>>;
  /** Parameter values (symbolic models): name → value or null. */
  readonly parameters: ReadonlyMap<string, number | null>;
  readonly diagnostics: readonly Diagnostic[];
}

/** Cells of a scalar: numbers print in their shortest exact decimal form. */
export interface CellFormat<T> {
  cell(t: T): Cell;
}

export const numberCells: CellFormat<number> = {
  cell: (x) => ({ text: formatNumber(x), latex: latexNumber(x), value: x }),
};

export function formatNumber(x: number): string {
  if (Object.is(x, -0) || x === 0) return '0';
  return String(x);
}

export function latexNumber(x: number): string {
  if (x === 0) return '0';
  const s = Math.abs(x) >= 1e-3 && Math.abs(x) < 1e6 ? String(Number(x.toPrecision(6))) : x.toExponential(5).replace(/\.?0+e/, 'e');
  const m = /^(-?[0-9.]+)e([-+]\d+)$/.exec(s);
  return m ? `${m[1]} \\times 10^{${Number(m[2])}}` : s;
}

export function modelTable<M, T>(
  name: string,
  ss: StateSpace<M>,
  be: Backend<M, T>,
  cells: CellFormat<T>,
  parameters: ReadonlyMap<string, number | null>,
): ModelTable {
  const alg = be.algebra;
  const table = (m: M) => alg.toDense(m).map((row) => row.map((t) => cells.cell(t)));
  return {
    name,
    symbolic: be.name === 'symbolic',
    formulation: ss.formulation,
    stateChoice: ss.stateChoice,
    states: ss.states,
    inputs: ss.inputs,
    outputs: ss.outputs,
    matrices: { A: table(ss.A), B: table(ss.B), C: table(ss.C), D: table(ss.D), E: table(ss.E), Bd: table(ss.Bd) },
    parameters,
    diagnostics: ss.diagnostics,
  };
}

export function isZeroMatrix(m: readonly (readonly Cell[])[]): boolean {
  return m.every((row) => row.every((c) => c.text === '0'));
}
