import { GENERATORS } from '../src/generators';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure, signedNnz } from '@sysgraph/graph';
import { formulate, sparseBackend, numericBackend } from '@sysgraph/formulation';
for (const g of GENERATORS) {
  for (const B of [30, 1000]) {
    const sys = g.make(B);
    const d = parseSystem(sys);
    const s = analyzeStructure(d);
    const ss = formulate(s, sparseBackend(d.parameters));
    console.log(g.name, B, s.graph.branches.length, s.graph.nodeNames.length, signedNnz(s.loop.F), ss.states.length, s.tree.search, (ss.A as any).nnz, ss.diagnostics.length);
  }
}
