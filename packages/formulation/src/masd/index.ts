/** MASD's closed form, corrected (formulation.md section 6): the entry points of src/masd. */
export { masdFormulate, masdFormulateOrFallback } from './masd-formulate';
export type { MasdOptions } from './masd-formulate';
export { masdApplicability } from './masd-applicability';
export type { MasdApplicability, MasdCondition, MasdViolation } from './masd-applicability';
export { masdIntermediates } from './masd-intermediates';
export type { MasdIntermediates, MasdIntermediatesOptions } from './masd-intermediates';
export { formatMasdIntermediates, MASD_QUANTITIES } from './format-masd-intermediates';
export type { FormatMasdOptions, MasdQuantity } from './format-masd-intermediates';
export { CORRECTED_READING } from './masd-reading';
export type { MasdReading } from './masd-reading';
export { MASD_GROUP_SYMBOL, MASD_LINK_GROUPS, MASD_TREE_GROUPS } from './masd-partition';
export type { MasdGroup, MasdPartition } from './masd-partition';
export { masdTable, masdTableToLatex, masdTableToJson, masdTableToJsonText, masdTableToText } from './masd-table';
export type { MasdTable, MasdQuantityTable } from './masd-table';
export { masdProducts, MASD_PRODUCT_DEFINITIONS, MASD_ASSEMBLY } from './masd-products';
export type { MasdProducts, MasdProduct, MasdProductsOptions, MasdAxis } from './masd-products';
export { exprText, exprLatex, latexQuantityName } from './masd-expression';
export type { MatExpr } from './masd-expression';
