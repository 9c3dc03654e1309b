/** @sysgraph/equations: StateMint-style equation files (README.md) read, checked and derived into state-space models. */
export { readEquationText } from './read-equation-text';
export { readEquationJson } from './read-equation-json';
export { readEquations } from './read-equations';
export type { ReadEquationsOptions } from './read-equations';
export { deriveModel, parseEquationSet } from './derive';
export { linearRows, lhsSymbol } from './linear-rows';
export type { LinearRows, NotLinear } from './linear-rows';
export { shiftedForm } from './shifted-form';
export type { ShiftedForm } from './shifted-form';
export { formatEquationModel } from './format-equation-model';
export { derivativeName, derivativeOf } from './derivative-name';
export { STATEMINT_MATRICES } from './equation-model';
export type { EquationModel, LinearEquationModel, NonlinearEquationModel, EquationFunctions, StatemintMatrix } from './equation-model';
export type { EquationSet, Equation, EquationSection, RawEquationSet, RawEquation, RawName, RawParameter, RawGraphName, SymbolKind } from './types';
