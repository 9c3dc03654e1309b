/**
 * trajectorySensitivities: y(t) and ∂y(t)/∂θ_k of chosen states and outputs along a simulation, by the forward
 * sensitivity equations (sensitivity-model.ts) integrated with @sysgraph/simulate, and normalised
 * (θ_k / y)·∂y/∂θ_k (NaN where y = 0).
 */
import { SysgraphError } from '@sysgraph/core';
import type { CompiledModel } from '@sysgraph/engine';
import { inputSignals } from '@sysgraph/engine';
import type { LinearModel, SolverName } from '@sysgraph/simulate';
import { EXACT_MAX_STATES, simulate } from '@sysgraph/simulate';
import type { MatrixSensitivities, MatrixSensitivityOptions } from './matrix-sensitivities';
import { matrixSensitivities } from './matrix-sensitivities';
import { scaledSensitivityName, sensitivityModel } from './sensitivity-model';

export interface TrajectoryOptions extends MatrixSensitivityOptions {
  /** States or outputs by name (default: the outputs, or the states when there are none). */
  readonly outputs?: readonly string[];
  readonly tEnd?: number;
  /** Input signals by input name (default: each input's default, as the engine's simulate). */
  readonly signals?: Readonly<Record<string, string>>;
  /** Initial values by state name (independent of θ). */
  readonly initial?: Readonly<Record<string, number>>;
  readonly solver?: SolverName | 'auto';
  readonly rtol?: number;
  readonly atol?: number;
  readonly dt?: number;
  readonly samples?: number;
}

export interface TrajectorySensitivities {
  readonly parameters: readonly string[];
  readonly values: readonly number[];
  readonly t: Float64Array;
  /** The quantities followed (state or output names). */
  readonly outputs: readonly string[];
  /** y_j(t), one column per quantity. */
  readonly y: readonly Float64Array[];
  /** derivatives[k][j] = ∂y_j/∂θ_k (t). */
  readonly derivatives: readonly (readonly Float64Array[])[];
  /** normalised[k][j] = (θ_k / y_j) ∂y_j/∂θ_k (t), NaN where y_j = 0. */
  readonly normalised: readonly (readonly Float64Array[])[];
  readonly tEnd: number;
  readonly solver: string;
  readonly notes: readonly string[];
}

/** What the trajectory needs of a model's matrix sensitivities, dense or sparse. */
export interface SensitivityNames {
  readonly parameters: readonly string[];
  readonly values: readonly number[];
  readonly states: readonly string[];
  readonly outputs: readonly string[];
  readonly notes: readonly string[];
}

/** The quantities asked for, each a state or an output of the model. */
export function followed(sens: Pick<SensitivityNames, 'states' | 'outputs'>, outputs: readonly string[] | undefined, field = 'outputs'): readonly string[] {
  const known = [...sens.states, ...sens.outputs];
  const chosen = outputs && outputs.length > 0 ? outputs : sens.outputs.length > 0 ? sens.outputs : sens.states;
  for (const o of chosen) {
    if (!known.includes(o)) throw new SysgraphError('bad-option', `the model has no state or output ${o}`, { element: o, field, expected: `one of ${known.join(', ')}` });
  }
  return chosen;
}

export function trajectoryFromMatrices(model: CompiledModel, sens: MatrixSensitivities, options: TrajectoryOptions = {}): TrajectorySensitivities {
  // every parameter at once (n(1 + p) states), or one parameter per run (2n states) when that keeps the automatic
  // choice on the exact method, which the model itself would get: p runs of (2n)³ beat one of (n(1 + p))³ there
  const n = sens.states.length;
  const p = sens.parameters.length;
  const auto = options.solver === undefined || options.solver === 'auto';
  const split = auto && p > 1 && n * (1 + p) > EXACT_MAX_STATES && 2 * n <= EXACT_MAX_STATES;
  return integrateSensitivities(model, sens, (group) => sensitivityModel(sens, group), split, options);
}

/**
 * The forward sensitivity equations built by `build` for groups of parameters (all at once, or one per run when
 * `split`), integrated by @sysgraph/simulate, and read back as y, ∂y/∂θ and the normalised sensitivities.
 */
export function integrateSensitivities(model: CompiledModel, sens: SensitivityNames, build: (group: readonly number[]) => LinearModel, split: boolean, options: TrajectoryOptions = {}): TrajectorySensitivities {
  const chosen = followed(sens, options.outputs);
  const signals = inputSignals(model.description, model.inputNames, Object.entries(options.signals ?? {}).map(([k, v]) => `${k}=${v}`), undefined, 'signals');
  const tEnd = options.tEnd ?? model.endTime(signals, options.initial).tEnd;
  const n = sens.states.length;
  const p = sens.parameters.length;
  const groups = split ? sens.parameters.map((_, k) => [k]) : [sens.parameters.map((_, k) => k)];
  const runs = groups.map((group) =>
    simulate(build(group), {
      tEnd,
      inputs: signals,
      initial: options.initial,
      solver: options.solver,
      rtol: options.rtol,
      atol: options.atol,
      dt: options.dt,
      samples: options.samples,
      record: [...new Set([...chosen, ...group.flatMap((k) => chosen.map((o) => scaledSensitivityName(o, sens.parameters[k])))])],
    }),
  );
  const run = runs[0];
  const col = (name: string) => {
    for (const r of runs) {
      const i = r.names.indexOf(name);
      if (i >= 0) return r.columns[i];
    }
    throw new RangeError(`no column ${name}`);
  };
  const y = chosen.map(col);
  // the model integrates θ_k ∂y/∂θ_k (sensitivity-model.ts)
  const scaled = sens.parameters.map((name) => chosen.map((o) => col(scaledSensitivityName(o, name))));
  const derivatives = scaled.map((ds, k) => ds.map((d) => d.map((x) => x / sens.values[k])));
  const normalised = scaled.map((ds) => ds.map((d, j) => d.map((x, r) => (y[j][r] === 0 ? NaN : x / y[j][r]))));
  return {
    parameters: sens.parameters,
    values: sens.values,
    t: run.columns[0],
    outputs: chosen,
    y,
    derivatives,
    normalised,
    tEnd,
    solver: run.solver,
    notes: [...sens.notes, ...run.notes, ...(split ? [`the sensitivity equations were integrated one parameter at a time (${2 * n} states each, the exact method) rather than all at once (${n * (1 + p)} states)`] : [])],
  };
}

export function trajectorySensitivities(model: CompiledModel, parameters: readonly string[], options: TrajectoryOptions = {}): TrajectorySensitivities {
  return trajectoryFromMatrices(model, matrixSensitivities(model, parameters, options), options);
}
