import { readFileSync } from 'node:fs';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, symbolicBackend } from '@sysgraph/formulation';
import { symbolicTransfer, formatTransfer } from '@sysgraph/analysis';
for (let rep = 0; rep < 3; rep++)
for (const name of ['rlc-series', 'motor-pump', 'cellier-gear', 'mass-spring-damper']) {
  const t0 = performance.now();
  const desc = parseSystem(JSON.parse(readFileSync(`examples/${name}.json`, 'utf8')));
  const st = analyzeStructure(desc);
  const sym = symbolicBackend(desc);
  const ss = formulate(st, sym.backend);
  const t1 = performance.now();
  const h = symbolicTransfer(ss, sym.variables);
  const t2 = performance.now();
  formatTransfer(h);
  console.log(name, (t1 - t0).toFixed(1), (t2 - t1).toFixed(1), (performance.now() - t2).toFixed(1), 'ms');
}
