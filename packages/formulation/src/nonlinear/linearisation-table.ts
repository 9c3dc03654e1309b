/**
 * linearisationTable: a linear model frozen at a point — the linearisation δx' = A δx + B δu, δy = C δx + D δu
 * + E δu' at an operating point (formulation.md section 12), or a time-varying model's A(t), B(t), C(t), D(t),
 * E(t), Bd(t) at one time t (section 11) — as the formulation stage's ModelTable, so that every exporter (text,
 * JSON, LaTeX, MATLAB, Python) and every viewer prints it. Absent E and Bd are zero (the nonlinear formulation
 * has no input-derivative term in f).
 */
import type { Cell, ModelTable } from '../export/model-table';
import { numberCells } from '../export/model-table';

type Rows = readonly (readonly number[])[];

/** The matrices of a frozen linear model, with the names of its states, inputs and outputs. */
export interface FrozenMatrices {
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly A: Rows;
  readonly B: Rows;
  readonly C: Rows;
  readonly D: Rows;
  readonly E?: Rows;
  readonly Bd?: Rows;
}

export interface TableLabels {
  /** What the exporters print as the formulation and the state choice. */
  readonly formulation: string;
  readonly stateChoice: string;
}

const cells = (m: Rows): Cell[][] => m.map((row) => row.map((x) => numberCells.cell(x)));
const zeros = (rows: number, cols: number): number[][] => Array.from({ length: rows }, () => new Array<number>(cols).fill(0));

export function linearisationTable(name: string, lin: FrozenMatrices, parameters: ReadonlyMap<string, number | null>, labels: TableLabels = { formulation: 'linearised nonlinear', stateChoice: 'of the laws' }): ModelTable {
  const n = lin.states.length;
  const m = lin.inputs.length;
  return {
    name,
    symbolic: false,
    formulation: labels.formulation,
    stateChoice: labels.stateChoice,
    states: lin.states,
    inputs: lin.inputs,
    outputs: lin.outputs,
    matrices: { A: cells(lin.A), B: cells(lin.B), C: cells(lin.C), D: cells(lin.D), E: cells(lin.E ?? zeros(lin.outputs.length, m)), Bd: cells(lin.Bd ?? zeros(n, m)) },
    parameters,
    diagnostics: [],
  };
}
