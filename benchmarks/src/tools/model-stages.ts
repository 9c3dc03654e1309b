/**
 * The model stages alone (analyzeStructure → formulate(sparseBackend) → toSimulationModel) on one description
 * read once from a spice-benchmark network's netlist, repeated; prints the median of each stage. For tuning and
 * profiling those stages without the reader and the solver in the profile:
 *   npx tsx benchmarks/src/tools/model-stages.ts rc-ladder 10000 [--repeats 40] [--warm 5]
 */
import { createSystemParser, readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, sparseBackend } from '@sysgraph/formulation';
import { toSimulationModel } from '@sysgraph/engine';
import { GROUND } from '../spice/network';
import { SPICE_DEFAULTS, writeSpiceNetlist } from '../spice/spice-netlist';
import { toolArgs } from './tool-args';

const args = process.argv.slice(2);
const { family, size, repeats, warm, network } = toolArgs(args, 40);
const parser = createSystemParser();
const description = readSpiceNetlist(writeSpiceNetlist(network, SPICE_DEFAULTS, '/tmp/unused.txt'), { ground: GROUND, expressions: parser.expressions }).description;
const times: number[][] = [[], [], []];
for (let r = 0; r < repeats; r++) {
  const t0 = performance.now();
  const structure = analyzeStructure(description);
  const t1 = performance.now();
  const ss = formulate(structure, sparseBackend(description.parameters));
  const t2 = performance.now();
  toSimulationModel(ss, structure);
  const t3 = performance.now();
  if (r >= warm) times.forEach((list, k) => list.push([t1 - t0, t2 - t1, t3 - t2][k]));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`${family} ${size}: structure ${median(times[0]).toFixed(2)} ms, formulate ${median(times[1]).toFixed(2)} ms, model ${median(times[2]).toFixed(2)} ms (median of ${times[0].length})`);
