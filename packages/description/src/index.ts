export { parseSystem, createSystemParser } from './parse-system';
export type { ParseOptions, SystemParser } from './parse-system';
export { withParameters } from './with-parameters';
export type { WithParametersOptions } from './with-parameters';
export { formatDescription, lawText } from './format-description';
export { LAW_FORMS } from './read-law';
export { PARAMETRIC_COORDINATES, DEFAULT_CURVE_PARAMETER } from './read-parametric-law';
export { TIME_VARIABLE } from './time-variable';
export { descriptionToJSON } from './describe-json';
export {
  createExpressionParser,
  expressionFromNumber,
  expressionFromText,
  EXPRESSION_FUNCTIONS,
  MAX_EXPRESSION_LENGTH,
  MAX_EXPRESSION_DEPTH,
} from './expression';
export type { ExpressionParser, ExpressionSite, DeclaredParameters } from './expression';
export { evaluateExpression, EXPRESSION_FUNCTION_VALUES } from './evaluate-expression';
export { ELEMENT_KINDS, KIND_NAMES, elementKind } from './kinds';
export type { ElementKindInfo, ValueMapping } from './kinds';
export { SYSTEM_SCHEMA, createSchemaValidator } from './schema-validator';
export type { SchemaValidator } from './schema-validator';
export type { RawSystem, RawElement, RawPort, RawOutput, RawParameter, RawValue, RawLaw, RawParametricLaw } from './raw-input';
export type {
  Expression,
  OnePort,
  Law,
  ExplicitLaw,
  ParametricLaw,
  ParametricCoordinate,
  LawForm,
  LawVariable,
  Source,
  Port,
  TwoPort,
  MutualInductance,
  OutputSpec,
  SystemDescription,
  ParameterDetails,
} from './types';
export { withParasitics } from './with-parasitics';
export type { ParasiticOptions } from './with-parasitics';
export { codeUnitOrder } from './code-unit-order';
export type { BranchNumbering } from './types';
export { readSpiceNetlist } from './netlist/read-spice-netlist';
export type { ReadNetlistOptions, SpiceNetlist, TranCard, SourceWaveform, InitialConditions, NodeInitial, ElementInitial } from './netlist/netlist-types';
export { parseSpiceNumber, SPICE_SCALE_FACTORS } from './netlist/spice-number';
