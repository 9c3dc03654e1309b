import { generatorByName } from '../src/generators';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, sparseBackend } from '@sysgraph/formulation';
const [name, b] = [process.argv[2], Number(process.argv[3])];
const d = parseSystem(generatorByName(name).make(b));
const s = analyzeStructure(d);
for (let r = 0; r < 2; r++) {
gc!();
const h0 = process.memoryUsage().heapUsed;
const t = performance.now();
const m = formulate(s, sparseBackend(d.parameters));
const ms = performance.now() - t;
console.log(name, b, ms.toFixed(0), 'ms', m.states.length, m.descriptor.E.nnz, m.descriptor.A0.nnz, m.A.nnz, ((process.memoryUsage().heapUsed - h0) / 1e6).toFixed(0), 'MB');
}
