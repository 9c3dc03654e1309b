export { structuredForm, expandStructured } from './structured-form';
export type { StructuredForm } from './structured-form';
export { structuredTable, STRUCTURED_BLOCKS } from './structured-table';
export type { StructuredTable, StructuredBlock, StructuredEntry, StructuredBlockName, SharedSubexpression } from './structured-table';
export { structuredToText, structuredToLatex, structuredToJson, STRUCTURED_PRODUCTS, STRUCTURED_DEPENDENT_PRODUCTS } from './format-structured';
export { structuredToMatlab, structuredToPython } from './export-structured-code';
