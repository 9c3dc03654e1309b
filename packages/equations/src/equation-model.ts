/**
 * The models an equation set derives (derive.ts):
 *
 *   linear:     x' = A x + B u + E u',   y = C x + D u + F u'      (A…F exact in the parameters, and in numbers)
 *   nonlinear:  x' = f(t, x, u, u'),     y = g(t, x, u, u')         (evaluated by walking the expressions)
 *
 * E is the tutorial tool's "E" (its Nonstandard form); F the outputs' u' term. The project's simulation form
 * x̃ = x − E u (formulation.md section 5.3) is given by shiftedForm().
 */
import type { FieldMatrix, RationalFunction, RationalFunctionField } from '@sysgraph/symbolic';
import type { Equation } from './types';

export const STATEMINT_MATRICES = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export type StatemintMatrix = (typeof STATEMINT_MATRICES)[number];

export interface LinearEquationModel {
  readonly kind: 'linear';
  readonly name: string;
  readonly title?: string;
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly parameters: ReadonlyMap<string, number | null>;
  readonly field: RationalFunctionField;
  readonly symbolic: Readonly<Record<StatemintMatrix, FieldMatrix<RationalFunction>>>;
  /** The matrices at the parameter values; absent when a parameter they use has no value. */
  readonly numeric?: Readonly<Record<StatemintMatrix, number[][]>>;
  /** What the derivation did that the user should know (dependent storage eliminated, …). */
  readonly notes: readonly string[];
}

/** The simulator's nonlinear model (structurally @sysgraph/simulate's NonlinearModel). */
export interface EquationFunctions {
  readonly kind: 'nonlinear';
  readonly stateNames: readonly string[];
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  f(t: number, x: Float64Array, u: Float64Array, du: Float64Array, dxdt: Float64Array): void;
  g(t: number, x: Float64Array, u: Float64Array, du: Float64Array, y: Float64Array): void;
}

export interface NonlinearEquationModel {
  readonly kind: 'nonlinear';
  readonly name: string;
  readonly title?: string;
  readonly states: readonly string[];
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly parameters: ReadonlyMap<string, number | null>;
  /** The equations in the order they are evaluated: the variables (each after those it uses), then the states'. */
  readonly order: readonly Equation[];
  /** Why the set is nonlinear: the first equation that is not linear. */
  readonly why: { readonly equation: Equation; readonly reason: string };
  readonly model: EquationFunctions;
  readonly notes: readonly string[];
}

export type EquationModel = LinearEquationModel | NonlinearEquationModel;
