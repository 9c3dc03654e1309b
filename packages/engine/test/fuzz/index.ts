/** The fuzzing generators, shared by the CI subset (this folder) and the benchmark run (benchmarks/src/fuzz). */
export { anyDescription, description, lawExpression, malformedDescription } from './fuzz-arbitraries';
export type { Json } from './fuzz-arbitraries';
export { anyNetlist, mutatedNetlist, netlist } from './fuzz-netlists';
