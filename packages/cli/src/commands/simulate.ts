/** sysgraph simulate: integrates the model for the given inputs and writes CSV or JSON, and optionally a plot. */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { evaluateExpression } from '@sysgraph/description';
import { toSimulationModel } from '@sysgraph/simulate';
import type { StateSpace } from '@sysgraph/formulation';
import { eigenvalues } from '@sysgraph/linalg';
import { simulate, traceToCsv, traceToJson } from '@sysgraph/simulate';
import type { LinearModel, SimulationResult } from '@sysgraph/simulate';
import { buildModel } from '../build-model';
import type { ModelOptions } from '../build-model';

export interface SimulateCommandOptions {
  readonly tEnd?: number;
  readonly inputs?: readonly string[];
  readonly initial?: readonly string[];
  readonly solver?: string;
  readonly rtol?: number;
  readonly atol?: number;
  readonly dt?: number;
  readonly samples?: number;
  readonly onProgress?: (fraction: number) => void;
  readonly note?: (line: string) => void;
}

/** NAME=VALUE pairs (the value kept as text). */
export function parsePairs(list: readonly string[] | undefined, option: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list ?? []) {
    const k = item.indexOf('=');
    if (k <= 0) throw new SysgraphError('bad-option', `${option} ${item}: expected NAME=VALUE`, { field: option, expected: 'NAME=VALUE' });
    out[item.slice(0, k).trim()] = item.slice(k + 1).trim();
  }
  return out;
}

/** Five times the slowest time constant (or two periods of the slowest oscillation) of A; 1 s without states. */
export function suggestEndTime(A: readonly (readonly number[])[]): number {
  if (A.length === 0) return 1;
  const { re, im } = eigenvalues(A.map((r) => [...r]));
  let horizon = 0;
  for (let k = 0; k < re.length; k++) {
    if (re[k] < -1e-12) horizon = Math.max(horizon, 5 / -re[k]);
    if (Math.abs(im[k]) > 1e-12) horizon = Math.max(horizon, (2 * 2 * Math.PI) / Math.abs(im[k]));
  }
  if (horizon === 0) horizon = 1;
  return Number(horizon.toPrecision(2));
}

export interface SimulationRun {
  readonly result: SimulationResult;
  readonly tEnd: number;
  readonly inputs: Record<string, string>;
}

export function runSimulation(desc: SystemDescription, opts: SimulateCommandOptions, model: ModelOptions = {}): SimulationRun {
  const built = buildModel(desc, { ...model, symbolic: false });
  const ss = built.numeric as StateSpace<number[][]>;
  const linear = toSimulationModel(ss, built.structure) as LinearModel;
  const given = parsePairs(opts.inputs, '--input');
  for (const name of Object.keys(given)) {
    if (!ss.inputs.includes(name)) throw new SysgraphError('bad-option', `--input ${name}: the model has no input ${name}`, { element: name, field: '--input', expected: `one of ${ss.inputs.join(', ') || '(no inputs)'}` });
  }
  const inputs: Record<string, string> = {};
  for (const name of ss.inputs) {
    if (given[name] !== undefined) {
      inputs[name] = given[name];
      continue;
    }
    const src = desc.sources.find((s) => s.input === name && s.constant);
    inputs[name] = src?.constant ? String(evaluateExpression(src.constant, desc.parameters)) : 'step(1)';
    opts.note?.(`input ${name} = ${inputs[name]} (default; set it with --input ${name}=SIGNAL)`);
  }
  const initial: Record<string, number> = {};
  for (const [k, v] of Object.entries(parsePairs(opts.initial, '--initial'))) {
    const x = Number(v);
    if (!Number.isFinite(x)) throw new SysgraphError('bad-option', `--initial ${k}=${v}: expected a number`, { element: k, field: '--initial', expected: 'a number' });
    initial[k] = x;
  }
  const tEnd = opts.tEnd ?? (ss.backend === 'sparse' ? 1 : suggestEndTime(ss.A));
  if (opts.tEnd === undefined) opts.note?.(`t-end = ${tEnd} s (from the slowest eigenvalue; set it with --t-end)`);
  const result = simulate(linear, {
    tEnd,
    inputs,
    initial,
    solver: (opts.solver ?? 'auto') as never,
    rtol: opts.rtol,
    atol: opts.atol,
    dt: opts.dt,
    samples: opts.samples,
    onProgress: opts.onProgress,
  });
  return { result, tEnd, inputs };
}

export function formatSimulation(run: SimulationRun, format: 'csv' | 'json'): string {
  if (format === 'json') return JSON.stringify({ ...traceToJson(run.result), solver: run.result.solver, solverReason: run.result.solverReason, inputs: run.inputs, tEnd: run.tEnd });
  return traceToCsv(run.result);
}
