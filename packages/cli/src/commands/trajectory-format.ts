/**
 * The trajectory sensitivities of `sysgraph sensitivity` (dense or sparse route) as JSON, CSV columns and a text
 * table of at most 11 evenly spread rows.
 */
import { initialValues, parsePairs } from '@sysgraph/engine';
import { formatTable } from '@sysgraph/graph';
import type { TrajectoryOptions, TrajectorySensitivities } from '@sysgraph/sensitivity';
import type { SolverName } from '@sysgraph/simulate';

/** The command's run options (--t-end, --input, --initial, --solver, tolerances, --samples) for the API. */
export function runOptions(opts: { tEnd?: number; input: readonly string[]; initial: readonly string[]; solver?: string; rtol?: number; atol?: number; dt?: number; samples?: number }, outputs: readonly string[] | undefined): TrajectoryOptions {
  return {
    outputs,
    tEnd: opts.tEnd,
    signals: parsePairs([...opts.input], '--input'),
    initial: initialValues([...opts.initial]),
    solver: opts.solver as SolverName | 'auto' | undefined,
    rtol: opts.rtol,
    atol: opts.atol,
    dt: opts.dt,
    samples: opts.samples,
  };
}

const num = (x: number) => (Number.isNaN(x) ? 'NaN' : String(Number(x.toPrecision(8))));

export function trajectoryJson(tr: TrajectorySensitivities, normalised: boolean): Record<string, unknown> {
  const per = (cols: readonly (readonly Float64Array[])[]) => Object.fromEntries(tr.parameters.map((p, k) => [p, Object.fromEntries(tr.outputs.map((o, j) => [o, Array.from(cols[k][j])]))]));
  return {
    t: Array.from(tr.t),
    tEnd: tr.tEnd,
    solver: tr.solver,
    outputs: tr.outputs,
    y: Object.fromEntries(tr.outputs.map((o, j) => [o, Array.from(tr.y[j])])),
    derivatives: per(tr.derivatives),
    ...(normalised ? { normalised: per(tr.normalised) } : {}),
  };
}

/** Columns t, y, then ∂y/∂θ (or the normalised) for every parameter. */
export function trajectoryCsv(tr: TrajectorySensitivities, normalised: boolean): string {
  const names = ['t', ...tr.outputs, ...tr.parameters.flatMap((p) => tr.outputs.map((o) => (normalised ? `(${p}/${o})·d(${o})/d(${p})` : `d(${o})/d(${p})`)))];
  const cols = [tr.t, ...tr.y, ...tr.parameters.flatMap((_, k) => (normalised ? tr.normalised[k] : tr.derivatives[k]))];
  const lines = [names.map((n) => (/[",]/.test(n) ? `"${n}"` : n)).join(',')];
  for (let r = 0; r < tr.t.length; r++) lines.push(cols.map((c) => String(c[r])).join(','));
  return lines.join('\n') + '\n';
}

/** The title line and table; `method` names how the equations were set up. */
export function trajectoryText(tr: TrajectorySensitivities, normalised: boolean, method: string): string[] {
  const N = tr.t.length;
  const shown = Math.min(N, 11);
  const pick = Array.from({ length: shown }, (_, r) => Math.round((r * (N - 1)) / Math.max(1, shown - 1)));
  const head = ['t', ...tr.outputs, ...tr.parameters.flatMap((p) => tr.outputs.map((o) => (normalised ? `(${p}/${o})·∂${o}/∂${p}` : `∂${o}/∂${p}`)))];
  const cols = [tr.t, ...tr.y, ...tr.parameters.flatMap((_, k) => (normalised ? tr.normalised[k] : tr.derivatives[k]))];
  return [`Trajectory sensitivities (${method}, solver ${tr.solver}, ${N} samples to t = ${num(tr.tEnd)}; --format csv for all):`, formatTable(head, pick.map((r) => cols.map((c) => num(c[r]))))];
}
