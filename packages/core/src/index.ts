export { DOMAINS, DOMAIN_VARIABLES } from './domains';
export type { Domain, DomainVariables } from './domains';
export type { OnePortType, SourceType, TwoPortKind, BranchClass, Variable } from './element-types';
export { SysgraphError, SysgraphErrors, isSysgraphError } from './errors';
export type { SysgraphErrorCode, SysgraphErrorDetails } from './errors';
export { diagnostic } from './diagnostics';
export type { Diagnostic, DiagnosticCode, Severity } from './diagnostics';
export { parseArithmetic, arithmeticNodesOf, MAX_ARITHMETIC_DEPTH } from './arithmetic-parser';
export type { ArithmeticNodes, ArithmeticNodeClasses } from './arithmetic-parser';
