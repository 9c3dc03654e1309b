/**
 * The printers of the formulation stage, re-exported so that the command line and the web app reach every model
 * through one package: tables of a model's cells (modelTable, numberCells, numericBackend for the cells of a
 * numeric model), the linear model as text, JSON, LaTeX, MATLAB and Python (dense and sparse), MASD's closed form
 * and the structured form, the nonlinear model f, g and its linearisation, the time-varying model and the mathjs
 * instance that differentiates in t. The computations stay in @sysgraph/formulation; nothing here is new.
 */
export {
  MATRIX_NAMES,
  coefficientLatex,
  coefficientSimplifier,
  createTimeMath,
  formatNonlinear,
  formatTimeVarying,
  formatTimeVaryingSymbolic,
  latexIdentifier,
  latexNumber,
  linearisationTable,
  linearise,
  masdTableToJson,
  masdTableToJsonText,
  masdTableToLatex,
  masdTableToText,
  modelTable,
  modelToJson,
  modelToLatex,
  modelToMatlab,
  modelToPython,
  modelToText,
  nonlinearToLatex,
  numberCells,
  numericBackend,
  sparseModelToJson,
  sparseModelToMatlab,
  sparseModelToPython,
  sparseModelToText,
  structuredToJson,
  structuredToLatex,
  structuredToMatlab,
  structuredToPython,
  structuredToText,
  timeVaryingLatex,
  timeVaryingSymbolic,
} from '@sysgraph/formulation';
export type {
  Dense,
  Linearisation,
  MasdTable,
  ModelTable,
  NonlinearResult,
  StateSpace,
  StructuredTable,
  TimeMath,
  TimeVaryingModel,
  TimeVaryingSymbolic,
} from '@sysgraph/formulation';
