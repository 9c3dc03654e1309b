/** Linear time-varying systems (formulation.md sections 5.2 and 11): values that depend on t. */
export { timeVaryingModel } from './time-varying-model';
export type { TimeVaryingModel, TimeVaryingOptions, TimeVaryingMatrices, TimeVaryingSite, TimeVaryingForm, StorageLaw } from './time-varying-model';
export { backendAtTime } from './backend-at-time';
export { valueSites, dependsOnTime, checkTimeVaryingSupport } from './time-dependence';
export type { ValueSite, ValueRole } from './time-dependence';
export { createTimeMath } from './time-math';
export type { TimeMath } from './time-math';
export { timeVaryingSymbolic } from './time-varying-symbolic';
export type { TimeVaryingSymbolic, TimeVaryingSymbolicOptions, TimeVaryingSymbol } from './time-varying-symbolic';
export { formatTimeVarying, formatTimeVaryingSymbolic } from './format-time-varying';
