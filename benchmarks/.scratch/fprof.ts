import { generatorByName } from '../src/generators';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, sparseBackend } from '@sysgraph/formulation';
const d = parseSystem(generatorByName(process.argv[2]).make(Number(process.argv[3])));
const s = analyzeStructure(d);
const t = performance.now();
for (let r = 0; r < 3; r++) formulate(s, sparseBackend(d.parameters));
console.log((performance.now() - t) / 3);
