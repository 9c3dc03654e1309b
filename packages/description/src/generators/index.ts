// Generators of standard test networks, as raw descriptions (the input of parseSystem): the subpath export
// @sysgraph/description/generators, shared by the tests of every package above and by the benchmarks.
export { rrcLadder } from './rrc-ladder';
export type { RrcLadderOptions } from './rrc-ladder';
