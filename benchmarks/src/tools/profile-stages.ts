/**
 * Runs the structure stages of one generator repeatedly, for profiling, and prints the summed time of each
 * stage (parse, graph, tree, F, partition). Profile with:
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx benchmarks/src/tools/profile-stages.ts rlc-ladder 100000 5
 * then: npx tsx benchmarks/src/tools/summarize-cpuprofile.ts /tmp/prof/<file>.cpuprofile
 */
import { createSystemParser } from '@sysgraph/description';
import { buildLinearGraph, buildLoopMatrix, partitionLoopMatrix, selectNormalTree } from '@sysgraph/graph';
import { generatorByName } from '../generators/index';

const [name = 'rlc-ladder', size = '100000', repeats = '5'] = process.argv.slice(2);
const text = JSON.stringify(generatorByName(name).make(Number(size)));
const parser = createSystemParser();
const sum = { parse: 0, graph: 0, tree: 0, loop: 0, partition: 0 };
for (let r = 0; r < Number(repeats); r++) {
  let t = performance.now();
  const lap = (k: keyof typeof sum) => {
    const now = performance.now();
    sum[k] += now - t;
    t = now;
  };
  const d = parser.parse(text);
  lap('parse');
  const lg = buildLinearGraph(d);
  lap('graph');
  const tree = selectNormalTree(lg);
  lap('tree');
  const loop = buildLoopMatrix(tree);
  lap('loop');
  partitionLoopMatrix(loop, d);
  lap('partition');
}
console.log(`${name} ${size} × ${repeats}: ${Object.entries(sum).map(([k, ms]) => `${k} ${Math.round(ms)} ms`).join(', ')}`);
