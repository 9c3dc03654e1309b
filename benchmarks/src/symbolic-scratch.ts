import { readFileSync } from 'node:fs';
import { parseSystem } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, symbolicBackend } from '@sysgraph/formulation';
for (const name of ['rlc-series', 'motor-pump', 'cellier-gear', 'mass-spring-damper']) {
  const t0 = performance.now();
  const desc = parseSystem(JSON.parse(readFileSync(`examples/${name}.json`, 'utf8')));
  const st = analyzeStructure(desc);
  const sym = symbolicBackend(desc);
  const ss = formulate(st, sym.backend);
  console.log(name, (performance.now() - t0).toFixed(1), 'ms', ss.states, ss.inputs, ss.outputs, sym.variables.toArray());
  for (const k of ['A', 'B', 'C', 'D', 'E'] as const) console.log(k, JSON.stringify(ss[k].map((r) => r.map((x) => x.toString()))));
}
