import { generatorByName } from '../src/generators';
import { createSystemParser } from '@sysgraph/description';
import { buildLinearGraph, selectNormalTree, buildLoopMatrix, partitionLoopMatrix } from '@sysgraph/graph';
const [name, b] = [process.argv[2], Number(process.argv[3])];
const d = createSystemParser().parse(JSON.stringify(generatorByName(name).make(b)));
const acc = { graph: 0, tree: 0, loop: 0, part: 0 };
for (let r = 0; r < Number(process.env.R ?? 5); r++) {
  let t = performance.now();
  const lg = buildLinearGraph(d); acc.graph += performance.now() - t; t = performance.now();
  const tree = selectNormalTree(lg); acc.tree += performance.now() - t; t = performance.now();
  const loop = buildLoopMatrix(tree); acc.loop += performance.now() - t; t = performance.now();
  partitionLoopMatrix(loop, d); acc.part += performance.now() - t;
}
console.log(acc);
