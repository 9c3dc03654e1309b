/**
 * The simulate stage alone, for tuning a solver: the network's model is built once from its netlist, then
 * simulate() runs `repeats` times with the benchmark's settings (rtol 1e-6, atol 1e-9, 201 samples, the probes
 * recorded); prints the median and quartiles of the runs after the first `warm`, the solver's counters, and for the
 * RC ladder the error against the exact modal solution relative to the peak:
 *   npx tsx benchmarks/src/tools/simulate-stage.ts rc-ladder 10000 [--repeats 30] [--warm 5] [--no-error]
 */
import { createSystemParser, readSpiceNetlist } from '@sysgraph/description';
import { analyzeStructure } from '@sysgraph/graph';
import { formulate, sparseBackend } from '@sysgraph/formulation';
import { toSimulationModel } from '@sysgraph/engine';
import { simulate } from '@sysgraph/simulate';
import type { LinearModel, SimulationResult } from '@sysgraph/simulate';
import { ladderModalReference } from '../spice/ladder-reference';
import { maxDeviation, peakOf } from '../spice/compare-traces';
import { sourceSignal } from '../spice/network-description';
import { GROUND } from '../spice/network';
import { SPICE_DEFAULTS, writeSpiceNetlist } from '../spice/spice-netlist';
import { toolArgs } from './tool-args';

const args = process.argv.slice(2);
const { family, size, repeats, warm, network } = toolArgs(args, 30);
const parser = createSystemParser();
const text = writeSpiceNetlist(network, SPICE_DEFAULTS, '/tmp/simulate-stage-probes.txt');
const description = readSpiceNetlist(text, { ground: GROUND, expressions: parser.expressions }).description;
const structure = analyzeStructure(description);
const model = toSimulationModel(formulate(structure, sparseBackend(description.parameters)), structure) as LinearModel;
const record = network.probes.map((p) => `v_C${p.capacitor}`);
const source = `${network.source.kind === 'voltage' ? 'V' : 'I'}${network.source.id}`;
const run = (): SimulationResult =>
  simulate(model, { tEnd: network.tEnd, solver: 'auto', inputs: { [source]: sourceSignal(network) }, rtol: 1e-6, atol: 1e-9, samples: 201, record });

// wall time and the process's CPU time (less sensitive to other processes on a shared machine)
const times: number[] = [];
const cpu: number[] = [];
let last: SimulationResult | undefined;
for (let r = 0; r < repeats; r++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  last = run();
  const c1 = process.cpuUsage(c0);
  times.push(performance.now() - t0);
  cpu.push((c1.user + c1.system) / 1000);
}
const quartiles = (xs: number[]) => {
  const kept = xs.slice(Math.min(warm, repeats - 1)).sort((a, b) => a - b);
  const q = (f: number) => kept[Math.min(kept.length - 1, Math.floor(f * kept.length))].toFixed(1);
  return `${q(0.5)} ms (quartiles ${q(0.25)}–${q(0.75)}, ${kept.length} runs)`;
};
console.log(`${family} ${size}: solver ${last!.solver}, simulate median ${quartiles(times)}; cpu ${quartiles(cpu)}`);
console.log(`stats ${JSON.stringify(last!.stats)}`);
if (family === 'rc-ladder' && !args.includes('--no-error')) {
  const probes = record.map((name) => last!.columns[last!.names.indexOf(name)]);
  const reference = ladderModalReference(network, last!.columns[0]);
  console.log(`error / peak ${maxDeviation(probes, reference, peakOf(reference)).toExponential(2)}`);
}
