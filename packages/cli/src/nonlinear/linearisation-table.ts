/**
 * linearisationTable: a Linearisation (δx' = A δx + B δu, δy = C δx + D δu at the operating point) as the
 * formulation stage's ModelTable, so that every exporter (text, JSON, LaTeX, MATLAB, Python) prints it.
 * E and Bd are zero: the nonlinear formulation has no input-derivative terms.
 */
import type { Cell, ModelTable } from '@sysgraph/formulation';
import { numberCells } from '@sysgraph/formulation';
import type { Linearisation } from '@sysgraph/formulation';

const cells = (m: readonly (readonly number[])[]): Cell[][] => m.map((row) => row.map((x) => numberCells.cell(x)));
const zeros = (rows: number, cols: number): number[][] => Array.from({ length: rows }, () => new Array<number>(cols).fill(0));

export function linearisationTable(name: string, lin: Linearisation, parameters: ReadonlyMap<string, number | null>): ModelTable {
  const n = lin.states.length;
  const m = lin.inputs.length;
  return {
    name,
    symbolic: false,
    formulation: 'linearised nonlinear',
    stateChoice: 'of the laws',
    states: lin.states,
    inputs: lin.inputs,
    outputs: lin.outputs,
    matrices: { A: cells(lin.A), B: cells(lin.B), C: cells(lin.C), D: cells(lin.D), E: cells(zeros(lin.outputs.length, m)), Bd: cells(zeros(n, m)) },
    parameters,
    diagnostics: [],
  };
}
