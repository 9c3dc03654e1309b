/**
 * The netlist reader and the structure on the diode ladder, timed from the first call of a fresh process (the
 * cold path of the `simulate` command) and on later calls: wall time and the main thread's CPU time (from
 * /proc/self/task/PID/schedstat on Linux, so that the compiler's and the collector's helper threads are not
 * counted; wall time only elsewhere). Bundle it to time it as the command runs it (tsx adds its own start-up):
 *
 *   npx esbuild benchmarks/src/nonlinear/read-cold.ts --bundle --platform=node --format=cjs --outfile=/tmp/read-cold.cjs
 *   node /tmp/read-cold.cjs [N] [calls]
 */
import { existsSync, readFileSync } from 'node:fs';
import { readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { diodeLadderNetlist } from './diode-ladder';

const N = Number(process.argv[2] ?? 10000);
const calls = Number(process.argv[3] ?? 1);
const text = diodeLadderNetlist(N, '/dev/null');
const stat = `/proc/self/task/${process.pid}/schedstat`;
const cpu = existsSync(stat) ? (): number => Number(readFileSync(stat, 'utf8').split(' ')[0]) / 1e6 : (): number => NaN;
for (let r = 0; r < calls; r++) {
  const c0 = cpu();
  const t0 = performance.now();
  const netlist = readSpiceNetlist(text);
  const c1 = cpu();
  const t1 = performance.now();
  analyzeStructure(netlist.description);
  const c2 = cpu();
  const t2 = performance.now();
  console.log(`read ${(t1 - t0).toFixed(1)} ms wall ${(c1 - c0).toFixed(1)} ms main-thread CPU; structure ${(t2 - t1).toFixed(1)} ms wall ${(c2 - c1).toFixed(1)} ms main-thread CPU`);
}
