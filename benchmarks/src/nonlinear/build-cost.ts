/**
 * Build cost of the nonlinear path, in process: the diode ladder's netlist read, its structure analysed and its
 * network model built, each repeated; CPU time of the process (it includes V8's compiler and GC threads), the first,
 * cold, run apart and the median of the others.
 *
 *   npx tsx benchmarks/src/nonlinear/build-cost.ts [N] [repeats]
 */
import { readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { networkModel } from '@sysgraph/formulation';
import { diodeLadderNetlist } from './diode-ladder';

const N = Number(process.argv[2] ?? 10000);
const repeats = Number(process.argv[3] ?? 7);
const text = diodeLadderNetlist(N, '/dev/null');
const times = { read: [] as number[], structure: [] as number[], model: [] as number[] };
for (let r = 0; r < repeats; r++) {
  const t0 = cpuMs();
  const netlist = readSpiceNetlist(text);
  const t1 = cpuMs();
  const structure = analyzeStructure(netlist.description);
  const t2 = cpuMs();
  networkModel(structure);
  const t3 = cpuMs();
  times.read.push(t1 - t0);
  times.structure.push(t2 - t1);
  times.model.push(t3 - t2);
}
/** CPU time of this process (user + system, ms): on a shared machine it varies less than the wall clock. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
const median = (xs: number[]) => {
  const s = xs.slice(1).sort((a, b) => a - b);
  return s.length === 0 ? xs[0] : s[(s.length - 1) >> 1];
};
const line = (k: keyof typeof times) => `${k} cold ${times[k][0].toFixed(1)} ms, median ${median(times[k]).toFixed(1)} ms`;
console.log(`N = ${N}: ${line('read')}; ${line('structure')}; ${line('model')} (${((1000 * median(times.model)) / N).toFixed(1)} µs per law)`);
