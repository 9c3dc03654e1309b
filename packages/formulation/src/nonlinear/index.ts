/** The nonlinear formulation (formulation.md section 12): symbolic f(x, u, t), compiled model, linearisation. */
export { nonlinearModel } from './nonlinear-model';
export type { NonlinearModelOptions, NonlinearModelLike, NonlinearResult, NonlinearSymbolic, NonlinearEvaluator, NonlinearJacobians, ExpressionMatrix } from './nonlinear-model';
export { buildNonlinearSystem } from './nonlinear-system';
export type { NonlinearSystem, NonlinearState, ImplicitVariable, RateVariable } from './nonlinear-system';
export type { StateQuantity, MonotoneCheck } from './system-parts';
export { elementCurve } from './element-curve';
export type { ElementCurve, CurveQuantity } from './element-curve';
export { createNonlinearMath } from './nonlinear-math';
export type { NonlinearMath } from './nonlinear-math';
export { checkNonlinearHypotheses } from './check-hypotheses';
export { checkMonotone } from './check-monotone';
export { linearise } from './linearise';
export type { Linearisation, LinearisationOptions } from './linearise';
export { solveLaw, solveOnInterval } from './solve-law';
export type { LawFunction, SolveLawResult } from './solve-law';
export { compileClosure } from './compile-closure';
export type { Closure, SymbolTable } from './compile-closure';
export { formatNonlinear, nonlinearToLatex } from './format-nonlinear';
