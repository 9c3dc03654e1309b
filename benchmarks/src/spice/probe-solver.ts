/**
 * One benchmark network through the sysgraph pipeline with a chosen solver, against its exact reference:
 * wall times per stage, solver statistics and the error relative to the peak (no ngspice). For tuning solvers.
 *
 * Run: npx tsx benchmarks/src/spice/probe-solver.ts rc-ladder|rc-grid|rlc-line SIZE [SOLVER] [--repeats R]
 *      (SIZE: sections N for rc-ladder and rlc-line, the side for rc-grid; SOLVER default auto)
 */
import { createSystemParser } from '@sysgraph/description';
import type { SolverName } from '@sysgraph/simulate';
import { formatStats } from '@sysgraph/simulate';
import { maxDeviation, peakOf, sampleTimes } from './compare-traces';
import { ladderModalReference } from './ladder-reference';
import { lineModalReference } from './line-reference';
import { nodalModalReference } from './nodal-reference';
import { rcGridNetwork } from './rc-grid-network';
import { rcLadderNetwork } from './rc-ladder-network';
import { rlcLineNetwork } from './rlc-line-network';
import { runSysgraph } from './run-sysgraph';
import { MAX_EIGEN_STATES } from './spice-cases';

const [family, sizeText, solverText] = process.argv.slice(2);
const k = process.argv.indexOf('--repeats');
const repeats = k > 0 ? Number(process.argv[k + 1]) : 3;
const size = Number(sizeText);
const network =
  family === 'rc-ladder' ? rcLadderNetwork(size) : family === 'rc-grid' ? rcGridNetwork(size) : rlcLineNetwork(size);
const solver = (solverText && !solverText.startsWith('--') ? solverText : 'auto') as SolverName | 'auto';
const parser = createSystemParser();
const settings = { rtol: 1e-6, atol: 1e-9, samples: 201, solver };
const runs = Array.from({ length: repeats }, () => runSysgraph(network, settings, parser));
const last = runs[runs.length - 1];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`${family} ${size}: ${network.states} states; solver ${last.solver} (${last.solverReason})`);
console.log(`  ${formatStats(last.stats)}`);
for (const key of ['parseMs', 'structureMs', 'formulateMs', 'modelMs', 'simulateMs', 'totalMs'] as const) {
  console.log(`  ${key.padEnd(12)} median ${median(runs.map((r) => r.times[key])).toFixed(1)} ms  (runs: ${runs.map((r) => r.times[key].toFixed(1)).join(', ')})`);
}
const times = sampleTimes(network.tEnd, 201);
const reference =
  family === 'rc-ladder'
    ? ladderModalReference(network, times)
    : family === 'rlc-line'
      ? lineModalReference(network, times)
      : network.states <= MAX_EIGEN_STATES
        ? nodalModalReference(network, times)
        : undefined;
if (reference) {
  const exact = reference;
  console.log(`  error / peak ${maxDeviation(last.probes, exact, peakOf(exact)).toExponential(2)}`);
}
