/** SimulateOptions and their validation at the boundary (typed 'bad-option' / 'bad-signal' errors). */
import { SysgraphError } from '@sysgraph/core';
import type { Signal } from './signals/signal';
import type { SolverName } from './solvers/solver';
import { SOLVER_NAMES } from './solvers/registry';

export interface SimulateOptions {
  /** End time (> tStart). */
  readonly tEnd: number;
  /** Start time, default 0. */
  readonly tStart?: number;
  /** Input signals by input name (text syntax or Signal); missing inputs are 0. */
  readonly inputs?: Readonly<Record<string, Signal | string>>;
  /** Initial physical state x(tStart) by state name; missing states are 0. */
  readonly initial?: Readonly<Record<string, number>>;
  /** 'auto' (default) picks one and says why in result.solverReason. */
  readonly solver?: SolverName | 'auto';
  /** Relative tolerance of the adaptive solvers, default 1e-6. */
  readonly rtol?: number;
  /** Absolute tolerance of the adaptive solvers, default 1e-9. */
  readonly atol?: number;
  /** Step of the fixed-step solvers; the largest step of the adaptive ones. */
  readonly dt?: number;
  /** N evenly spaced output times over [tStart, tEnd], both ends included; default: every accepted step. */
  readonly samples?: number;
  /** Step budget, default 1e6. */
  readonly maxSteps?: number;
  /**
   * The exact method's hold of expression inputs on its error-controlled internal steps: 'cubic' (Hermite from u
   * and u', default) or 'linear' (first-order hold). Affine inputs and sines are integrated exactly either way.
   */
  readonly hold?: 'cubic' | 'linear';
  /** Names of the states and outputs to record (default all); t is always recorded. */
  readonly record?: readonly string[];
  /** Called with the completed fraction of the time span, at most about 100 times. */
  readonly onProgress?: (fraction: number) => void;
}

export interface ValidOptions {
  readonly tStart: number;
  readonly tEnd: number;
  readonly solver: SolverName | 'auto';
  readonly rtol: number;
  readonly atol: number;
  readonly dt?: number;
  readonly samples?: number;
  readonly maxSteps: number;
  readonly hold: 'cubic' | 'linear';
}

function bad(field: string, expected: string, got: unknown): SysgraphError {
  return new SysgraphError('bad-option', `option ${field}: expected ${expected}, got ${String(got)}`, { field, expected });
}

const finite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

export function validateOptions(options: SimulateOptions): ValidOptions {
  if (typeof options !== 'object' || options === null) throw bad('options', 'an object', options);
  const tStart = options.tStart ?? 0;
  if (!finite(tStart)) throw bad('tStart', 'a finite number', tStart);
  if (!finite(options.tEnd) || options.tEnd < 0) throw bad('tEnd', 'a finite, non-negative number', options.tEnd);
  if (!(options.tEnd > tStart)) throw bad('tEnd', `a time after tStart = ${tStart}`, options.tEnd);
  const solver = options.solver ?? 'auto';
  if (solver !== 'auto' && !SOLVER_NAMES.includes(solver)) throw bad('solver', `one of auto, ${SOLVER_NAMES.join(', ')}`, solver);
  const rtol = options.rtol ?? 1e-6;
  if (!finite(rtol) || rtol <= 0 || rtol >= 1) throw bad('rtol', 'a number in (0, 1)', rtol);
  const atol = options.atol ?? 1e-9;
  if (!finite(atol) || atol <= 0) throw bad('atol', 'a positive number', atol);
  if (options.dt !== undefined && (!finite(options.dt) || options.dt <= 0)) throw bad('dt', 'a positive number', options.dt);
  if (options.samples !== undefined && (!Number.isInteger(options.samples) || options.samples < 2)) {
    throw bad('samples', 'an integer ≥ 2', options.samples);
  }
  if (options.samples !== undefined && options.samples > 1e8) throw bad('samples', 'at most 1e8', options.samples);
  const maxSteps = options.maxSteps ?? 1e6;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) throw bad('maxSteps', 'a positive integer', maxSteps);
  const hold = options.hold ?? 'cubic';
  if (hold !== 'cubic' && hold !== 'linear') throw bad('hold', "'cubic' or 'linear'", hold);
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function') {
    throw bad('onProgress', 'a function', options.onProgress);
  }
  return { tStart, tEnd: options.tEnd, solver, rtol, atol, dt: options.dt, samples: options.samples, maxSteps, hold };
}
