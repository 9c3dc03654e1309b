/** @sysgraph/symbolic: exact symbolic algebra (polynomials, gcd, rational functions, matrices) for state-space models. */

export { VariableSet } from './variable-set';
export { ATOM_FUNCTIONS, atomName, evaluateAtom } from './atom/atom';
export type { AtomDefinition, AtomNode } from './atom/atom';

export { Polynomial } from './polynomial/polynomial';
export type { Term } from './polynomial/polynomial';
export { MAX_EXPONENT } from './polynomial/monomial';

export { gcd, lcm, newGcdStats } from './gcd/gcd';
export type { GcdOptions, GcdStats } from './gcd/gcd';
export { GcdCache } from './gcd/gcd-cache';

export { RationalFunction } from './rational/rational-function';
export type { ParameterValues } from './rational/rational-function';

export type { Field } from './field/field';
export { numberField, numberFieldWithTolerance } from './field/number-field';
export { rationalFunctionField, isRationalFunctionField } from './field/rational-function-field';
export type { RationalFunctionField } from './field/rational-function-field';

export { FieldMatrix } from './matrix/field-matrix';
export { detectStructure } from './matrix/structure';
export type { MatrixStructure } from './matrix/structure';
export { solve, inverse, determinant } from './matrix/solve';
export type { SolveMethod, SolveOptions } from './matrix/solve';
export { gaussSolve } from './matrix/gauss-solve';
export { bareissDeterminant } from './matrix/bareiss';
export { clearRowDenominators } from './matrix/fraction-free';

export { fromMathNode, RATIONAL_EXPECTED } from './mathjs/from-math-node';
export type { FromMathNodeOptions } from './mathjs/from-math-node';
export { parseRational } from './mathjs/parse-rational';
export { toMathNode } from './mathjs/to-math-node';
export { exactDecimal, exactNumber } from './mathjs/exact-decimal';

export { formatText as toText, polynomialText } from './print/to-text';
export { toLatex } from './print/to-latex';
export { latexName } from './print/latex-name';

export { compileRational } from './compile/compile-rational';
export type { CompiledRational } from './compile/compile-rational';

export {
  estimateSymbolicCost,
  estimateMatrixCost,
  monomialBound,
  assertSymbolicAffordable,
  permanent,
} from './cost/estimate-symbolic-cost';
export type { SymbolicCost, CostVerdict, CostThresholds } from './cost/estimate-symbolic-cost';
export { rowDegrees } from './cost/row-degrees';
export {
  SMALL_ENTRY_WEIGHT, ZERO_SIZE, addSize, entrySize, entryWeight, inverseSizes, isSmallExpansion, maxEntryWeight, mulSize, productSizes,
  sizeMatrix, sumSizes,
} from './cost/expansion-size';
export type { EntrySize, SizeMatrix } from './cost/expansion-size';
