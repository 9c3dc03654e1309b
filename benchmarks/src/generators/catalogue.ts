/**
 * The generators by name, each sized by a target branch count (the benchmarks' x-axis): the section count or
 * grid side is the one whose branch count is nearest to the target.
 */
import type { RawSystem } from '@sysgraph/description';
import { lossyLine } from './lossy-line';
import { randomMultiDomain } from './random-multi-domain';
import { rcGrid } from './rc-grid';
import { rcLadder } from './rc-ladder';
import { rlcLadder } from './rlc-ladder';

export interface Generator {
  readonly name: string;
  /** How the branch count follows from the size parameter, in words. */
  readonly branches: string;
  /** The system whose branch count is nearest to `branches`. */
  make(branches: number): RawSystem;
}

/** The seed of the random network in every benchmark. */
const SEED = 20240501;

export const GENERATORS: readonly Generator[] = [
  { name: 'rlc-ladder', branches: '3N + 1', make: (b) => rlcLadder(Math.max(1, Math.round((b - 1) / 3))) },
  { name: 'rc-ladder', branches: '2N + 1', make: (b) => rcLadder(Math.max(1, Math.round((b - 1) / 2))) },
  { name: 'lossy-line', branches: '4N + 3', make: (b) => lossyLine(Math.max(1, Math.round((b - 3) / 4))) },
  // 3n² − 2n + 2 = b  ⇒  n = (2 + √(4 + 12(b − 2))) / 6
  { name: 'rc-grid', branches: '3n² − 2n + 2', make: (b) => rcGrid(Math.max(2, Math.round((2 + Math.sqrt(4 + 12 * (b - 2))) / 6))) },
  { name: 'random-multi-domain', branches: 'B', make: (b) => randomMultiDomain(Math.max(20, b), SEED) },
];

export function generatorByName(name: string): Generator {
  const g = GENERATORS.find((x) => x.name === name);
  if (!g) throw new RangeError(`no generator "${name}"; known: ${GENERATORS.map((x) => x.name).join(', ')}`);
  return g;
}
