import { generatorByName } from '../src/generators';
import { createSystemParser } from '@sysgraph/description';
import { buildLinearGraph, selectNormalTree, buildLoopMatrix, partitionLoopMatrix } from '@sysgraph/graph';
const [name, b, stage] = [process.argv[2], Number(process.argv[3]), process.argv[4]];
const text = JSON.stringify(generatorByName(name).make(b));
const parser = createSystemParser();
parser.parse(text);
const t = performance.now();
for (let r = 0; r < Number(process.env.R ?? 2); r++) {
  const d = parser.parse(text);
  if (stage === 'parse') continue;
  const lg = buildLinearGraph(d);
  const tree = selectNormalTree(lg);
  const loop = buildLoopMatrix(tree);
  partitionLoopMatrix(loop, d);
}
console.log(performance.now() - t);
