/**
 * The cold build and DC start of the nonlinear path, once per process (run it in a loop of fresh processes): the
 * diode ladder's netlist read and its structure analysed (untimed), then the first networkModel of the process and
 * the netlist's DC start on it (nonlinearNetlistStart, as `simulate` calls it), each timed by CPU time of the
 * process (user + system: it includes V8's compiler and GC threads, and varies less than the wall clock on shared
 * cores) and by wall time.
 *
 *   npx tsx benchmarks/src/nonlinear/build-cold.ts [N]
 */
import { readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { networkModel } from '@sysgraph/formulation';
import { nonlinearNetlistStart } from '@sysgraph/engine';
import { diodeLadderNetlist } from './diode-ladder';

const N = Number(process.argv[2] ?? 10000);
const structure = analyzeStructure(readSpiceNetlist(diodeLadderNetlist(N, '/dev/null')).description);
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const c0 = cpu();
const w0 = performance.now();
const { model } = networkModel(structure);
const c1 = cpu();
const w1 = performance.now();
const start = nonlinearNetlistStart(model as never, {}, { uic: false, initial: { nodes: [], elements: [] } } as never);
const c2 = cpu();
const w2 = performance.now();
console.log(
  `N = ${N}: build cold ${(c1 - c0).toFixed(1)} ms CPU (${(w1 - w0).toFixed(1)} wall); DC start ${(c2 - c1).toFixed(1)} ms CPU (${(w2 - w1).toFixed(1)} wall), ${Object.keys(start).length} named states`,
);
