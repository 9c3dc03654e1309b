/** The nonlinear formulation (formulation.md section 12): symbolic f(x, u, t), compiled model, linearisation. */
export { nonlinearModel } from './nonlinear-model';
export type { NonlinearModelOptions, NonlinearModelLike, NonlinearResult, NonlinearSymbolic, NonlinearEvaluator, ExpressionMatrix } from './nonlinear-model';
export { buildNonlinearSystem } from './nonlinear-system';
export type { NonlinearSystem, NonlinearState, ImplicitVariable } from './nonlinear-system';
export { createNonlinearMath } from './nonlinear-math';
export type { NonlinearMath } from './nonlinear-math';
export { checkNonlinearHypotheses } from './check-hypotheses';
export { linearise } from './linearise';
export type { Linearisation, LinearisationOptions } from './linearise';
export { solveLaw } from './solve-law';
export type { LawFunction, SolveLawResult } from './solve-law';
export { compileClosure } from './compile-closure';
export type { Closure, SymbolTable } from './compile-closure';
export { formatNonlinear, nonlinearToLatex } from './format-nonlinear';
