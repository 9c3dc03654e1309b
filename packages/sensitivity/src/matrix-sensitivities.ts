/**
 * matrixSensitivities: ∂A/∂θ, ∂B/∂θ, ∂C/∂θ, ∂D/∂θ, ∂E/∂θ, ∂Bd/∂θ of the standard form (formulation.md §5.3)
 * and of the descriptor form E_m x' = A0 x + B0 u + B1 u' (§5.2), for each parameter θ.
 *
 *   symbolic: the model formulated in exact rational functions of θ (the other parameters substituted by their
 *             values), each entry differentiated exactly (quotient rule on the bigint polynomials) and evaluated;
 *   numeric:  the general formulation run in dual numbers (dual-backend.ts): the exact derivative of the
 *             numeric formulation, linear solves differentiated by d(M⁻¹) = −M⁻¹ dM M⁻¹.
 *
 * 'auto' takes the symbolic route for small models and falls back to the numeric one when the symbolic model
 * is refused (too costly, or not rational: a coupling coefficient k gives √(L1 L2)).
 */
import { SysgraphError } from '@sysgraph/core';
import type { CompiledModel } from '@sysgraph/engine';
import type { Dense, StateSpace } from '@sysgraph/formulation';
import { formulate, symbolicBackend } from '@sysgraph/formulation';
import type { RationalFunction, VariableSet } from '@sysgraph/symbolic';
import { toText } from '@sysgraph/symbolic';
import { checkParameters, requireLinear } from './check-model';
import { dualBackend } from './dual-backend';
import type { Dual } from './dual-number';

/** Standard form A, B, C, D, E (u' in y), Bd; descriptor Em (mass), A0, B0, B1. */
export const SENSITIVITY_MATRICES = ['A', 'B', 'C', 'D', 'E', 'Bd', 'Em', 'A0', 'B0', 'B1'] as const;
export type SensitivityMatrix = (typeof SENSITIVITY_MATRICES)[number];

export type Matrices = Readonly<Record<SensitivityMatrix, number[][]>>;

export interface MatrixSensitivities {
  readonly parameters: readonly string[];
  /** The parameters' values θ. */
  readonly values: readonly number[];
  readonly method: 'symbolic' | 'numeric';
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** The matrices at the parameter values. */
  readonly matrices: Matrices;
  /** derivatives[k][name] = ∂name/∂θ_k. */
  readonly derivatives: readonly Matrices[];
  /** symbolic: the entries of ∂name/∂θ_k as text in the parameters (absent on the numeric route). */
  readonly symbolic?: readonly Readonly<Record<SensitivityMatrix, string[][]>>[];
  readonly notes: readonly string[];
}

export interface MatrixSensitivityOptions {
  /** 'auto' (default): symbolic for small models, else numeric. */
  readonly method?: 'auto' | 'symbolic' | 'numeric';
}

/** Largest model taken symbolically by 'auto' (states, branches). */
export const SYMBOLIC_MAX_STATES = 8;
export const SYMBOLIC_MAX_BRANCHES = 40;

const pick = <M>(ss: StateSpace<M>): Record<SensitivityMatrix, M> => ({
  A: ss.A, B: ss.B, C: ss.C, D: ss.D, E: ss.E, Bd: ss.Bd,
  Em: ss.descriptor.E, A0: ss.descriptor.A0, B0: ss.descriptor.B0, B1: ss.descriptor.B1,
});

const mapAll = <T, U>(ms: Record<SensitivityMatrix, Dense<T>>, f: (x: T) => U): Record<SensitivityMatrix, U[][]> =>
  Object.fromEntries(SENSITIVITY_MATRICES.map((k) => [k, ms[k].map((row) => row.map(f))])) as Record<SensitivityMatrix, U[][]>;

/** The numeric route: one formulation in dual numbers for every parameter at once. */
export function dualSensitivities(model: CompiledModel, parameters: readonly string[]): MatrixSensitivities {
  requireLinear(model, 'sensitivity');
  checkParameters(model, parameters);
  const ss = formulate(model.structure, dualBackend(model.description, parameters), { stateChoice: model.options.stateChoice });
  const ms = pick(ss as StateSpace<Dense<Dual>>);
  return {
    parameters,
    values: parameters.map((p) => model.description.parameters.get(p) as number),
    method: 'numeric',
    states: ss.states,
    inputs: ss.inputs,
    outputs: ss.outputs,
    matrices: mapAll(ms, (x) => x.v),
    derivatives: parameters.map((_, k) => mapAll(ms, (x) => x.d[k])),
    notes: [],
  };
}

/**
 * A non-rational function of a parameter (cos(alpha) in a transformer's ratio) is one opaque symbol of the rational
 * functions: ∂/∂alpha of the entries would leave out its dependence on alpha. The symbolic route refuses such θ
 * (auto then takes the numeric route, whose dual numbers go through cos, sqrt, exp, …).
 */
function refuseAtomsOf(variables: VariableSet, parameters: readonly string[]): void {
  for (let i = 0; i < variables.size; i++) {
    const atom = variables.atomAt(i);
    if (!atom) continue;
    const read = parameters.filter((p) => atom.parameters.includes(p));
    if (read.length > 0) {
      throw new SysgraphError('unsupported', `the symbolic route does not differentiate through ${variables.nameOf(i)}, a non-rational function of ${read.join(', ')}`, {
        element: read[0],
        field: 'method',
        expected: 'the numeric route (--method numeric, or auto, which takes it)',
      });
    }
  }
}

/** The symbolic route: entries in θ, differentiated exactly. */
export function symbolicSensitivities(model: CompiledModel, parameters: readonly string[]): MatrixSensitivities {
  requireLinear(model, 'sensitivity');
  checkParameters(model, parameters);
  const sym = symbolicBackend(model.description, { keep: parameters });
  const ss = formulate(model.structure, sym.backend, { stateChoice: model.options.stateChoice });
  refuseAtomsOf(sym.variables, parameters);
  const ms = pick(ss as StateSpace<Dense<RationalFunction>>);
  const derived = parameters.map((p) => mapAll(ms, (x) => x.derivative(p)));
  return {
    parameters,
    values: parameters.map((p) => model.description.parameters.get(p) as number),
    method: 'symbolic',
    states: ss.states,
    inputs: ss.inputs,
    outputs: ss.outputs,
    matrices: mapAll(ms, (x) => sym.evaluate(x)),
    derivatives: derived.map((d) => mapAll(d, (x) => sym.evaluate(x))),
    symbolic: derived.map((d) => mapAll(d, (x) => toText(x))),
    notes: [],
  };
}

const FALLBACK_CODES = new Set(['symbolic-too-costly', 'unsupported']);

export function matrixSensitivities(model: CompiledModel, parameters: readonly string[], options: MatrixSensitivityOptions = {}): MatrixSensitivities {
  const method = options.method ?? 'auto';
  if (method === 'numeric') return dualSensitivities(model, parameters);
  if (method === 'symbolic') return symbolicSensitivities(model, parameters);
  requireLinear(model, 'sensitivity');
  const small = model.stateNames.length <= SYMBOLIC_MAX_STATES && model.structure.graph.ids.length <= SYMBOLIC_MAX_BRANCHES;
  if (!small) {
    const r = dualSensitivities(model, parameters);
    return { ...r, notes: [`numeric derivatives of the formulation (dual numbers): more than ${SYMBOLIC_MAX_STATES} states or ${SYMBOLIC_MAX_BRANCHES} branches`] };
  }
  try {
    return symbolicSensitivities(model, parameters);
  } catch (e) {
    if (!(e instanceof SysgraphError) || !FALLBACK_CODES.has(e.code)) throw e;
    const r = dualSensitivities(model, parameters);
    return { ...r, notes: [`numeric derivatives of the formulation (dual numbers): the symbolic model was refused (${e.message})`] };
  }
}
