/**
 * buildTimeVarying: the linear time-varying model of a description with values in t (formulation.md sections 5.2
 * and 11; timeVaryingModel of @sysgraph/formulation) and its simulator model with units, the charge-flux form's
 * physical states appended to the outputs (timeVaryingSimulationModel). initialState: the initial values a user
 * gives, by the model's state names or by the physical v_C, i_L (converted by p = E(t0) x − B1(t0) u(t0)).
 */
import { SysgraphError } from '@sysgraph/core';
import type { SystemDescription } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import type { Structure } from '@sysgraph/graph';
import { createTimeMath, timeVaryingModel, timeVaryingSimulationModel } from '@sysgraph/formulation';
import type { SimulationModelWithUnits, StorageLaw, TimeMath, TimeVaryingForm, TimeVaryingModel } from '@sysgraph/formulation';

export interface TimeVaryingBuildOptions {
  /** --tv-form: 'charge-flux' (default) or 'across-through'. */
  readonly form?: TimeVaryingForm;
  /** --storage-law: 'conservative' (default) or 'non-conservative'. */
  readonly storageLaw?: StorageLaw;
  /** The mathjs instance that differentiates in t (created once per process when absent here). */
  readonly math?: TimeMath;
}

export interface TimeVaryingBuild {
  readonly structure: Structure;
  readonly tv: TimeVaryingModel;
  readonly model: SimulationModelWithUnits;
  readonly math: TimeMath;
}

export function buildTimeVarying(desc: SystemDescription, opts: TimeVaryingBuildOptions = {}): TimeVaryingBuild {
  const structure = analyzeStructure(desc);
  const math = opts.math ?? createTimeMath();
  const tv = timeVaryingModel(structure, { form: opts.form, storageLaw: opts.storageLaw, math });
  return { structure, tv, model: timeVaryingSimulationModel(desc, tv), math };
}

/**
 * The model's initial state from values named by its own states (q_C, lambda_L or v_C, i_L) or, all of them,
 * by the physical states v_C, i_L (absent ones 0), converted at t0 with the inputs u0 there. Mixing both kinds,
 * or an unknown name, is 'bad-option' naming --initial.
 */
export function initialState(tv: TimeVaryingModel, given: Readonly<Record<string, number>>, t0: number, u0: ArrayLike<number>, note?: (line: string) => void): Record<string, number> {
  const names = Object.keys(given);
  const own = names.filter((n) => tv.states.includes(n));
  const physical = names.filter((n) => tv.physicalStates.includes(n) && !tv.states.includes(n));
  const unknown = names.filter((n) => !tv.states.includes(n) && !tv.physicalStates.includes(n));
  if (unknown.length > 0) {
    throw new SysgraphError('bad-option', `--initial ${unknown[0]}: the model has no state ${unknown[0]}`, {
      element: unknown[0],
      field: '--initial',
      expected: `one of ${[...new Set([...tv.states, ...tv.physicalStates])].join(', ')}`,
    });
  }
  if (physical.length === 0) return { ...given };
  if (own.length > 0) {
    throw new SysgraphError('bad-option', `--initial: ${own[0]} and ${physical[0]} mix the model's states and the physical states`, {
      element: physical[0],
      field: '--initial',
      expected: `initial values of ${tv.states.join(', ')} or of ${tv.physicalStates.join(', ')}, not both`,
    });
  }
  const x = tv.physicalStates.map((n) => given[n] ?? 0);
  const s = tv.toState(t0, x, u0);
  note?.(`initial ${tv.physicalStates.map((n, k) => `${n} = ${x[k]}`).join(', ')} → ${tv.states.map((n, k) => `${n} = ${Number(s[k].toPrecision(12))}`).join(', ')} (p = E(t) x − B1(t) u at t = ${t0})`);
  return Object.fromEntries(tv.states.map((n, k) => [n, s[k]]));
}
