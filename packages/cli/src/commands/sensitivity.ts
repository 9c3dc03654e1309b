/**
 * sysgraph sensitivity: ∂(A, B, C, D, E, Bd)/∂θ, pole sensitivities ∂λ/∂θ and trajectory sensitivities
 * ∂y(t)/∂θ of a linear model (packages/sensitivity), as text, JSON or CSV.
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { compile } from '@sysgraph/engine';
import { formatTable } from '@sysgraph/graph';
import { SENSITIVITY_MATRICES, adjointFromMatrices, isSparseModel, matrixSensitivities, polesFromMatrices, trajectoryFromMatrices } from '@sysgraph/sensitivity';
import { sparseSensitivityReport } from './sensitivity-sparse';
import { runOptions, trajectoryCsv, trajectoryJson, trajectoryText } from './trajectory-format';
import type { AdjointSensitivities, ComplexNumber, MatrixSensitivities, PoleSensitivities, TrajectorySensitivities } from '@sysgraph/sensitivity';

export interface SensitivityCommandOptions {
  readonly params: readonly string[];
  readonly outputs: readonly string[];
  readonly poles?: boolean;
  readonly matrices?: boolean;
  readonly trajectory?: boolean;
  /** ∂y(T)/∂θ at the times `at` by the adjoint method. */
  readonly adjoint?: boolean;
  readonly at?: readonly string[];
  readonly normalised?: boolean;
  readonly tEnd?: number;
  readonly input: readonly string[];
  readonly initial: readonly string[];
  readonly solver?: string;
  readonly rtol?: number;
  readonly atol?: number;
  readonly dt?: number;
  readonly samples?: number;
  readonly method?: 'auto' | 'symbolic' | 'numeric';
  readonly format: 'text' | 'json' | 'csv';
}

/** Comma-separated and repeatable: ['R,C', 'L'] → ['R', 'C', 'L']. */
export function nameList(list: readonly string[], option: string): string[] {
  const names = list.flatMap((s) => s.split(',')).map((s) => s.trim());
  if (names.some((n) => n === '')) throw new SysgraphError('bad-option', `${option} ${list.join(' ')}: an empty name`, { field: option, expected: 'names separated by commas, e.g. R,C' });
  return names;
}

/** The run options without samples (the adjoint chooses its own nodes). */
const withoutSamples = ({ samples: _samples, ...rest }: ReturnType<typeof runOptions>) => rest;

/** --at 0.5,1 --at 2 → [0.5, 1, 2]. */
function timeList(list: readonly string[]): number[] {
  return list.flatMap((s) => s.split(',')).map((s) => {
    const t = Number(s.trim());
    if (s.trim() === '' || !Number.isFinite(t) || t <= 0) throw new SysgraphError('bad-option', `--at ${s}: expected a time after the start 0`, { field: '--at', expected: 'times T > 0 in seconds, comma-separated' });
    return t;
  });
}

const num = (x: number) => (Number.isNaN(x) ? 'NaN' : String(Number(x.toPrecision(8))));
const cplx = (z: ComplexNumber) => (Number.isNaN(z.re) ? 'NaN' : z.im === 0 ? num(z.re) : `${num(z.re)} ${z.im < 0 ? '-' : '+'} ${num(Math.abs(z.im))}j`);

function labels(s: MatrixSensitivities, name: string): { rows: readonly string[]; cols: readonly string[] } {
  const st = s.states;
  const rows = ['C', 'D', 'E'].includes(name) ? s.outputs : st;
  const cols = ['A', 'C', 'Em', 'A0'].includes(name) ? st : s.inputs;
  return { rows, cols };
}

export function sensitivityReport(desc: SystemDescription, opts: SensitivityCommandOptions): string {
  const model = compile({ description: desc });
  const params = nameList(opts.params, '--params');
  if ((opts.at ?? []).length > 0 && !opts.adjoint) throw new SysgraphError('bad-option', '--at needs --adjoint', { field: '--at', expected: '--adjoint --at T1,T2' });
  if (isSparseModel(model)) return sparseSensitivityReport(desc, model, params, opts, opts.outputs.length > 0 ? nameList(opts.outputs, '--outputs') : undefined);
  const wantTrajectory = opts.trajectory ?? false;
  const wantAdjoint = opts.adjoint ?? false;
  const wantPoles = opts.poles ?? (!opts.matrices && !wantTrajectory && !wantAdjoint);
  const wantMatrices = opts.matrices ?? (!opts.poles && !wantTrajectory && !wantAdjoint);
  const sens = matrixSensitivities(model, params, { method: opts.method });
  const poles: PoleSensitivities | undefined = wantPoles ? polesFromMatrices(sens) : undefined;
  let trajectory: TrajectorySensitivities | undefined;
  if (wantTrajectory) {
    trajectory = trajectoryFromMatrices(model, sens, runOptions(opts, opts.outputs.length > 0 ? nameList(opts.outputs, '--outputs') : undefined));
  } else if (opts.outputs.length > 0 && !wantAdjoint) {
    throw new SysgraphError('bad-option', '--outputs needs --trajectory or --adjoint', { field: '--outputs', expected: '--trajectory --t-end T, or --adjoint --at T, with --outputs' });
  }
  const adjoint: AdjointSensitivities | undefined = wantAdjoint
    ? adjointFromMatrices(model, sens, { ...withoutSamples(runOptions(opts, opts.outputs.length > 0 ? nameList(opts.outputs, '--outputs') : undefined)), at: timeList(opts.at ?? []) })
    : undefined;
  const notes = [...new Set([...sens.notes, ...(poles?.notes ?? []), ...(trajectory?.notes ?? []), ...(adjoint?.notes ?? [])])];
  if (opts.format === 'json') return JSON.stringify(toJson(sens, poles, trajectory, adjoint, notes, wantMatrices, opts.normalised ?? false), null, 2);
  if (opts.format === 'csv') return toCsv(sens, poles, trajectory, adjoint, wantMatrices, opts.normalised ?? false);
  return toText(desc, sens, poles, trajectory, adjoint, notes, wantMatrices, opts.normalised ?? false);
}

function normalisedMatrix(m: number[][], d: number[][], theta: number): number[][] {
  return d.map((row, i) => row.map((x, j) => (m[i][j] === 0 ? (x === 0 ? 0 : NaN) : (theta / m[i][j]) * x)));
}

function toJson(s: MatrixSensitivities, poles: PoleSensitivities | undefined, tr: TrajectorySensitivities | undefined, adj: AdjointSensitivities | undefined, notes: readonly string[], matrices: boolean, normalised: boolean) {
  const out: Record<string, unknown> = { parameters: s.parameters, values: s.values, method: s.method, states: s.states, inputs: s.inputs, outputs: s.outputs };
  if (matrices) {
    out.matrices = s.matrices;
    out.derivatives = Object.fromEntries(s.parameters.map((p, k) => [p, s.derivatives[k]]));
    if (normalised) out.normalised = Object.fromEntries(s.parameters.map((p, k) => [p, Object.fromEntries(SENSITIVITY_MATRICES.map((m) => [m, normalisedMatrix(s.matrices[m], s.derivatives[k][m], s.values[k])]))]));
    if (s.symbolic) out.symbolic = Object.fromEntries(s.parameters.map((p, k) => [p, s.symbolic![k]]));
  }
  if (poles) out.poles = poles.poles.map((q) => ({ pole: q.pole, condition: q.condition, derivatives: Object.fromEntries(s.parameters.map((p, k) => [p, q.derivatives[k]])), ...(normalised ? { normalised: Object.fromEntries(s.parameters.map((p, k) => [p, q.normalised[k]])) } : {}) }));
  if (tr) out.trajectory = trajectoryJson(tr, normalised);
  if (adj) {
    out.adjoint = {
      times: adj.times,
      solver: adj.solver,
      outputs: adj.outputs,
      y: Object.fromEntries(adj.outputs.map((o, j) => [o, adj.y.map((row) => row[j])])),
      derivatives: Object.fromEntries(s.parameters.map((p, k) => [p, Object.fromEntries(adj.outputs.map((o, j) => [o, adj.derivatives[k][j]]))])),
      ...(normalised ? { normalised: Object.fromEntries(s.parameters.map((p, k) => [p, Object.fromEntries(adj.outputs.map((o, j) => [o, adj.normalised[k][j]]))])) } : {}),
      quadratureError: Object.fromEntries(adj.outputs.map((o, j) => [o, adj.quadratureError.map((row) => row[j])])),
      nodes: adj.nodes,
    };
  }
  out.notes = notes;
  return out;
}

function toCsv(s: MatrixSensitivities, poles: PoleSensitivities | undefined, tr: TrajectorySensitivities | undefined, adj: AdjointSensitivities | undefined, matrices: boolean, normalised: boolean): string {
  if (adj && !tr) {
    const lines = ['t,quantity,parameter,value,derivative,normalised,quadrature_error'];
    adj.times.forEach((t, i) => adj.outputs.forEach((o, j) => s.parameters.forEach((p, k) => lines.push([t, o, p, adj.y[i][j], adj.derivatives[k][j][i], adj.normalised[k][j][i], adj.quadratureError[i][j]].join(',')))));
    return lines.join('\n') + '\n';
  }
  if (tr) return trajectoryCsv(tr, normalised);
  const lines = ['quantity,row,column,parameter,value_re,value_im,derivative_re,derivative_im,normalised_re,normalised_im'];
  if (matrices) {
    for (const m of SENSITIVITY_MATRICES) {
      const { rows, cols } = labels(s, m);
      s.parameters.forEach((p, k) => {
        const d = s.derivatives[k][m];
        d.forEach((row, i) => row.forEach((x, j) => {
          const v = s.matrices[m][i][j];
          const n = v === 0 ? (x === 0 ? 0 : NaN) : (s.values[k] / v) * x;
          lines.push([m, rows[i] ?? i, cols[j] ?? j, p, v, 0, x, 0, n, 0].join(','));
        }));
      });
    }
  }
  for (const [i, q] of (poles?.poles ?? []).entries()) {
    s.parameters.forEach((p, k) => lines.push(['pole', i, '', p, q.pole.re, q.pole.im, q.derivatives[k].re, q.derivatives[k].im, q.normalised[k].re, q.normalised[k].im].join(',')));
  }
  return lines.join('\n') + '\n';
}

function toText(desc: SystemDescription, s: MatrixSensitivities, poles: PoleSensitivities | undefined, tr: TrajectorySensitivities | undefined, adj: AdjointSensitivities | undefined, notes: readonly string[], matrices: boolean, normalised: boolean): string {
  const lines = [`${desc.title ?? desc.name}: sensitivities to ${s.parameters.map((p, k) => `${p} = ${num(s.values[k])}`).join(', ')} (${s.method === 'symbolic' ? 'symbolic: the model in the parameters, differentiated exactly' : 'numeric: the formulation in dual numbers'})`];
  if (matrices) {
    s.parameters.forEach((p, k) => {
      for (const m of SENSITIVITY_MATRICES) {
        const d = s.derivatives[k][m];
        if (d.every((row) => row.every((x) => x === 0))) continue;
        const { rows, cols } = labels(s, m);
        const shown = normalised ? normalisedMatrix(s.matrices[m], d, s.values[k]) : d;
        const title = normalised ? `(${p}/${m})·∂${m}/∂${p} (entrywise)` : `∂${m}/∂${p}`;
        const body = shown.map((row, i) => [rows[i] ?? String(i), ...row.map((x, j) => (s.symbolic && !normalised && x !== 0 && /[A-Za-z]/.test(s.symbolic[k][m][i][j]) ? `${num(x)} = ${s.symbolic[k][m][i][j]}` : num(x)))]);
        lines.push('', `${title}:`, formatTable(['', ...cols], body));
      }
    });
    lines.push('', `(matrices whose derivative is zero are not shown; Em, A0, B0, B1: the descriptor form Em x' = A0 x + B0 u + B1 u')`);
  }
  if (poles) {
    const which = normalised ? (p: string) => `(${p}/λ)·∂λ/∂${p}` : (p: string) => `∂λ/∂${p}`;
    lines.push('', 'Pole sensitivities:', formatTable(['λ', ...s.parameters.map(which), 'condition'], poles.poles.map((q) => [cplx(q.pole), ...s.parameters.map((_, k) => cplx(normalised ? q.normalised[k] : q.derivatives[k])), num(q.condition)])));
  }
  if (tr) lines.push('', ...trajectoryText(tr, normalised, 'forward sensitivity equations'));
  if (adj) {
    const head = ['t', 'quantity', 'value', ...s.parameters.map((p) => (normalised ? `(${p}/y)·∂y/∂${p}` : `∂y/∂${p}`)), 'quadrature error'];
    const body = adj.times.flatMap((t, i) => adj.outputs.map((o, j) => [num(t), o, num(adj.y[i][j]), ...s.parameters.map((_, k) => num(normalised ? adj.normalised[k][j][i] : adj.derivatives[k][j][i])), num(adj.quadratureError[i][j])]));
    lines.push('', `Sensitivities at chosen times (adjoint method: one forward and one adjoint run per output, any number of parameters; solver ${adj.solver}, ${adj.nodes.join(', ')} Simpson nodes per segment):`, formatTable(head, body));
  }
  if (notes.length > 0) lines.push('', ...notes.map((n) => `note: ${n}`));
  return lines.join('\n');
}
