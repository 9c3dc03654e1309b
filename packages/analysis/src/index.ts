export { poles } from './poles';
export { transferAt, dcGain } from './transfer-at';
export { frequencyResponse } from './frequency-response';
export type { FrequencyResponse } from './frequency-response';
export { complex, cabs, carg, csub, formatComplex } from './complex';
export type { Complex } from './complex';
export type { NumericModel } from './numeric-model';
