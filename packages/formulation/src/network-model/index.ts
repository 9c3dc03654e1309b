export { networkModel } from './network-model';
export type { NetworkModel, NetworkModelOptions, NetworkModelResult, NetworkModelStats } from './network-model';
export { compileLaw, TapeLaw } from './law-tape';
export type { LawSite } from './law-tape';
export type { ScalarLaw } from './scalar-law';
