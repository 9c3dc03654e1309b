/**
 * In-process profile of one spice case: the pipeline from the netlist text, a warm-up, then REPEATS timed runs.
 * Run: node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx benchmarks/src/spice/profile-in-process.ts rc-ladder 10000 [solver]
 * Summarise: npx tsx benchmarks/src/tools/summarize-cpuprofile.ts /tmp/prof/FILE.cpuprofile
 */
import { createSystemParser } from '@sysgraph/description';
import { rcLadderNetwork } from './rc-ladder-network';
import { rcGridNetwork } from './rc-grid-network';
import { rlcLineNetwork } from './rlc-line-network';
import { runSysgraph } from './run-sysgraph';
import type { SolverName } from '@sysgraph/simulate';

const [family = 'rc-ladder', size = '10000', solver = 'auto', repeats = '5'] = process.argv.slice(2);
const make = { 'rc-ladder': rcLadderNetwork, 'rc-grid': rcGridNetwork, 'rlc-line': rlcLineNetwork }[family];
if (!make) throw new Error(`unknown family ${family}`);
const network = make(Number(size));
const parser = createSystemParser();
const settings = { rtol: 1e-6, atol: 1e-9, samples: 201, solver: solver as SolverName | 'auto', input: 'netlist' as const };
runSysgraph(network, settings, parser);
for (let r = 0; r < Number(repeats); r++) {
  const run = runSysgraph(network, settings, parser);
  console.log(`${family} ${size} ${run.solver}: simulate ${run.times.simulateMs.toFixed(1)} ms, total ${run.times.totalMs.toFixed(1)} ms, ${run.stats.steps} steps, ${run.stats.rejectedSteps} rejected, ${run.stats.factorizations} factorisations, ${run.stats.functionEvaluations} solves`);
}
