/**
 * sysgraph sensitivity on a large (sparse) model: the matrix derivatives as sparse triplets (JSON, CSV) or, in
 * text, their nonzero counts and largest entries; trajectory sensitivities by the sparse forward equations. Pole
 * sensitivities and the adjoint need dense matrices and are refused with a typed error.
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import type { CompiledModel } from '@sysgraph/engine';
import { formatTable } from '@sysgraph/graph';
import type { CsrMatrix } from '@sysgraph/linalg';
import { SENSITIVITY_MATRICES, sparseSensitivities, sparseTrajectoryFromMatrices } from '@sysgraph/sensitivity';
import type { SparseMatrixSensitivities, TrajectorySensitivities } from '@sysgraph/sensitivity';
import type { SensitivityCommandOptions } from './sensitivity';
import { runOptions, trajectoryCsv, trajectoryJson, trajectoryText } from './trajectory-format';

/** Entries shown per derivative matrix in the text report. */
const LARGEST = 8;

const num = (x: number) => String(Number(x.toPrecision(8)));

function triplets(a: CsrMatrix): { rows: number; cols: number; i: number[]; j: number[]; v: number[] } {
  const i: number[] = [];
  const j: number[] = [];
  const v: number[] = [];
  for (let r = 0; r < a.rows; r++) {
    for (let q = a.rowPtr[r]; q < a.rowPtr[r + 1]; q++) {
      if (a.values[q] === 0) continue;
      i.push(r);
      j.push(a.colIdx[q]);
      v.push(a.values[q]);
    }
  }
  return { rows: a.rows, cols: a.cols, i, j, v };
}

function labels(s: SparseMatrixSensitivities, name: string): { rows: readonly string[]; cols: readonly string[] } {
  const rows = ['C', 'D', 'E'].includes(name) ? s.outputs : s.states;
  const cols = ['A', 'C', 'Em', 'A0'].includes(name) ? s.states : s.inputs;
  return { rows, cols };
}

export function sparseSensitivityReport(desc: SystemDescription, model: CompiledModel, params: readonly string[], opts: SensitivityCommandOptions, outputs: readonly string[] | undefined): string {
  if (opts.poles) throw new SysgraphError('unsupported', `--poles: ${model.name} is a large sparse model (${model.stateNames.length} states); pole sensitivities need its dense eigendecomposition`, { element: model.name, field: '--poles', expected: '--matrices or --trajectory on a large model' });
  if (opts.adjoint) throw new SysgraphError('unsupported', `--adjoint: ${model.name} is a large sparse model (${model.stateNames.length} states); the adjoint method is written for dense models`, { element: model.name, field: '--adjoint', expected: '--trajectory (the sparse forward equations) on a large model' });
  const sens = sparseSensitivities(model, params);
  const wantTrajectory = opts.trajectory ?? false;
  const wantMatrices = opts.matrices ?? !wantTrajectory;
  const trajectory: TrajectorySensitivities | undefined = wantTrajectory
    ? sparseTrajectoryFromMatrices(model, sens, runOptions(opts, outputs))
    : undefined;
  const notes = [...new Set([...sens.notes, ...(trajectory?.notes ?? [])])];
  if (opts.format === 'json') {
    const out: Record<string, unknown> = { parameters: sens.parameters, values: sens.values, method: sens.method, states: sens.states, inputs: sens.inputs, outputs: sens.outputs };
    if (wantMatrices) out.derivatives = Object.fromEntries(sens.parameters.map((p, k) => [p, Object.fromEntries(SENSITIVITY_MATRICES.map((m) => [m, triplets(sens.derivatives[k][m])]))]));
    if (trajectory) out.trajectory = trajectoryJson(trajectory, false);
    out.notes = notes;
    return JSON.stringify(out);
  }
  if (opts.format === 'csv') {
    if (trajectory) return trajectoryCsv(trajectory, false);
    const lines = ['quantity,row,column,parameter,derivative'];
    sens.parameters.forEach((p, k) => {
      for (const m of SENSITIVITY_MATRICES) {
        const { rows, cols } = labels(sens, m);
        const t = triplets(sens.derivatives[k][m]);
        t.i.forEach((i, q) => lines.push([m, rows[i] ?? i, cols[t.j[q]] ?? t.j[q], p, t.v[q]].join(',')));
      }
    });
    return lines.join('\n') + '\n';
  }
  const lines = [`${desc.title ?? desc.name}: sensitivities to ${sens.parameters.map((p, k) => `${p} = ${num(sens.values[k])}`).join(', ')} (sparse numeric: the sparse formulation in dual numbers, ${sens.states.length} states)`];
  if (wantMatrices) {
    sens.parameters.forEach((p, k) => {
      for (const m of SENSITIVITY_MATRICES) {
        const t = triplets(sens.derivatives[k][m]);
        if (t.v.length === 0) continue;
        const { rows, cols } = labels(sens, m);
        const order = t.v.map((_, q) => q).sort((a, b) => Math.abs(t.v[b]) - Math.abs(t.v[a]) || a - b).slice(0, LARGEST);
        lines.push('', `∂${m}/∂${p}: ${t.v.length} nonzero ${t.v.length === 1 ? 'entry' : 'entries'} of ${t.rows} × ${t.cols}${t.v.length > LARGEST ? `; the ${LARGEST} largest (--format json or csv for all)` : ''}:`);
        lines.push(formatTable(['row', 'column', 'value'], order.map((q) => [rows[t.i[q]] ?? String(t.i[q]), cols[t.j[q]] ?? String(t.j[q]), num(t.v[q])])));
      }
    });
  }
  if (trajectory) lines.push('', ...trajectoryText(trajectory, false, 'sparse forward sensitivity equations'));
  if (notes.length > 0) lines.push('', ...notes.map((n) => `note: ${n}`));
  return lines.join('\n');
}
